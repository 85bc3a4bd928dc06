import { getAddress, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DevnetChain } from '../../chain/devnet/devnetChain.js'
import type { Devnet } from '../../chain/devnet/startDevnet.js'
import { getQuote } from '../getQuote.js'
import { getRoute } from '../getRoute.js'
import { startServiceOnDevnet } from '../testing/startServiceOnDevnet.js'
import type { RouteAnswer } from '../types.js'

type ServiceOnDevnet = Awaited<ReturnType<typeof startServiceOnDevnet>>

const user: Address = '0x00000000000000000000000000000000000105e1'
const caller = { accountId: `0x${'11'.repeat(32)}` as Hex, keyId: 'test' }
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

let devnet: Devnet
let chain: DevnetChain
let ctx: ServiceOnDevnet['ctx']
let stop: (() => Promise<void>) | undefined
beforeAll(async () => {
  ;({ devnet, chain, ctx, stop } = await startServiceOnDevnet())
  await devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 21n })
})
afterAll(async () => {
  await stop?.()
})

const tok = (s: string) => chain.addressBook.tokens[s]!.address
/** The answer less its 16-byte random requestId, written after the accountId (the calldata's only part two identical requests do not share). */
const withoutRequestId = (a: RouteAnswer) => ({ ...a, tx: { ...a.tx, data: a.tx.data.replace(/(1{64}0{32})[0-9a-f]{32}/, '$1') } })
/** The last step of each leg: what the legs delivered. */
const delivered = (a: RouteAnswer) => {
  const steps = a.explanation!.steps.filter((s) => s.leg !== undefined)
  const legs = new Set(steps.map((s) => s.leg))
  return [...legs].reduce((sum, leg) => sum + BigInt(steps.filter((s) => s.leg === leg).at(-1)!.amountOut), 0n)
}

describe('explain=true on the devnet: the answer explained from its own simulation', () => {
  test('a split route: every step read from the simulation, the legs add up to amountOut; the plan decoded; the candidates ranked with the chosen split first', async () => {
    const request = { fromAddress: user, chainId: 1, tokenIn: [tok('USDC')], tokenOut: [tok('WETH')], amountIn: [(20_000_000n * 10n ** 6n).toString()] }
    const answer = await getRoute(ctx, { ...request, explain: true }, { caller, requireVariableEstimates: false })
    const e = answer.explanation!
    expect(e.chainId).toBe(1)
    expect(e.blockNumber).toBe(String(answer.blockNumber))
    expect(e.blockHash).toBe((await chain.client.getBlock({ blockNumber: BigInt(e.blockNumber) })).hash)
    expect(e.quoteId).toMatch(/^q_[0-9a-f]{32}$/)
    expect(new Set(e.steps.map((s) => s.leg)).size).toBeGreaterThan(1)
    for (const s of e.steps) expect(s.amountsFrom).toBe('simulation')
    expect(delivered(answer)).toBe(BigInt(answer.amountOut))
    // Each step's pool, tokens and estimate are the route's.
    expect(e.steps.map((s) => [s.pool, s.tokenIn, s.tokenOut, s.estimatedAmountIn])).toEqual(answer.route.map((r) => [r.primary, r.tokenIn[0], r.tokenOut[0], r.args.amountIn]))
    // The plan: commands on the route's pools' contracts, every function named.
    expect(e.plan.length).toBeGreaterThan(e.steps.length)
    for (const c of e.plan) expect(c.function).not.toMatch(/^0x/)
    expect(e.plan.some((c) => c.function.startsWith('transfer(') || c.function.includes('Transfer'))).toBe(true)
    const chosen = e.candidates.filter((c) => c.chosen)
    expect(chosen).toHaveLength(1)
    expect(e.candidates[0]!.chosen).toBe(true)
    expect(chosen[0]!.paths).toHaveLength(new Set(e.steps.map((s) => s.leg)).size)
    expect(chosen[0]!.simulatedAmountOut).toBe(answer.amountOut)
    expect(e.candidates.some((c) => c.kind === 'single')).toBe(true)
    expect(e.winner.reason).toMatch(/split/)
    expect(e.winner.marginBps).toBeGreaterThanOrEqual(0)
  })

  test('native in, multi-hop out: the wrap step and every hop read from the logs, adding up to amountOut', async () => {
    // Two identical requests at once share one computation (and its one trace): each explanation gets the gas of every step.
    const request = { fromAddress: user, chainId: 1, tokenIn: [NATIVE], tokenOut: [tok('CRV')], amountIn: [(3n * 10n ** 18n).toString()], explain: true }
    const [answer, twin] = await Promise.all([0, 1].map(() => getRoute(ctx, request, { caller, requireVariableEstimates: false })))
    const e = answer!.explanation!
    // The sender holds its ETH (no setup calls): the call trace gives every command's gas and every step's.
    expect(e.notes).toBeUndefined()
    for (const c of e.plan) expect(BigInt(c.gas!)).toBeGreaterThan(0n)
    for (const s of e.steps) expect(BigInt(s.gas!)).toBeGreaterThan(0n)
    expect(e.plan.reduce((sum, c) => sum + BigInt(c.gas!), 0n)).toBeLessThan(BigInt(answer!.gas))
    expect(twin!.explanation!.steps.map((s) => s.gas)).toEqual(e.steps.map((s) => s.gas))
    expect(e.steps[0]).toMatchObject({ protocol: 'wrapped-native', tokenIn: NATIVE, amountIn: String(3n * 10n ** 18n), amountsFrom: 'simulation' })
    for (const s of e.steps) expect(s.amountsFrom).toBe('simulation')
    expect(delivered(answer!)).toBe(BigInt(answer!.amountOut))
    expect(getAddress(e.steps.at(-1)!.tokenOut)).toBe(getAddress(tok('CRV')))
  })

  test('without explain the answer has no explanation and is otherwise the explained answer; the quote explains too', async () => {
    const request = { fromAddress: user, chainId: 1, tokenIn: [tok('USDC')], tokenOut: [tok('WETH')], amountIn: [(5_000n * 10n ** 6n).toString()] }
    const plain = await getRoute(ctx, request, { caller, requireVariableEstimates: false })
    const explained = await getRoute(ctx, { ...request, explain: true }, { caller, requireVariableEstimates: false })
    expect(Object.keys(plain)).not.toContain('explanation')
    expect(plain.blockNumber).toBe(explained.blockNumber)
    const { explanation, ...rest } = explained
    expect(explanation).toBeDefined()
    expect(withoutRequestId(rest)).toEqual(withoutRequestId(plain))
    const quote = await getQuote(ctx, { chainId: 1, tokenIn: [tok('USDC')], tokenOut: [tok('WETH')], amountIn: ['5000000000'], explain: true }, { caller })
    expect(quote.explanation!.steps.map((s) => s.amountOut).at(-1)).toBe(quote.amountOut)
    expect(Object.keys(await getQuote(ctx, { chainId: 1, tokenIn: [tok('USDC')], tokenOut: [tok('WETH')], amountIn: ['5000000000'] }, { caller }))).not.toContain('explanation')
  })
})
