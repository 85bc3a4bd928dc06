/**
 * `getBundle` on the devnet, its answers executed for real: router bundles sent by an EOA (swaps, routes,
 * math and transfers wired to earlier outputs, fee-on-transfer inputs), references wired at execution time,
 * single flight, values only execution knows, the referral code, refusals before any build and the plan's
 * deadline. Delegate bundles through a smart wallet are in `getBundleDelegate.test.ts`, Uniswap V3
 * positions in `getBundleUniswapV3Positions.test.ts`.
 */
import { erc20Abi, parseAbi, parseEventLogs, type Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { switchyardExecutorAbi } from '../contracts/generated/abis.js'
import { parseRequestId } from '../encoding/requestId.js'
import { sendAtTimestamp } from './testing/sendAtTimestamp.js'
import { revertDevnet } from '../chain/devnet/revertDevnet.js'
import { useGetBundleTestbed } from './testing/useGetBundleTestbed.js'

const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

const testbed = useGetBundleTestbed()
const { user, other, caller, tok, balance, bundle, mined, sendAsEoa, createWallet, sendThroughWallet } = testbed

describe('bundles under the router strategy, executed by an EOA', () => {
  test('uniswap-v2 swap then a slippage check on its output: the receiver gets exactly amountsOut; gas works as the limit', async () => {
    const amountIn = 3_000n * 10n ** 6n
    await testbed.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: amountIn })
    const answer = await bundle({ fromAddress: user, receiver: other }, [
      { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('USDC'), tokenOut: tok('WETH'), amountIn: amountIn.toString(), primaryAddress: testbed.chain.addressBook.uniswapV2.router02 } },
      { protocol: 'enso', action: 'slippage', args: { bps: '100', amountOut: { useOutputOfCallAt: 0 } } },
    ])
    expect(answer.tx.to).toBe(testbed.chain.addressBook.switchyard!.router)
    expect(answer.approvals.map((a) => a.token)).toEqual([tok('USDC')])
    expect(answer.route.map((s) => s.protocol)).toEqual(['uniswap-v2'])
    const before = await balance(tok('WETH'), other)
    await sendAsEoa(answer)
    const delta = (await balance(tok('WETH'), other)) - before
    expect(delta).toBeGreaterThan(0n)
    expect(delta).toBe(BigInt(answer.amountsOut[tok('WETH')]!))
    expect(delta).toBeGreaterThanOrEqual(BigInt(answer.minAmountsOut[tok('WETH')]!))
    const sy = testbed.chain.addressBook.switchyard!
    for (const t of [tok('USDC'), tok('WETH')]) expect(await balance(t, sy.executor as Address)).toBe(0n)
  })

  test('enso route, math on its output, then a transfer of part of it: references wire amounts at execution time', async () => {
    const amountIn = 2n * 10n ** 18n
    const answer = await bundle({ fromAddress: user }, [
      { protocol: 'enso', action: 'route', args: { tokenIn: NATIVE, tokenOut: tok('USDC'), amountIn: amountIn.toString() } },
      { protocol: 'math', action: 'div', args: { amountA: { useOutputOfCallAt: 0 }, amountB: '4' } },
      { protocol: 'erc20', action: 'transfer', args: { token: tok('USDC'), receiver: other, amount: { useOutputOfCallAt: 1 } } },
    ])
    expect(answer.tx.value).toBe(amountIn.toString())
    const [userBefore, otherBefore] = [await balance(tok('USDC'), user), await balance(tok('USDC'), other)]
    await sendAsEoa(answer)
    const toOther = (await balance(tok('USDC'), other)) - otherBefore
    const toUser = (await balance(tok('USDC'), user)) - userBefore
    expect(toOther + toUser).toBe(BigInt(answer.amountsOut[tok('USDC')]!))
    expect(toOther).toBe((toOther + toUser) / 4n)
    // Every action's output, read back from the final weiroll state of the simulation.
    expect(answer.actionOutputs).toEqual([[(toOther + toUser).toString()], [toOther.toString()], [toOther.toString()]])
  })
})

