import { erc20Abi, maxUint256, parseAbi, parseEventLogs, type Address, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { setNextBlockOneSecondLater } from '../chain/devnet/setNextBlockOneSecondLater.js'
import type { Devnet } from '../chain/devnet/startDevnet.js'
import type { DevnetChain } from '../chain/devnet/devnetChain.js'
import { switchyardExecutorAbi } from '../contracts/generated/abis.js'
import { parseRequestId } from '../encoding/requestId.js'
import { startServiceOnDevnet } from './testing/startServiceOnDevnet.js'
import { getRoute } from './getRoute.js'
import { sendAtTimestamp } from './testing/sendAtTimestamp.js'
import { revertDevnet } from '../chain/devnet/revertDevnet.js'

type ServiceOnDevnet = Awaited<ReturnType<typeof startServiceOnDevnet>>

const user: Address = '0x00000000000000000000000000000000000105e1'
const other: Address = '0x00000000000000000000000000000000000105e2'
const accountId = `0x${'11'.repeat(32)}` as Hex
const caller = { accountId, keyId: 'test' }
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

let devnet: Devnet
let chain: DevnetChain
let ctx: ServiceOnDevnet['ctx']
let stop: (() => Promise<void>) | undefined
beforeAll(async () => {
  const started = await startServiceOnDevnet()
  ;({ devnet, chain, ctx, stop } = started)
  await devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 21n })
  await chain.client.impersonateAccount({ address: user })
})
afterAll(async () => {
  await stop?.()
})
let snap: Hex
beforeEach(async () => {
  snap = await chain.client.snapshot()
})
afterEach(async () => {
  await revertDevnet(chain.client, snap)
})

const tok = (s: string) => chain.addressBook.tokens[s]!.address
/** approve and wait for it to be mined (anvil answers eth_sendTransaction before mining). */
async function approveRouter(token: Address) {
  const hash = await chain.client.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [chain.addressBook.switchyard!.router as Address, maxUint256], account: user, chain: chain.client.chain })
  await chain.client.waitForTransactionReceipt({ hash })
}
const balance = (token: Address, who: Address) =>
  token === NATIVE ? chain.client.getBalance({ address: who }) : chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })

async function execute(answer: Awaited<ReturnType<typeof getRoute>>, tokenOut: Address, receiver: Address) {
  const before = await balance(tokenOut, receiver)
  // `gas` is the transaction's limit: sent with exactly that, it succeeds, and it stays within 1.3× of what it used.
  // Mined one second after its parent, as on a live chain and as simulated (anvil can otherwise mine two blocks in one second).
  await setNextBlockOneSecondLater(chain.client)
  const hash = await chain.client.sendTransaction({ account: user, to: answer.tx.to as Address, data: answer.tx.data, value: BigInt(answer.tx.value), chain: chain.client.chain, gas: BigInt(answer.gas) })
  const receipt = await chain.client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(Number(answer.gas)).toBeGreaterThanOrEqual(Number(receipt.gasUsed))
  expect(Number(answer.gas) / Number(receipt.gasUsed)).toBeLessThanOrEqual(1.3)
  expect(receipt.blockNumber).toBe(BigInt(answer.createdAt) + 1n)
  const delta = (await balance(tokenOut, receiver)) - before
  return { receipt, delta }
}

