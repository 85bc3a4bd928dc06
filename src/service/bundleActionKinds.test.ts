import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { statusOf } from '../errors/status.js'
import { useBundleHarness } from './testing/startBundleHarness.js'
import type { BundleAnswer } from './types.js'

/**
 * The building-block bundle actions (enso, math, helpers), each executed on the devnet: balances move
 * as `amountsOut` says, and `actionOutputs` (read back from the final weiroll state of the simulation)
 * match what happened on chain.
 */

const user: Address = '0x00000000000000000000000000000000000ac701'
const other: Address = '0x00000000000000000000000000000000000ac702'
const another: Address = '0x00000000000000000000000000000000000ac703'
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const ONE_ETH = 10n ** 18n

const h = useBundleHarness(user)

const ref = (at: number, index?: number) => (index === undefined ? { useOutputOfCallAt: at } : { useOutputOfCallAt: at, index })
const outputs = (answer: BundleAnswer) => answer.actionOutputs!.map((values) => values.map(BigInt))
/** `enso route` of 1 ETH to `tokenOut`, with extra route arguments. */
const routeEthTo = (tokenOut: Address, extra: Record<string, unknown> = {}) => ({ protocol: 'enso', action: 'route', args: { tokenIn: NATIVE, tokenOut, amountIn: ONE_ETH.toString(), ...extra } })

/** Runs `send` and returns how much each (token, account) pair gained, in order. */
async function gains<const P extends readonly (readonly [Address, Address])[]>(pairs: P, send: () => Promise<void>): Promise<{ -readonly [K in keyof P]: bigint }> {
  const before = await Promise.all(pairs.map(([t, who]) => h.balance(t, who)))
  await send()
  return (await Promise.all(pairs.map(async ([t, who], i) => (await h.balance(t, who)) - before[i]!))) as { -readonly [K in keyof P]: bigint }
}