test('router: a fee-on-transfer token pulled as an input is spent as it arrived (1 % less), in a route and a pool swap; the receiver gets exactly amountsOut', async () => {
  // The router pulls what the actions spend, the tax burns 1 % on the way into our executor, and the
  // last spend of the token asked for more than arrived: every such bundle used to be a 400.
  const sy = testbed.chain.addressBook.switchyard!
  for (const actions of [
    [{ protocol: 'enso', action: 'route', args: { tokenIn: tok('FOT'), tokenOut: tok('WETH'), amountIn: (1_000n * 10n ** 18n).toString() } }],
    [
      { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('FOT'), tokenOut: tok('WETH'), amountIn: (400n * 10n ** 18n).toString(), primaryAddress: testbed.chain.addressBook.uniswapV2.router02 } },
      { protocol: 'enso', action: 'route', args: { tokenIn: tok('FOT'), tokenOut: tok('USDC'), amountIn: (600n * 10n ** 18n).toString() } },
    ],
  ]) {
    await testbed.devnet.fund({ chainId: 1, address: user, token: 'FOT', amount: 1_000n * 10n ** 18n })
    const answer = await bundle({ fromAddress: user, receiver: other }, actions)
    expect(answer.approvals.map((a) => a.token)).toEqual([tok('FOT')])
    const outs = Object.keys(answer.amountsOut) as Address[]
    const before = await Promise.all(outs.map((t) => balance(t, other)))
    const fotBefore = await balance(tok('FOT'), user)
    await sendAsEoa(answer)
    for (const [i, t] of outs.entries()) expect((await balance(t, other)) - before[i]!, t).toBe(BigInt(answer.amountsOut[t]!))
    expect(BigInt(answer.amountsOut[tok('WETH')]!)).toBeGreaterThan(0n)
    expect(fotBefore - (await balance(tok('FOT'), user))).toBe(1_000n * 10n ** 18n)
    for (const t of [tok('FOT'), tok('WETH'), tok('USDC')]) expect(await balance(t, sy.executor as Address)).toBe(0n)
  }
})

test("erc20 transfer with the ERC-721 form's tokenId (the vendor's sample sends one): tokenId is ignored, the amount moves", async () => {
  const amount = 1_234n * 10n ** 6n
  await testbed.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount })
  const answer = await bundle({ fromAddress: user }, [
    { protocol: 'erc20', action: 'transfer', args: { token: tok('USDC'), receiver: other, amount: amount.toString(), tokenId: '1234' } },
  ])
  const before = await balance(tok('USDC'), other)
  await sendAsEoa(answer)
  expect((await balance(tok('USDC'), other)) - before).toBe(amount)
})

describe('references are wired at execution time, not pasted from the quote', () => {
  test('the price moves in our favour before the bundle runs: the transfer sends what the swap really produced, more than quoted', async () => {
    const pair: Address = '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc'
    const mover: Address = '0x00000000000000000000000000000000000b0d3e'
    await testbed.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 3_000n * 10n ** 6n })
    const answer = await bundle({ fromAddress: user, slippage: '1000' }, [
      { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('USDC'), tokenOut: tok('WETH'), amountIn: '3000000000', primaryAddress: pair } },
      { protocol: 'erc20', action: 'transfer', args: { token: tok('WETH'), receiver: other, amount: { useOutputOfCallAt: 0 } } },
    ])
    const quoted = BigInt(answer.actionOutputs![0]![0]!)
    // Someone sells WETH into the same pair first: WETH gets cheaper, our swap yields more.
    await testbed.devnet.fund({ chainId: 1, address: mover, token: 'WETH', amount: 50n * 10n ** 18n })
    await testbed.devnet.fund({ chainId: 1, address: mover, token: 'ETH', amount: 10n ** 18n })
    await testbed.chain.client.impersonateAccount({ address: mover })
    const router = testbed.chain.addressBook.uniswapV2.router02
    const routerAbi = parseAbi(['function swapExactTokensForTokens(uint256,uint256,address[],address,uint256) returns (uint256[])'])
    await mined(await testbed.chain.client.writeContract({ address: tok('WETH'), abi: erc20Abi, functionName: 'approve', args: [router, 50n * 10n ** 18n], account: mover, chain: testbed.chain.client.chain }))
    await mined(await testbed.chain.client.writeContract({ address: router, abi: routerAbi, functionName: 'swapExactTokensForTokens', args: [50n * 10n ** 18n, 0n, [tok('WETH'), tok('USDC')], mover, 2n ** 40n], account: mover, chain: testbed.chain.client.chain }))
    for (const a of answer.approvals) await mined(await testbed.chain.client.sendTransaction({ account: user, to: a.to as Address, data: a.data, chain: testbed.chain.client.chain }))
    const before = await balance(tok('WETH'), other)
    await mined(await testbed.chain.client.sendTransaction({ account: user, to: answer.tx.to as Address, data: answer.tx.data, value: 0n, gas: BigInt(answer.gas) + 100_000n, chain: testbed.chain.client.chain }))
    const sent = (await balance(tok('WETH'), other)) - before
    expect(sent).toBeGreaterThan(quoted)
    // Nothing of the extra WETH stayed behind or went elsewhere: the transfer took the swap's real output.
    expect(await balance(tok('WETH'), user)).toBe(0n)
    expect(await balance(tok('WETH'), testbed.chain.addressBook.switchyard!.executor as Address)).toBe(0n)
  })
})