describe('getRoute on the devnet (search → encode → simulate), executed for real', () => {
  test('USDC → WETH: the receiver gets exactly amountOut; sent with gas = answer.gas it succeeds; event carries accountId and referral code', async () => {
    const amountIn = 25_000n * 10n ** 6n
    await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: amountIn })
    await approveRouter(tok('USDC'))
    const answer = await getRoute(ctx, {
      fromAddress: user, chainId: 1, tokenIn: [tok('USDC')], tokenOut: [tok('WETH')], amountIn: [amountIn.toString()],
      receiver: other, referralCode: 'yard', variableEstimates: {},
    }, { caller, requireVariableEstimates: true })
    expect(BigInt(answer.amountOut)).toBeGreaterThan(8n * 10n ** 18n)
    expect(BigInt(answer.minAmountOut)).toBe((BigInt(answer.amountOut) * 9950n) / 10000n)
    expect(answer.priceImpact).not.toBeNull()
    const { receipt, delta } = await execute(answer, tok('WETH'), other)
    expect(delta).toBe(BigInt(answer.amountOut))
    const [event] = parseEventLogs({ abi: switchyardExecutorAbi, logs: receipt.logs, eventName: 'ShortcutExecuted' })
    expect(event?.args.accountId).toBe(accountId)
    expect(parseRequestId(event!.args.requestId).referralCode).toBe('yard')
  })

  test('ETH → USDC with tx.value; unfunded-sender simulation still answers', async () => {
    const amountIn = 3n * 10n ** 18n
    const answer = await getRoute(ctx, {
      fromAddress: user, tokenIn: [NATIVE], tokenOut: [tok('USDC')], amountIn: [amountIn.toString()], variableEstimates: {},
    }, { caller, requireVariableEstimates: true })
    expect(answer.tx.value).toBe(amountIn.toString())
    const { delta } = await execute(answer, tok('USDC'), user)
    expect(delta).toBe(BigInt(answer.amountOut))
    // A sender with nothing: the route is still returned (spec), simulated with overrides.
    const poor = await getRoute(ctx, {
      fromAddress: '0x0000000000000000000000000000000000010bad', tokenIn: [tok('DAI')], tokenOut: [tok('WBTC')], amountIn: ['5000000000000000000000'], variableEstimates: {},
    }, { caller, requireVariableEstimates: true })
    expect(BigInt(poor.amountOut)).toBeGreaterThan(0n)
  })

  test('WETH → WBTC and a multi-hop LINK → CRV, executed to the wei; a three-token multi-input route with a fee', async () => {
    const wethIn = 4n * 10n ** 18n
    await devnet.fund({ chainId: 1, address: user, token: tok('WETH'), amount: wethIn })
    await approveRouter(tok('WETH'))
    const w = await getRoute(ctx, { fromAddress: user, tokenIn: [tok('WETH')], tokenOut: [tok('WBTC')], amountIn: [wethIn.toString()], variableEstimates: {} }, { caller, requireVariableEstimates: true })
    expect(BigInt(w.amountOut)).toBeGreaterThan(0n)
    expect((await execute(w, tok('WBTC'), user)).delta).toBe(BigInt(w.amountOut))
    const linkIn = 50_000n * 10n ** 18n
    await devnet.fund({ chainId: 1, address: user, token: tok('LINK'), amount: linkIn })
    await approveRouter(tok('LINK'))
    const a = await getRoute(ctx, { fromAddress: user, tokenIn: [tok('LINK')], tokenOut: [tok('CRV')], amountIn: [linkIn.toString()], variableEstimates: {} }, { caller, requireVariableEstimates: true })
    expect(a.route.length).toBeGreaterThanOrEqual(2)
    expect((await execute(a, tok('CRV'), user)).delta).toBe(BigInt(a.amountOut))
    const amounts = [10_000n * 10n ** 6n, 5n * 10n ** 18n, 10_000n * 10n ** 18n]
    const ins = [tok('USDC'), tok('WETH'), tok('DAI')]
    for (const [i, t] of ins.entries()) {
      await devnet.fund({ chainId: 1, address: user, token: t, amount: amounts[i]! })
      await approveRouter(t)
    }
    const feeReceiver: Address = '0x00000000000000000000000000000000000100fe'
    const answer = await getRoute(ctx, {
      fromAddress: user, tokenIn: ins, tokenOut: [tok('WBTC')], amountIn: amounts.map(String), fee: ['25', '0', '100'], feeReceiver, variableEstimates: {},
    }, { caller, requireVariableEstimates: true })
    expect(answer.feeAmount).toEqual([(amounts[0]! * 25n) / 10000n, 0n, (amounts[2]! * 100n) / 10000n].map(String))
    const { delta } = await execute(answer, tok('WBTC'), user)
    expect(delta).toBe(BigInt(answer.amountOut))
    expect(await balance(tok('USDC'), feeReceiver)).toBe(BigInt(answer.feeAmount[0]!))
    expect(await balance(tok('DAI'), feeReceiver)).toBe(BigInt(answer.feeAmount[2]!))
    const sy = chain.addressBook.switchyard!
    for (const t of [...ins, tok('WBTC')]) expect(await balance(t, sy.executor as Address)).toBe(0n)
  })
})

