import { erc20Abi, maxUint256, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DevnetChain } from '../chain/devnet/devnetChain.js'
import type { Devnet } from '../chain/devnet/startDevnet.js'
import { QuoteNotFoundError } from '../errors/replay.js'
import { getRoute } from './getRoute.js'
import { replayQuote } from './replayQuote.js'
import { startServiceOnDevnet } from './testing/startServiceOnDevnet.js'
import type { RouteAnswer } from './types.js'

type ServiceOnDevnet = Awaited<ReturnType<typeof startServiceOnDevnet>>

const user: Address = '0x00000000000000000000000000000000000105e1'
const whale: Address = '0x00000000000000000000000000000000000105e9'
const caller = { accountId: `0x${'11'.repeat(32)}` as Hex, keyId: 'test' }

let devnet: Devnet
let chain: DevnetChain
let ctx: ServiceOnDevnet['ctx']
let stop: (() => Promise<void>) | undefined
let earlier: RouteAnswer
const amountIn = 50_000n * 10n ** 6n
const tok = (s: string) => chain.addressBook.tokens[s]!.address

beforeAll(async () => {
  ;({ devnet, chain, ctx, stop } = await startServiceOnDevnet())
  // An answer on the current block, for a sender that holds nothing (funded by the simulation's overrides).
  earlier = await getRoute(ctx, { fromAddress: user, chainId: 1, tokenIn: [tok('USDC')], tokenOut: [tok('WETH')], amountIn: [amountIn.toString()], explain: true }, { caller, requireVariableEstimates: false })
  // Then the prices move: a whale sells 5 M USDC for WETH through the same pools, and blocks are mined.
  const big = 5_000_000n * 10n ** 6n
  await devnet.fund({ chainId: 1, address: whale, token: 'ETH', amount: 10n ** 20n })
  await devnet.fund({ chainId: 1, address: whale, token: 'USDC', amount: big })
  await chain.client.impersonateAccount({ address: whale })
  const approve = await chain.client.writeContract({ address: tok('USDC'), abi: erc20Abi, functionName: 'approve', args: [chain.addressBook.switchyard!.router as Address, maxUint256], account: whale, chain: chain.client.chain })
  await chain.client.waitForTransactionReceipt({ hash: approve })
  const move = await getRoute(ctx, { fromAddress: whale, chainId: 1, tokenIn: [tok('USDC')], tokenOut: [tok('WETH')], amountIn: [big.toString()] }, { caller, requireVariableEstimates: false })
  const hash = await chain.client.sendTransaction({ account: whale, to: move.tx.to as Address, data: move.tx.data, value: 0n, chain: chain.client.chain, gas: BigInt(move.gas) })
  expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
  await chain.client.mine({ blocks: 5 })
})
afterAll(async () => {
  await stop?.()
})

describe('replay: an answer is a claim anyone can check', () => {
  test('an answer from an earlier block (blocks mined and prices moved since) replays by quoteId to exactly its amountOut', async () => {
    const now = await getRoute(ctx, { fromAddress: user, chainId: 1, tokenIn: [tok('USDC')], tokenOut: [tok('WETH')], amountIn: [amountIn.toString()] }, { caller, requireVariableEstimates: false })
    expect(now.blockNumber).toBeGreaterThan(earlier.blockNumber! + 5)
    expect(BigInt(now.amountOut)).toBeLessThan(BigInt(earlier.amountOut))
    const replay = await replayQuote(ctx, { quoteId: earlier.explanation!.quoteId }, { caller })
    expect(replay).toMatchObject({ same: true, amountOut: earlier.amountOut, blockNumber: String(earlier.blockNumber), differences: [] })
  })

  test('the full answer replays the same (its sender funded as the answer was); a changed amount says by how much', async () => {
    const answer = { chainId: 1, blockNumber: earlier.blockNumber, tx: earlier.tx, receiver: user, tokenOut: tok('WETH'), amountOut: earlier.amountOut, tokenIn: tok('USDC'), amountIn: amountIn.toString() }
    expect(await replayQuote(ctx, answer, { caller })).toMatchObject({ same: true, amountOut: earlier.amountOut })
    const claimed = (BigInt(earlier.amountOut) + 5n).toString()
    const off = await replayQuote(ctx, { ...answer, amountOut: claimed }, { caller })
    expect(off.same).toBe(false)
    expect(off.differences).toEqual([{ code: 'AMOUNT_DIFFERS', field: 'amountOut[0]', expected: claimed, actual: earlier.amountOut, difference: '-5', message: expect.stringMatching(/differs by -5/) }])
    // Beside its quoteId, a field that is not the kept answer's is reported; the kept answer is replayed.
    const changed = await replayQuote(ctx, { ...answer, amountOut: claimed, quoteId: earlier.explanation!.quoteId }, { caller })
    expect(changed.same).toBe(false)
    expect(changed.amountOut).toBe(earlier.amountOut)
    expect(changed.differences.map((d) => [d.code, d.field])).toEqual([['REQUEST_CHANGED', 'amountOut']])
  })

  test('an unknown quoteId is QUOTE_NOT_FOUND; state the node no longer keeps is STATE_PRUNED; nothing to replay is MISSING_FIELD', async () => {
    await expect(replayQuote(ctx, { quoteId: `q_${'0'.repeat(32)}` }, { caller })).rejects.toBeInstanceOf(QuoteNotFoundError)
    await expect(replayQuote(ctx, {}, { caller })).rejects.toMatchObject({ code: 'MISSING_FIELD' })
    await expect(replayQuote(ctx, { quoteId: 'nope' }, { caller })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    const pruning = { ...chain.client, getBlock: () => Promise.reject(new Error('missing trie node 5e1f (path )')) }
    const pruned = { ...ctx, chains: { 1: { ...ctx.chains[1]!, client: pruning as never } } }
    const replay = await replayQuote(pruned, { quoteId: earlier.explanation!.quoteId }, { caller })
    expect(replay).toMatchObject({ same: false, differences: [{ code: 'STATE_PRUNED' }] })
    expect(replay.amountOut).toBeUndefined()
  })
})