describe('single flight', () => {
  test('identical bundles on one block share one build and simulation; each answer has its own requestId', async () => {
    const actions = [
      { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('USDC'), tokenOut: tok('WETH'), amountIn: '1234000000', primaryAddress: testbed.chain.addressBook.uniswapV2.router02 } },
    ]
    const before = testbed.ctx.engine.stats().completed
    const answers = await Promise.all(Array.from({ length: 8 }, () => bundle({ fromAddress: user }, actions)))
    expect(testbed.ctx.engine.stats().completed - before).toBe(1)
    expect(new Set(answers.map((a) => a.amountsOut[tok('WETH')])).size).toBe(1)
    expect(new Set(answers.map((a) => a.tx.data)).size).toBe(8)
  })
})

describe('values only execution knows: the prefix is simulated first', () => {
  test('a call returns the wallet\'s USDC balance and a route spends exactly it (delegate)', async () => {
    const wallet = await createWallet()
    await testbed.devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 2_500n * 10n ** 6n })
    const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'enso', action: 'call', args: { address: tok('USDC'), method: 'balanceOf', abi: 'function balanceOf(address) view returns (uint256)', args: [wallet] } },
      { protocol: 'enso', action: 'route', args: { tokenIn: tok('USDC'), tokenOut: tok('WETH'), amountIn: { useOutputOfCallAt: 0 } } },
    ])
    expect(answer.actionOutputs![0]).toEqual(['2500000000'])
    const before = await balance(tok('WETH'), wallet)
    await sendThroughWallet(wallet, answer)
    expect(await balance(tok('USDC'), wallet)).toBe(0n)
    expect((await balance(tok('WETH'), wallet)) - before).toBe(BigInt(answer.amountsOut[tok('WETH')]!))
  })

  test('the vendor\'s call → balance → route pattern: WETH.deposit() fills a balance that is then routed (router)', async () => {
    const answer = await bundle({ fromAddress: user }, [
      { protocol: 'enso', action: 'call', args: { address: tok('WETH'), method: 'deposit', abi: 'function deposit() payable', args: [], value: '1000000000000000000', tokenOut: tok('WETH') } },
      { protocol: 'enso', action: 'balance', args: { token: tok('WETH') } },
      { protocol: 'enso', action: 'route', args: { tokenIn: tok('WETH'), tokenOut: tok('USDC'), amountIn: { useOutputOfCallAt: 1 } } },
    ])
    expect(answer.tx.value).toBe('1000000000000000000')
    // Only the ETH comes from the sender: the WETH the call yields is not pulled a second time.
    expect(answer.approvals).toEqual([])
    expect(answer.actionOutputs![1]).toEqual(['1000000000000000000'])
    const before = await balance(tok('USDC'), user)
    await sendAsEoa(answer)
    expect((await balance(tok('USDC'), user)) - before).toBe(BigInt(answer.amountsOut[tok('USDC')]!))
    expect(await balance(tok('WETH'), testbed.chain.addressBook.switchyard!.executor as Address)).toBe(0n)
  })
})