describe('routes that split and merge at intermediate tokens (issue 29)', () => {
  test('a $100k USDC → LINK route whose legs share pools delivers exactly amountOut, with gas as its limit', async () => {
    const amountIn = 100_000n * 10n ** 6n
    await devnet.fund({ chainId: 1, address: user, token: tok('USDC'), amount: amountIn })
    await approveRouter(tok('USDC'))
    const answer = await getRoute(ctx, { fromAddress: user, tokenIn: [tok('USDC')], tokenOut: [tok('LINK')], amountIn: [amountIn.toString()], variableEstimates: {} }, { caller, requireVariableEstimates: true })
    // Legs through one pool (they split from or merge into each other at an intermediate token): the plan
    // swaps each leg in order, so a later leg meets the state the earlier one left, as the engine quoted.
    const pools = answer.route.map((step) => step.primary)
    expect(pools.length - new Set(pools).size).toBeGreaterThan(0)
    expect((await execute(answer, tok('LINK'), user)).delta).toBe(BigInt(answer.amountOut))
    const sy = chain.addressBook.switchyard!
    for (const t of [tok('USDC'), tok('LINK')]) expect(await balance(t, sy.executor as Address)).toBe(0n)
  })
})

describe('delegate strategy through a real smart wallet', () => {
  test('the wallet DELEGATECALLs tx.to with tx.data: it receives exactly amountOut; the in-plan minimum holds', async () => {
    const sy = chain.addressBook.switchyard as unknown as { smartWalletFactory: Address; delegate: Address }
    const factoryAbi = parseAbi(['function createWallet(address owner) returns (address)', 'function walletAddress(address owner) view returns (address)'])
    const walletAbi = parseAbi(['function execute(address target, bytes data) payable returns (bytes)'])
    const create = await chain.client.writeContract({ address: sy.smartWalletFactory, abi: factoryAbi, functionName: 'createWallet', args: [user], account: user, chain: chain.client.chain })
    await chain.client.waitForTransactionReceipt({ hash: create })
    const wallet = await chain.client.readContract({ address: sy.smartWalletFactory, abi: factoryAbi, functionName: 'walletAddress', args: [user] })
    const amountIn = 7_000n * 10n ** 6n
    await devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: amountIn })
    const answer = await getRoute(ctx, {
      fromAddress: wallet, routingStrategy: 'delegate', tokenIn: [tok('USDC')], tokenOut: [tok('WBTC')], amountIn: [amountIn.toString()], variableEstimates: {},
    }, { caller, requireVariableEstimates: true })
    expect(answer.tx.to).toBe(sy.delegate)
    const before = await balance(tok('WBTC'), wallet)
    const hash = await chain.client.writeContract({ address: wallet, abi: walletAbi, functionName: 'execute', args: [answer.tx.to as Address, answer.tx.data], account: user, chain: chain.client.chain, gas: 5_000_000n })
    const receipt = await chain.client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect((await balance(tok('WBTC'), wallet)) - before).toBe(BigInt(answer.amountOut))
    expect(BigInt(answer.amountOut)).toBeGreaterThanOrEqual(BigInt(answer.minAmountOut))
    // the plan checks a real minimum (the quote less 50 bps), not a placeholder
    expect(BigInt(answer.minAmountOut) * 10_000n).toBeGreaterThanOrEqual(BigInt(answer.amountOut) * 9_900n)
    expect(await balance(tok('USDC'), wallet)).toBe(0n)
    // `gas` covers the wallet's own execution too, and stays within 1.3× of what the transaction used.
    expect(Number(answer.gas)).toBeGreaterThanOrEqual(Number(receipt.gasUsed))
    expect(Number(answer.gas) / Number(receipt.gasUsed)).toBeLessThanOrEqual(1.3)
  })
})

