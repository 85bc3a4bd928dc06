import fc from 'fast-check'
import { erc20Abi, maxUint256, parseAbi, type Address, type Hex, type PublicClient } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { getBundle } from '../../service/getBundle.js'
import { getRoute } from '../../service/getRoute.js'
import { startServiceOnDevnet } from '../../service/testing/startServiceOnDevnet.js'
import type { RouteAnswer } from '../../service/types.js'
import { lidoAdapter } from './index.js'
import { loadLido } from './load.js'
import { revertDevnet } from '../../chain/devnet/revertDevnet.js'

/**
 * Issue 12 item 5, THREATS I1/K9: after every route or bundle our executor (and router) hold nothing —
 * no token the transaction touched, no ETH, and no stETH *shares* (a whole-balance stETH transfer can
 * leave one share behind, worth 1 wei or more). Each test starts from the fresh devnet state.
 */

const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const user: Address = '0x00000000000000000000000000000000000e0e01'
const stAbi = parseAbi(['function submit(address) payable returns (uint256)', 'function sharesOf(address) view returns (uint256)'])
const caller = { accountId: `0x${'e0'.repeat(32)}` as Hex, keyId: 'test' }

let s: Awaited<ReturnType<typeof startServiceOnDevnet>>
let snap: Hex
beforeAll(async () => {
  s = await startServiceOnDevnet()
  await s.chain.client.impersonateAccount({ address: user })
})
afterAll(async () => {
  await s?.stop()
})
beforeEach(async () => {
  snap = await s.chain.client.snapshot()
  await s.devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 21n })
})
afterEach(async () => {
  await revertDevnet(s.chain.client, snap)
})

const tok = (symbol: string) => s.chain.addressBook.tokens[symbol]!.address
const lido = () => s.chain.addressBook.lido!
const sy = () => s.chain.addressBook.switchyard! as unknown as { router: Address; executor: Address }
const balance = (token: Address, who: Address) =>
  token === NATIVE ? s.chain.client.getBalance({ address: who }) : s.chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })

async function mined(hash: Hex): Promise<void> {
  expect((await s.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
}

/** Gives the user `amount` of `symbol`: stETH by staking (its balances cannot be written), the rest by funding. */
async function fund(symbol: string, amount: bigint): Promise<void> {
  if (symbol === 'ETH') return
  if (symbol === 'stETH') {
    await mined(await s.chain.client.writeContract({ address: lido().stETH, abi: stAbi, functionName: 'submit', args: [user], value: amount + 10n, account: user, chain: s.chain.client.chain }))
    return
  }
  await s.devnet.fund({ chainId: 1, address: user, token: symbol, amount })
}

/**
 * The executor's and the router's holdings of every scenario token, ETH and stETH shares: all must be 0.
 * Returns the non-zero ones, so a failure names them.
 */
async function leftovers(): Promise<Record<string, string>> {
  const found: Record<string, string> = {}
  const { executor, router } = sy()
  for (const [who, at] of [['executor', executor], ['router', router]] as const) {
    for (const [symbol, t] of Object.entries(s.chain.addressBook.tokens)) {
      const b = await balance(t.address, at)
      if (b !== 0n) found[`${who} ${symbol}`] = b.toString()
    }
    const eth = await balance(NATIVE, at)
    if (eth !== 0n) found[`${who} ETH`] = eth.toString()
    const shares = await s.chain.client.readContract({ address: lido().stETH, abi: stAbi, functionName: 'sharesOf', args: [at] })
    if (shares !== 0n) found[`${who} stETH shares`] = shares.toString()
  }
  return found
}

/** Routes `amountIn` of `a` to `b` for the user, executes it, and returns the answer and the user's gain of `b`. */
async function execute(a: string, b: string, amountIn: bigint, ignoreStandards?: string[]): Promise<{ answer: RouteAnswer; delta: bigint }> {
  const tokenIn = a === 'ETH' ? NATIVE : tok(a)
  const tokenOut = b === 'ETH' ? NATIVE : tok(b)
  await fund(a, amountIn)
  if (tokenIn !== NATIVE) await mined(await s.chain.client.writeContract({ address: tokenIn, abi: erc20Abi, functionName: 'approve', args: [sy().router, maxUint256], account: user, chain: s.chain.client.chain }))
  const answer = await getRoute(s.ctx, { fromAddress: user, tokenIn: [tokenIn], tokenOut: [tokenOut], amountIn: [amountIn.toString()], ...(ignoreStandards ? { ignoreStandards } : {}) }, { caller, requireVariableEstimates: false })
  const before = await balance(tokenOut, user)
  const hash = await s.chain.client.sendTransaction({ account: user, to: answer.tx.to as Address, data: answer.tx.data, value: BigInt(answer.tx.value), gas: 5_000_000n, chain: s.chain.client.chain })
  const receipt = await s.chain.client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  // ETH out: the user also paid the gas (and the value, which is not an input here).
  const paid = tokenOut === NATIVE ? receipt.gasUsed * receipt.effectiveGasPrice + (tokenIn === NATIVE ? amountIn : 0n) : 0n
  return { answer, delta: (await balance(tokenOut, user)) - before + paid }
}

describe('the executor ends every lido route holding nothing', () => {
  test.each([
    // The case that failed: the first ETH → stETH route on a fresh devnet left one stETH share (1 wei).
    ['ETH', 'stETH', 10n ** 18n, ['lido']],
    ['WETH', 'stETH', 3n * 10n ** 18n + 12_345n, ['lido']],
    ['USDC', 'stETH', 9_000n * 10n ** 6n, ['lido']],
    ['stETH', 'wstETH', 2n * 10n ** 18n + 7n, ['lido']],
    // Out of stETH: wrap, then the wstETH/WETH Uniswap V3 pool.
    ['stETH', 'USDC', 10n ** 18n, ['lido', 'uniswap-v3']],
    // Staking + wrapping compete with the wstETH/WETH pool (the pool wins on this scenario); the forced
    // stake → wrap path is its own test below.
    ['WETH', 'wstETH', 7n * 10n ** 18n, []],
  ] as const)('%s → %s', async (a, b, amountIn, protocols) => {
    // Through Lido itself: the Curve ETH/stETH pool (which pays more stETH per ETH) is left out.
    const { answer, delta } = await execute(a, b, amountIn, (protocols as readonly string[]).includes('lido') ? ['curve'] : undefined)
    for (const p of protocols) expect(answer.route.map((r) => r.protocol)).toContain(p)
    // Simulated on the block it is mined after, with nothing else moving: exact to the wei.
    expect(delta, `${a} → ${b}`).toBe(BigInt(answer.amountOut))
    expect(await leftovers()).toEqual({})
  })

  test('ETH → stETH on a fresh devnet: the receiver gets exactly the engine\'s stake quote (all minted shares delivered)', async () => {
    const client = s.chain.client as unknown as PublicClient
    const [staking] = await loadLido({ client, book: s.chain.addressBook }, { blockNumber: await client.getBlockNumber() })
    const amountIn = 10n ** 18n + 1n
    const quoted = lidoAdapter.quote(staking!, { edge: lidoAdapter.getEdges(staking!)[0]!, amountIn })
    // Staking only (the pools may pay more through wstETH and an unwrap).
    const { answer, delta } = await execute('ETH', 'stETH', amountIn, ['uniswap-v2', 'uniswap-v3', 'balancer-v2', 'curve'])
    expect(answer.route.map((r) => r.action).filter((a) => a !== 'deposit')).toEqual(['stake'])
    expect(delta).toBe(quoted)
    expect(BigInt(answer.amountOut)).toBe(quoted)
    expect(await leftovers()).toEqual({})
  })

  test('stETH as an intermediate (WETH → stake → wrap → wstETH): the share the wrap rounds off is refunded', async () => {
    const { answer, delta } = await execute('WETH', 'wstETH', 5n * 10n ** 18n + 999n, ['uniswap-v2', 'uniswap-v3', 'balancer-v2', 'curve'])
    expect(answer.route.map((r) => r.action)).toEqual(['stake', 'wrap'])
    expect(delta).toBe(BigInt(answer.amountOut))
    expect(await leftovers()).toEqual({})
  })

  test('the executor stays empty over consecutive stETH routes (dust would pile up and change later quotes)', async () => {
    for (const [a, b, amountIn] of [['ETH', 'stETH', 10n ** 18n + 1n], ['ETH', 'stETH', 333n * 10n ** 15n], ['stETH', 'USDC', 5n * 10n ** 17n]] as const) {
      const { answer, delta } = await execute(a, b, amountIn)
      expect(delta).toBe(BigInt(answer.amountOut))
      expect(await leftovers(), `${a} → ${b}`).toEqual({})
    }
  })

  test('a bundle with a lido deposit (ETH → stETH, then that stETH → wstETH) leaves nothing behind', async () => {
    const bundle = (actions: unknown[]) => getBundle(s.ctx, { params: { chainId: 1, fromAddress: user }, actions }, { caller })
    const send = async (answer: Awaited<ReturnType<typeof bundle>>) => {
      for (const a of answer.approvals) await mined(await s.chain.client.sendTransaction({ account: user, to: a.to as Address, data: a.data, chain: s.chain.client.chain }))
      await mined(await s.chain.client.sendTransaction({ account: user, to: answer.tx.to as Address, data: answer.tx.data, value: BigInt(answer.tx.value), gas: BigInt(answer.gas), chain: s.chain.client.chain }))
    }
    const staking = await bundle([{ protocol: 'lido', action: 'deposit', args: { tokenIn: NATIVE, amountIn: (10n ** 18n).toString(), primaryAddress: tok('stETH') } }])
    const before = await balance(tok('stETH'), user)
    await send(staking)
    expect((await balance(tok('stETH'), user)) - before).toBe(BigInt(staking.amountsOut[tok('stETH')]!))
    expect(await leftovers()).toEqual({})

    const both = await bundle([
      { protocol: 'lido', action: 'deposit', args: { tokenIn: NATIVE, amountIn: (10n ** 18n + 3n).toString(), primaryAddress: tok('stETH') } },
      { protocol: 'lido', action: 'deposit', args: { tokenIn: tok('stETH'), amountIn: { useOutputOfCallAt: 0 }, primaryAddress: tok('wstETH') } },
    ])
    const wstBefore = await balance(tok('wstETH'), user)
    await send(both)
    expect((await balance(tok('wstETH'), user)) - wstBefore).toBe(BigInt(both.amountsOut[tok('wstETH')]!))
    expect(await leftovers()).toEqual({})
  })

  // Known gap (reported with issue 12 item 5): a bundle sweeps only the tokens its actions spend or
  // produce (buildBundlePlan), so stETH that exists only inside one action's route (stake, then wrap)
  // keeps the share the wrap rounds off. The fix is for buildBundlePlan to also sweep
  // `planner.tokensWithSweep` to the refund receiver, as planRoute does; then drop `.fails`.
  test('a bundle route through stETH (stake, then wrap inside one enso route action) leaves nothing behind', async () => {
    const routed = await getBundle(s.ctx, {
      params: { chainId: 1, fromAddress: user },
      actions: [{ protocol: 'enso', action: 'route', args: { tokenIn: NATIVE, tokenOut: tok('wstETH'), amountIn: (2n * 10n ** 18n + 5n).toString(), ignoreStandards: ['uniswap-v2', 'uniswap-v3', 'balancer-v2', 'curve'] } }],
    }, { caller })
    expect(routed.route.map((r) => r.action)).toEqual(['stake', 'wrap'])
    await mined(await s.chain.client.sendTransaction({ account: user, to: routed.tx.to as Address, data: routed.tx.data, value: BigInt(routed.tx.value), gas: BigInt(routed.gas), chain: s.chain.client.chain }))
    expect(await leftovers()).toEqual({})
  })
})

describe('property: random pairs of scenario tokens leave the executor empty', () => {
  test('a handful of random pairs (fixed seed) route, execute and leave nothing in the executor or router', async () => {
    const amounts: Record<string, bigint> = { USDC: 2_000n * 10n ** 6n, USDT: 2_000n * 10n ** 6n, WBTC: 3_000_000n }
    // Inputs: what the user can be given (aTokens' balances are computed, not stored, so they cannot be
    // funded); outputs: every scenario token, aTokens and stETH included. The fee-on-transfer token is
    // left out: its taxed amounts are another issue's subject (THREATS K7/K8).
    const aTokens = new Set((s.chain.addressBook.aaveV3?.reserves ?? []).map((r) => r.aToken.toLowerCase()))
    const tokens = Object.entries(s.chain.addressBook.tokens).filter(([, t]) => t.kind !== 'feeOnTransfer')
    const outs = ['ETH', ...tokens.map(([sym]) => sym)].sort()
    const ins = ['ETH', ...tokens.filter(([, t]) => !aTokens.has(t.address.toLowerCase())).map(([sym]) => sym)].sort()
    const seed = 125
    const pairs = fc.sample(fc.tuple(fc.constantFrom(...ins), fc.constantFrom(...outs)).filter(([a, b]) => a !== b), { seed, numRuns: 8 })
    console.log(`executorEndsEmpty seed=${seed}: ${pairs.map(([a, b]) => `${a}→${b}`).join(', ')}`)
    let executed = 0
    for (const [a, b] of pairs) {
      const decimals = a === 'ETH' ? 18 : s.chain.addressBook.tokens[a]!.decimals
      const amountIn = amounts[a] ?? 10n ** BigInt(decimals) + 12_345n
      const id = await s.chain.client.snapshot()
      try {
        const { answer, delta } = await execute(a, b, amountIn).catch((error: unknown) => {
          if (error instanceof Error && /Could not build shortcuts for route/.test(error.message)) return { answer: undefined, delta: 0n }
          throw error
        })
        if (answer === undefined) continue
        executed++
        // stETH moves by shares: the receiver's change may differ from the simulation by the documented 1–2 wei.
        const slack = b === 'stETH' ? 2n : 0n
        const diff = delta - BigInt(answer.amountOut)
        expect(diff >= -slack && diff <= slack, `seed ${seed} ${a} → ${b}: ${diff}`).toBe(true)
        expect(await leftovers(), `seed ${seed} ${a} → ${b}`).toEqual({})
      } finally {
        await revertDevnet(s.chain.client, id)
      }
    }
    expect(executed).toBeGreaterThanOrEqual(4)
  })
})