describe('enso actions, executed', () => {
  test('split routes half of 1 ETH to USDC and half to DAI: each output is what the EOA received', async () => {
    const answer = await h.bundle({ fromAddress: user }, [{ protocol: 'enso', action: 'split', args: { tokenIn: NATIVE, tokenOut: [h.tok('USDC'), h.tok('DAI')], amountIn: ONE_ETH.toString() } }])
    expect(answer.tx.value).toBe(ONE_ETH.toString())
    const [usdc, dai] = await gains([[h.tok('USDC'), user], [h.tok('DAI'), user]], () => h.sendAsEoa(answer))
    expect(usdc).toBeGreaterThan(1_000n * 10n ** 6n)
    expect(dai).toBeGreaterThan(1_000n * 10n ** 18n)
    expect([usdc, dai]).toEqual([BigInt(answer.amountsOut[h.tok('USDC')]!), BigInt(answer.amountsOut[h.tok('DAI')]!)])
    expect(outputs(answer)).toEqual([[usdc, dai]])
  })

  test('merge routes 1500 USDC and 1500 DAI into WETH: the output is the WETH the EOA received', async () => {
    await h.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 1_500n * 10n ** 6n })
    await h.devnet.fund({ chainId: 1, address: user, token: 'DAI', amount: 1_500n * 10n ** 18n })
    const answer = await h.bundle({ fromAddress: user }, [
      { protocol: 'enso', action: 'merge', args: { tokenIn: [h.tok('USDC'), h.tok('DAI')], tokenOut: h.tok('WETH'), amountIn: ['1500000000', (1_500n * 10n ** 18n).toString()] } },
    ])
    expect(answer.approvals.map((a) => a.token).sort()).toEqual([h.tok('USDC'), h.tok('DAI')].sort())
    const [weth, usdc, dai] = await gains([[h.tok('WETH'), user], [h.tok('USDC'), user], [h.tok('DAI'), user]], () => h.sendAsEoa(answer))
    expect([usdc, dai]).toEqual([-1_500n * 10n ** 6n, -1_500n * 10n ** 18n])
    expect(weth).toBeGreaterThan(ONE_ETH / 2n)
    expect(weth).toBe(BigInt(answer.amountsOut[h.tok('WETH')]!))
    expect(outputs(answer)).toEqual([[weth]])
  })

  test('balance reads the wallet\'s whole USDC at execution and routes it to WETH: the wallet ends with no USDC', async () => {
    const wallet = await h.createWallet()
    await h.devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 2_000n * 10n ** 6n })
    const answer = await h.bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'enso', action: 'balance', args: { token: h.tok('USDC') } },
      { protocol: 'enso', action: 'route', args: { tokenIn: h.tok('USDC'), tokenOut: h.tok('WETH'), amountIn: ref(0) } },
    ])
    const [usdc, weth] = await gains([[h.tok('USDC'), wallet], [h.tok('WETH'), wallet]], () => h.sendThroughWallet(wallet, answer))
    expect(usdc).toBe(-2_000n * 10n ** 6n)
    expect(weth).toBe(BigInt(answer.amountsOut[h.tok('WETH')]!))
    expect(outputs(answer)).toEqual([[2_000n * 10n ** 6n], [weth]])
  })

  test('minamountout below the routed output passes it through unchanged', async () => {
    const answer = await h.bundle({ fromAddress: user }, [routeEthTo(h.tok('USDC')), { protocol: 'enso', action: 'minamountout', args: { amountOut: ref(0), minAmountOut: '2000000000' } }])
    const [usdc] = await gains([[h.tok('USDC'), user]], () => h.sendAsEoa(answer))
    expect(usdc).toBe(BigInt(answer.amountsOut[h.tok('USDC')]!))
    expect(outputs(answer)).toEqual([[usdc], [usdc]])
  })

  test('an unreachable minimum, as minamountout or as route minAmountOut, is a 400 SIMULATION_REVERTED naming MinAmountOutNotMet', async () => {
    expect(statusOf('SIMULATION_REVERTED').http).toBe(400)
    const viaAction = h.bundle({ fromAddress: user }, [routeEthTo(h.tok('USDC')), { protocol: 'enso', action: 'minamountout', args: { amountOut: ref(0), minAmountOut: '100000000000' } }])
    await expect(viaAction).rejects.toMatchObject({ code: 'SIMULATION_REVERTED', reason: expect.stringContaining('MinAmountOutNotMet') })
    const viaRoute = h.bundle({ fromAddress: user }, [routeEthTo(h.tok('USDC'), { minAmountOut: '4000000000' })])
    await expect(viaRoute).rejects.toMatchObject({ code: 'SIMULATION_REVERTED', reason: expect.stringContaining('MinAmountOutNotMet') })
  })

  test('fee of 30 bps on a routed output: the fee receiver gets exactly floor(out × 30 / 10000), the EOA the rest', async () => {
    const answer = await h.bundle({ fromAddress: user }, [routeEthTo(h.tok('USDC')), { protocol: 'enso', action: 'fee', args: { token: h.tok('USDC'), amount: ref(0), bps: '30', receiver: other } }])
    const [toUser, toFee] = await gains([[h.tok('USDC'), user], [h.tok('USDC'), other]], () => h.sendAsEoa(answer))
    const [[routed], [left]] = outputs(answer) as [[bigint], [bigint]]
    expect(toFee).toBe((routed * 30n) / 10_000n)
    expect(toFee).toBeGreaterThan(0n)
    expect(toUser).toBe(left)
    expect(left).toBe(routed - toFee)
    expect(toUser + toFee).toBe(BigInt(answer.amountsOut[h.tok('USDC')]!))
  })

  test('ensofee takes nothing: its output is its input and the EOA receives the whole routed amount', async () => {
    const answer = await h.bundle({ fromAddress: user }, [routeEthTo(h.tok('USDC')), { protocol: 'enso', action: 'ensofee', args: { token: h.tok('USDC'), amount: ref(0), bps: '25' } }])
    const [usdc] = await gains([[h.tok('USDC'), user]], () => h.sendAsEoa(answer))
    expect(outputs(answer)).toEqual([[usdc], [usdc]])
    expect(usdc).toBe(BigInt(answer.amountsOut[h.tok('USDC')]!))
  })

  test('call of a view (ERC-4626 convertToShares) feeds math: outputs match the vault read on chain', async () => {
    const vault = h.chain.addressBook.erc4626!.vaults.find((v) => v.asset === h.tok('USDC'))!.address
    const abi = 'function convertToShares(uint256 assets) view returns (uint256)'
    const answer = await h.bundle({ fromAddress: user }, [
      { protocol: 'enso', action: 'call', args: { address: vault, method: 'convertToShares', abi, args: ['1000000000'] } },
      { protocol: 'math', action: 'div', args: { amountA: ref(0), amountB: '2' } },
    ])
    await h.sendAsEoa(answer)
    const shares = await h.chain.client.readContract({ address: vault, abi: [{ type: 'function', name: 'convertToShares', stateMutability: 'view', inputs: [{ type: 'uint256' }], outputs: [{ type: 'uint256' }] }], functionName: 'convertToShares', args: [1_000_000_000n] })
    // The vault yields (share price 1.042), so shares are fewer than assets.
    expect(shares).toBeLessThan(1_000_000_000n)
    expect(outputs(answer)).toEqual([[shares], [shares / 2n]])
  })

  test('call of WETH.deposit() with value: tx.value carries the ETH and the EOA receives exactly that WETH', async () => {
    const answer = await h.bundle({ fromAddress: user }, [
      { protocol: 'enso', action: 'call', args: { address: h.tok('WETH'), method: 'deposit', abi: 'function deposit() payable', args: [], value: ONE_ETH.toString(), tokenOut: h.tok('WETH') } },
    ])
    expect(answer.tx.value).toBe(ONE_ETH.toString())
    const [weth] = await gains([[h.tok('WETH'), user]], () => h.sendAsEoa(answer))
    expect(weth).toBe(ONE_ETH)
    expect(answer.amountsOut[h.tok('WETH')]).toBe(ONE_ETH.toString())
    expect(outputs(answer)).toEqual([[]])
  })

  test('route with fee 50 bps: the fee receiver gets exactly 5 of 1000 USDC, and 995 USDC are routed to WETH', async () => {
    await h.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 1_000n * 10n ** 6n })
    const answer = await h.bundle({ fromAddress: user }, [
      { protocol: 'enso', action: 'route', args: { tokenIn: h.tok('USDC'), tokenOut: h.tok('WETH'), amountIn: '1000000000', fee: '50', feeReceiver: other } },
    ])
    const [usdc, fee, weth] = await gains([[h.tok('USDC'), user], [h.tok('USDC'), other], [h.tok('WETH'), user]], () => h.sendAsEoa(answer))
    expect(usdc).toBe(-1_000_000_000n)
    expect(fee).toBe(5_000_000n)
    const routed = answer.route.filter((step) => step.tokenIn[0] === h.tok('USDC')).reduce((sum, step) => sum + BigInt(step.amountIn!), 0n)
    expect(routed).toBe(995_000_000n)
    expect(weth).toBe(BigInt(answer.amountsOut[h.tok('WETH')]!))
    expect(outputs(answer)).toEqual([[weth]])
  })

  test('route with a reachable minAmountOut executes and delivers at least that minimum', async () => {
    const answer = await h.bundle({ fromAddress: user }, [routeEthTo(h.tok('USDC'), { minAmountOut: '2500000000' })])
    const [usdc] = await gains([[h.tok('USDC'), user]], () => h.sendAsEoa(answer))
    expect(usdc).toBeGreaterThanOrEqual(2_500_000_000n)
    expect(usdc).toBe(BigInt(answer.amountsOut[h.tok('USDC')]!))
    expect(outputs(answer)).toEqual([[usdc]])
  })
})