describe('delegate strategy with a fee-on-transfer token', () => {
  test('FOT in and FOT out through a real smart wallet: the plan\'s own minimum comes from the simulated (post-tax) output, and the wallet gets exactly amountOut', async () => {
    // The engine's quote cannot see FOT's 1 % transfer tax; a minimum taken from it (quote less 50 bps)
    // failed the plan's own check, so every delegate route touching FOT answered NO_ROUTE.
    const sy = chain.addressBook.switchyard as unknown as { smartWalletFactory: Address; delegate: Address }
    const factoryAbi = parseAbi(['function createWallet(address owner) returns (address)', 'function walletAddress(address owner) view returns (address)'])
    const walletAbi = parseAbi(['function execute(address target, bytes data) payable returns (bytes)'])
    const owner: Address = '0x000000000000000000000000000000000000f07e'
    await devnet.fund({ chainId: 1, address: owner, token: 'ETH', amount: 10n ** 18n })
    await chain.client.impersonateAccount({ address: owner })
    await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract({ address: sy.smartWalletFactory, abi: factoryAbi, functionName: 'createWallet', args: [owner], account: owner, chain: chain.client.chain }) })
    const wallet = await chain.client.readContract({ address: sy.smartWalletFactory, abi: factoryAbi, functionName: 'walletAddress', args: [owner] })
    const fot = tok('FOT')
    await devnet.fund({ chainId: 1, address: wallet, token: 'FOT', amount: 2_000n * 10n ** 18n })
    await devnet.fund({ chainId: 1, address: wallet, token: 'WETH', amount: 10n ** 18n })
    for (const [tokenIn, tokenOut, amountIn] of [[fot, tok('WETH'), 1_500n * 10n ** 18n], [tok('WETH'), fot, 10n ** 18n]] as const) {
      const answer = await getRoute(ctx, {
        fromAddress: wallet, routingStrategy: 'delegate', tokenIn: [tokenIn], tokenOut: [tokenOut], amountIn: [amountIn.toString()],
      }, { caller, requireVariableEstimates: false })
      expect(BigInt(answer.minAmountOut)).toBe((BigInt(answer.amountOut) * 9_950n) / 10_000n)
      const before = await balance(tokenOut, wallet)
      const spentBefore = await balance(tokenIn, wallet)
      const hash = await chain.client.writeContract({ address: wallet, abi: walletAbi, functionName: 'execute', args: [answer.tx.to as Address, answer.tx.data], account: owner, chain: chain.client.chain, gas: BigInt(answer.gas) })
      expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
      expect((await balance(tokenOut, wallet)) - before).toBe(BigInt(answer.amountOut))
      expect(spentBefore - (await balance(tokenIn, wallet))).toBe(amountIn)
    }
  })
})

describe('delegate strategy never touches the wallet\'s other funds', () => {
  test('spends exactly amountIn, delivers exactly the produced amount, leaves pre-existing balances alone', async () => {
    const sy = chain.addressBook.switchyard as unknown as { smartWalletFactory: Address }
    const factoryAbi = parseAbi(['function createWallet(address owner) returns (address)', 'function walletAddress(address owner) view returns (address)'])
    const walletAbi = parseAbi(['function execute(address target, bytes data) payable returns (bytes)'])
    await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract({ address: sy.smartWalletFactory, abi: factoryAbi, functionName: 'createWallet', args: [user], account: user, chain: chain.client.chain }) })
    const wallet = await chain.client.readContract({ address: sy.smartWalletFactory, abi: factoryAbi, functionName: 'walletAddress', args: [user] })
    // The wallet holds more than the route spends, plus some of the output and of WETH already.
    await devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 50_000n * 10n ** 6n })
    await devnet.fund({ chainId: 1, address: wallet, token: 'WBTC', amount: 12_345n })
    await devnet.fund({ chainId: 1, address: wallet, token: 'WETH', amount: 10n ** 18n })
    const amountIn = 6_000n * 10n ** 6n
    for (const [tokenOut, receiver] of [[tok('WBTC'), other], [NATIVE, wallet]] as const) {
      const answer = await getRoute(ctx, {
        fromAddress: user, spender: wallet, receiver, routingStrategy: 'delegate', tokenIn: [tok('USDC')], tokenOut: [tokenOut], amountIn: [amountIn.toString()],
      }, { caller, requireVariableEstimates: false })
      const usdcBefore = await balance(tok('USDC'), wallet)
      const wbtcWalletBefore = await balance(tok('WBTC'), wallet)
      const wethWalletBefore = await balance(tok('WETH'), wallet)
      const outBefore = await balance(tokenOut, receiver)
      const hash = await chain.client.writeContract({ address: wallet, abi: walletAbi, functionName: 'execute', args: [answer.tx.to as Address, answer.tx.data], account: user, chain: chain.client.chain, gas: 5_000_000n })
      expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
      expect(usdcBefore - (await balance(tok('USDC'), wallet))).toBe(amountIn)
      expect((await balance(tokenOut, receiver)) - outBefore).toBe(BigInt(answer.amountOut))
      if (receiver !== wallet) expect(await balance(tok('WBTC'), wallet)).toBe(wbtcWalletBefore)
      expect(await balance(tok('WETH'), wallet)).toBe(wethWalletBefore)
    }
  })
})