describe('referral code', () => {
  test('a bundle with referralCode: the executed tx emits ShortcutExecuted with the caller\'s accountId and the code', async () => {
    await testbed.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 1_000n * 10n ** 6n })
    const answer = await bundle({ fromAddress: user, referralCode: 'yard' }, [
      { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('USDC'), tokenOut: tok('WETH'), amountIn: '1000000000', primaryAddress: testbed.chain.addressBook.uniswapV2.router02 } },
    ])
    const receipt = await sendAsEoa(answer)
    const [event] = parseEventLogs({ abi: switchyardExecutorAbi, logs: receipt.logs, eventName: 'ShortcutExecuted' })
    expect(event?.args.accountId).toBe(caller.accountId)
    expect(parseRequestId(event!.args.requestId).referralCode).toBe('yard')
  })
})

describe('refusals before any build', () => {
  const swap = (args: Record<string, unknown> = {}) => ({ protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('USDC'), tokenOut: tok('WETH'), amountIn: '1000000000', primaryAddress: testbed.chain.addressBook.uniswapV2.router02, ...args } })

  test('a chain this deployment does not serve is UNSUPPORTED_CHAIN naming chainId', async () => {
    await expect(bundle({ chainId: 4242, fromAddress: user }, [swap()])).rejects.toMatchObject({ code: 'UNSUPPORTED_CHAIN', details: 'chainId' })
  })

  test('the legacy strategies are INVALID_STRATEGY naming routingStrategy', async () => {
    for (const routingStrategy of ['router-legacy', 'delegate-legacy']) {
      await expect(bundle({ fromAddress: user, routingStrategy }, [swap()])).rejects.toMatchObject({ code: 'INVALID_STRATEGY', issues: [{ field: 'routingStrategy' }] })
    }
  })

  test('each receiving field is checked: our contracts and the moved tokens are refused, naming the field', async () => {
    const sy = testbed.chain.addressBook.switchyard!
    const issueOf = (p: Record<string, unknown>, actions: unknown[] = [swap()]) =>
      bundle({ fromAddress: user, ...p }, actions).then(() => undefined, (e: { code: string; issues?: { field: string }[] }) => `${e.code}:${e.issues?.[0]?.field}`)
    expect(await issueOf({ receiver: sy.router })).toBe('INVALID_RECEIVER:receiver')
    expect(await issueOf({ refundReceiver: sy.executor })).toBe('INVALID_RECEIVER:refundReceiver')
    expect(await issueOf({ receiver: tok('WETH') })).toBe('RECEIVER_IS_TOKEN_CONTRACT:receiver')
    expect(await issueOf({}, [{ protocol: 'erc20', action: 'transfer', args: { token: tok('USDC'), receiver: '0x0000000000000000000000000000000000000004', amount: '1' } }])).toMatch(/:actions\[0\]\.args\.receiver$/)
    expect(await issueOf({ fromAddress: '0x0000000000000000000000000000000000000004' })).toBe('SENDER_IS_PRECOMPILE:fromAddress')
  })

  test('a token with no code on the chain is NO_ROUTE naming it, before any build', async () => {
    const ghost: Address = '0x00000000000000000000000000000000000b0dff'
    const before = testbed.ctx.engine.stats().completed
    await expect(bundle({ fromAddress: user }, [swap({ tokenOut: ghost })])).rejects.toMatchObject({ code: 'NO_ROUTE', details: expect.stringContaining('has no code') })
    expect(testbed.ctx.engine.stats().completed).toBe(before)
  })
})

describe('the plan\'s deadline', () => {
  test('a uniswap-v2 Router02 swap bundle runs until one hour after the answer, and reverts once the chain is past that', async () => {
    await testbed.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 1_000n * 10n ** 6n })
    const answer = await bundle({ fromAddress: user }, [
      { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('USDC'), tokenOut: tok('WETH'), amountIn: '1000000000', primaryAddress: testbed.chain.addressBook.uniswapV2.router02 } },
    ])
    for (const a of answer.approvals) await mined(await testbed.chain.client.sendTransaction({ account: user, to: a.to as Address, data: a.data, chain: testbed.chain.client.chain }))
    const now = BigInt(Math.floor(Date.now() / 1000))
    const sendAt = (timestamp: bigint) => sendAtTimestamp(testbed.chain.client, { account: user, tx: answer.tx, gas: answer.gas, timestamp })
    const inTime = await testbed.chain.client.snapshot()
    expect(await sendAt(now + 3_000n)).toBe('success')
    await revertDevnet(testbed.chain.client, inTime)
    expect(await sendAt(now + 3_700n)).toBe('reverted')
  })
})