describe('math and helpers actions, executed', () => {
  test('add, sub, mul, div, min, max on a routed output; sub feeds a transfer of that exact amount', async () => {
    const [a, b] = [ref(0), '1000000']
    const answer = await h.bundle({ fromAddress: user }, [
      routeEthTo(h.tok('USDC')),
      ...['add', 'sub', 'mul', 'div', 'min', 'max'].map((action) => ({ protocol: 'math', action, args: action === 'mul' || action === 'div' ? { amountA: a, amountB: '3' } : { amountA: a, amountB: b } })),
      { protocol: 'erc20', action: 'transfer', args: { token: h.tok('USDC'), receiver: other, amount: ref(2) } },
    ])
    const [toUser, toOther] = await gains([[h.tok('USDC'), user], [h.tok('USDC'), other]], () => h.sendAsEoa(answer))
    const r = toUser + toOther
    expect(r).toBe(BigInt(answer.amountsOut[h.tok('USDC')]!))
    expect(outputs(answer)).toEqual([[r], [r + 1_000_000n], [r - 1_000_000n], [r * 3n], [r / 3n], [1_000_000n], [r], [r - 1_000_000n]])
    expect(toOther).toBe(r - 1_000_000n)
    expect(toUser).toBe(1_000_000n)
  })

  test('comparisons, not and a passing check evaluate on the routed output at execution', async () => {
    const cmp = (action: string, amountA: unknown, amountB: unknown) => ({ protocol: 'helpers', action, args: { amountA, amountB } })
    const answer = await h.bundle({ fromAddress: user }, [
      routeEthTo(h.tok('USDC')),
      cmp('isequal', ref(0), ref(0)),
      cmp('islessthan', ref(0), ref(0)),
      cmp('isequalorlessthan', ref(0), ref(0)),
      cmp('isgreaterthan', ref(0), '1'),
      cmp('isequalorgreaterthan', '1', ref(0)),
      { protocol: 'helpers', action: 'not', args: { condition: ref(5) } },
      { protocol: 'helpers', action: 'check', args: { condition: ref(6) } },
    ])
    const [usdc] = await gains([[h.tok('USDC'), user]], () => h.sendAsEoa(answer))
    expect(usdc).toBe(BigInt(answer.amountsOut[h.tok('USDC')]!))
    expect(outputs(answer)).toEqual([[usdc], [1n], [0n], [1n], [1n], [0n], [1n], []])
  })

  test('a check on a false condition makes the bundle SIMULATION_REVERTED with CheckFailed', async () => {
    const failing = h.bundle({ fromAddress: user }, [
      routeEthTo(h.tok('USDC')),
      { protocol: 'helpers', action: 'islessthan', args: { amountA: ref(0), amountB: '1' } },
      { protocol: 'helpers', action: 'check', args: { condition: ref(1) } },
    ])
    await expect(failing).rejects.toMatchObject({ code: 'SIMULATION_REVERTED', reason: expect.stringContaining('CheckFailed') })
  })

  test('toggle picks its amount when the same calldata executes: amountB while a watched balance is 0, amountA after it is funded', async () => {
    const answer = await h.bundle({ fromAddress: user }, [
      routeEthTo(h.tok('USDC')),
      { protocol: 'enso', action: 'balance', args: { token: h.tok('USDC'), account: another } },
      { protocol: 'helpers', action: 'isgreaterthan', args: { amountA: ref(1), amountB: '0' } },
      { protocol: 'helpers', action: 'toggle', args: { condition: ref(2), amountA: '2000000', amountB: '1000000' } },
      { protocol: 'erc20', action: 'transfer', args: { token: h.tok('USDC'), receiver: other, amount: ref(3) } },
    ])
    expect(outputs(answer).slice(1)).toEqual([[0n], [0n], [1_000_000n], [1_000_000n]])
    const [first] = await gains([[h.tok('USDC'), other]], () => h.sendAsEoa(answer))
    expect(first).toBe(1_000_000n)
    await h.devnet.fund({ chainId: 1, address: another, token: 'USDC', amount: 1n })
    // The same calldata again, on purpose on another state than the one simulated: sent as a copy, whose
    // outputs the harness does not hold against the chain's (they differ, which is the point).
    const [second] = await gains([[h.tok('USDC'), other]], () => h.sendAsEoa({ ...answer }))
    expect(second).toBe(2_000_000n)
  })
})