describe('odd tokens and concurrency (THREATS K7, K8, H7)', () => {
  test('K7/K8: fee-on-transfer in and out: the receiver gets exactly the simulated (post-tax) amount', async () => {
    const fot = tok('FOT')
    const amountIn = 1_000n * 10n ** 18n
    await devnet.fund({ chainId: 1, address: user, token: 'FOT', amount: amountIn })
    await approveRouter(fot)
    const sell = await getRoute(ctx, { fromAddress: user, tokenIn: [fot], tokenOut: [tok('WETH')], amountIn: [amountIn.toString()], variableEstimates: {} }, { caller, requireVariableEstimates: true })
    const { delta } = await execute(sell, tok('WETH'), user)
    expect(delta).toBe(BigInt(sell.amountOut))
    await approveRouter(tok('WETH'))
    const buy = await getRoute(ctx, { fromAddress: user, receiver: other, tokenIn: [tok('WETH')], tokenOut: [fot], amountIn: [(delta / 2n).toString()], variableEstimates: {} }, { caller, requireVariableEstimates: true })
    const bought = await execute(buy, fot, other)
    expect(bought.delta).toBe(BigInt(buy.amountOut))
  })

  test('WETH in, ETH and USDC out: the pass-through share is unwrapped, the rest swapped; both delivered exactly', async () => {
    const amountIn = 4n * 10n ** 18n
    await devnet.fund({ chainId: 1, address: user, token: 'WETH', amount: amountIn })
    await approveRouter(tok('WETH'))
    const answer = await getRoute(ctx, { fromAddress: user, receiver: other, tokenIn: [tok('WETH')], tokenOut: [NATIVE, tok('USDC')], amountIn: [amountIn.toString()] }, { caller, requireVariableEstimates: false })
    const outs = answer.amountsOut
    expect(outs).toHaveLength(2)
    expect(answer.amountOut).toBe(outs[0])
    const ethBefore = await balance(NATIVE, other)
    const usdcBefore = await balance(tok('USDC'), other)
    const hash = await chain.client.sendTransaction({ account: user, to: answer.tx.to as Address, data: answer.tx.data, chain: chain.client.chain, gas: 5_000_000n })
    expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect((await balance(NATIVE, other)) - ethBefore).toBe(BigInt(outs[0]!))
    expect((await balance(tok('USDC'), other)) - usdcBefore).toBe(BigInt(outs[1]!))
    expect(BigInt(outs[0]!)).toBe(amountIn / 2n)
  })

  test('a native fee is paid after the outputs are delivered; the fee receiver gets exactly its share', async () => {
    const feeReceiver: Address = '0x00000000000000000000000000000000000100fd'
    const amountIn = 2n * 10n ** 18n
    const answer = await getRoute(ctx, { fromAddress: user, tokenIn: [NATIVE], tokenOut: [tok('USDC')], amountIn: [amountIn.toString()], fee: ['50'], feeReceiver }, { caller, requireVariableEstimates: false })
    expect(answer.feeAmount).toEqual([((amountIn * 50n) / 10000n).toString()])
    const feeBefore = await balance(NATIVE, feeReceiver)
    const { delta } = await execute(answer, tok('USDC'), user)
    expect(delta).toBe(BigInt(answer.amountOut))
    expect((await balance(NATIVE, feeReceiver)) - feeBefore).toBe((amountIn * 50n) / 10000n)
    expect(await chain.client.getBalance({ address: chain.addressBook.switchyard!.executor as Address })).toBe(0n)
  })

  test('H7: 50 concurrent identical requests get identical amounts on one block, each its own requestId', async () => {
    const request = { fromAddress: user, tokenIn: [tok('DAI')], tokenOut: [tok('USDC')], amountIn: ['12345000000000000000000'] }
    const answers = await Promise.all(Array.from({ length: 50 }, () => getRoute(ctx, request, { caller, requireVariableEstimates: false })))
    expect(new Set(answers.map((a) => `${a.createdAt}:${a.amountOut}:${a.gas}`)).size).toBe(1)
    expect(new Set(answers.map((a) => a.tx.data)).size).toBe(50)
    expect(new Set(answers.map((a) => a.tx.from)).size).toBe(1)
  })
})

describe('refusals before any search, and what the answer echoes', () => {
  const request = (p: Record<string, unknown>) => getRoute(ctx, { fromAddress: user, tokenIn: [tok('USDC')], tokenOut: [tok('WETH')], amountIn: ['1000000000'], ...p }, { caller, requireVariableEstimates: false })

  test('a chain this deployment does not serve, as chainId or as destinationChainId, is UNSUPPORTED_CHAIN naming the field', async () => {
    await expect(request({ chainId: 4242 })).rejects.toMatchObject({ code: 'UNSUPPORTED_CHAIN', details: 'chainId' })
    await expect(request({ destinationChainId: 4242, receiver: other })).rejects.toMatchObject({ code: 'UNSUPPORTED_CHAIN', details: 'destinationChainId' })
  })

  test('a strategy not served is INVALID_STRATEGY', async () => {
    await expect(request({ routingStrategy: 'ensowallet' })).rejects.toMatchObject({ code: 'INVALID_STRATEGY' })
  })

  test('each receiving field is checked: our contracts and the moved tokens are refused, naming the field', async () => {
    const sy = chain.addressBook.switchyard!
    const issueOf = (p: Record<string, unknown>) => request(p).then(() => undefined, (e: { code: string; issues?: { field: string }[] }) => `${e.code}:${e.issues?.[0]?.field}`)
    expect(await issueOf({ receiver: sy.router })).toBe('INVALID_RECEIVER:receiver')
    expect(await issueOf({ refundReceiver: sy.executor })).toBe('INVALID_RECEIVER:refundReceiver')
    expect(await issueOf({ fee: ['10'], feeReceiver: sy.router })).toBe('INVALID_RECEIVER:feeReceiver')
    expect(await issueOf({ routingStrategy: 'delegate', spender: sy.executor })).toBe('INVALID_RECEIVER:spender')
    expect(await issueOf({ receiver: tok('WETH') })).toBe('RECEIVER_IS_TOKEN_CONTRACT:receiver')
    expect(await issueOf({ receiver: tok('USDC') })).toBe('RECEIVER_IS_TOKEN_CONTRACT:receiver')
    expect(await issueOf({ fromAddress: '0x0000000000000000000000000000000000000004' })).toBe('SENDER_IS_PRECOMPILE:fromAddress')
  })

  test('under requireVariableEstimates (REST POST) a request without variableEstimates is MISSING_FIELD naming it', async () => {
    const body = { fromAddress: user, chainId: 1, tokenIn: [tok('USDC')], tokenOut: [tok('WETH')], amountIn: ['1000000000'] }
    await expect(getRoute(ctx, body, { caller, requireVariableEstimates: true })).rejects.toMatchObject({ code: 'MISSING_FIELD', issues: [{ field: 'variableEstimates' }] })
  })

  test('a tokenOut with no code on the chain is NO_ROUTE naming it, before any search', async () => {
    const ghost: Address = '0x00000000000000000000000000000000000105ff'
    const before = ctx.engine.stats().completed
    await expect(request({ tokenOut: [ghost] })).rejects.toMatchObject({ code: 'NO_ROUTE', details: expect.stringContaining(`${ghost} has no code`) })
    expect(ctx.engine.stats().completed).toBe(before)
  })

  test('tx.from is the sender as spelled in the request; unknown ignore entries are reported, never refused', async () => {
    const lower = user.toLowerCase()
    const answer = await request({ fromAddress: lower, ignoreAggregators: ['0x-api'], ignoreStandards: ['not-a-standard'] })
    expect(answer.tx.from).toBe(lower)
    expect(answer.unknownFilters).toEqual(['ignoreStandards=not-a-standard', 'ignoreAggregators=0x-api'])
    const plain = await request({})
    expect(plain).not.toHaveProperty('unknownFilters')
    expect(plain.tx.from).toBe(user)
  })
})

describe('the plan\'s deadline', () => {
  // Router02 swaps carry the plan's deadline: only uniswap-v2 is left in, so the route goes through it.
  test('a uniswap-v2 route tx runs until one hour after the answer, and reverts once the chain is past that', async () => {
    const amountIn = 1_000n * 10n ** 6n
    await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: amountIn })
    await approveRouter(tok('USDC'))
    const answer = await getRoute(ctx, {
      fromAddress: user, chainId: 1, tokenIn: [tok('USDC')], tokenOut: [tok('WETH')], amountIn: [amountIn.toString()],
      ignoreStandards: ['aave-v3', 'balancer-v2', 'curve', 'erc4626', 'lido', 'uniswap-v3', 'uniswap-v4'],
    }, { caller, requireVariableEstimates: false })
    expect(answer.route.map((s) => s.protocol)).toEqual(['uniswap-v2'])
    const now = BigInt(Math.floor(Date.now() / 1000))
    const sendAt = (timestamp: bigint) => sendAtTimestamp(chain.client, { account: user, tx: answer.tx, gas: answer.gas, timestamp })
    const inTime = await chain.client.snapshot()
    expect(await sendAt(now + 3_000n)).toBe('success')
    await revertDevnet(chain.client, inTime)
    expect(await sendAt(now + 3_700n)).toBe('reverted')
  })
})
