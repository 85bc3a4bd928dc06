import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getBundle } from '../getBundle.js'
import { getRoute } from '../getRoute.js'
import { startCrossChainHarness, type CrossChainHarness } from '../testing/startCrossChainHarness.js'
import type { ExplanationStep } from './explanation.js'

const user: Address = '0x7a1100000000000000000000000000000000e25a'
const receiver: Address = '0x7a1100000000000000000000000000000000e25b'
const BASE_VAULT: Address = '0x5a7e000000000000000000000000000000000001'

let h: CrossChainHarness
beforeAll(async () => {
  h = await startCrossChainHarness(user)
  await h.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 1_000_000n * 10n ** 6n })
}, 180_000)
afterAll(async () => {
  await h?.stop()
})

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
/**
 * The answer less its 16-byte random requestId, written after the accountId (the calldata's only part two
 * identical requests do not share), and less the gas limit, which that id's calldata moves by a few hundred.
 */
const withoutRequestId = <T extends { tx: { data: string }; gas: string }>(a: T): T => ({ ...a, gas: '', tx: { ...a.tx, data: a.tx.data.replace(new RegExp(`(${h.caller.accountId.slice(2)}0{32})[0-9a-f]{32}`, 'g'), '$1') } })
const gasApart = (a: { gas: string }, b: { gas: string }) => Math.abs(Number(BigInt(a.gas) - BigInt(b.gas)))
const sum = (steps: readonly ExplanationStep[], pick: (s: ExplanationStep) => string) => steps.reduce((t, s) => t + BigInt(pick(s)), 0n)

describe('explain=true on bundles and cross-chain routes (devnet)', () => {
  test('a bundle USDC → WETH → DAI: steps read from the simulation, what enters DAI adds up to amountsOut; without explain the answer is unchanged', async () => {
    const [usdc, weth, dai] = [h.tok(1, 'USDC'), h.tok(1, 'WETH'), h.tok(1, 'DAI')]
    const actions = [
      { protocol: 'enso', action: 'route', args: { tokenIn: usdc, tokenOut: weth, amountIn: (30_000n * 10n ** 6n).toString() } },
      { protocol: 'enso', action: 'route', args: { tokenIn: weth, tokenOut: dai, amountIn: { useOutputOfCallAt: 0 } } },
    ]
    const ask = (extra: Record<string, unknown>) => getBundle(h.ctx, { params: { chainId: 1, fromAddress: user, receiver, ...extra }, actions }, { caller: h.caller })
    const explained = await ask({ explain: true })
    const plain = await ask({})
    const e = explained.explanation!
    expect(e.chainId).toBe(1)
    expect(e.blockNumber).toBe(String(explained.createdAt))
    expect(e.blockHash).toBe((await h.chains[1]!.client.getBlock({ blockNumber: BigInt(e.blockNumber) })).hash)
    expect(e.quoteId).toMatch(/^q_[0-9a-f]{32}$/)
    expect(e.legs!.map((l) => l.chainId)).toEqual([1])
    expect(e.steps.length).toBeGreaterThanOrEqual(2)
    for (const s of e.steps) expect(s).toMatchObject({ amountsFrom: 'simulation', chainId: 1 })
    // Everything the first route made of WETH enters the second; what the steps put into DAI is what the receiver got.
    expect(sum(e.steps.filter((s) => same(s.tokenOut, weth)), (s) => s.amountOut)).toBe(sum(e.steps.filter((s) => same(s.tokenIn, weth)), (s) => s.amountIn))
    expect(sum(e.steps.filter((s) => same(s.tokenOut, dai)), (s) => s.amountOut).toString()).toBe(Object.entries(explained.amountsOut).find(([t]) => same(t, dai))![1])
    expect(e.plan.length).toBeGreaterThan(0)
    for (const c of e.plan) expect(c.chainId).toBe(1)
    // Gas from debug_traceCall: every command's top-level call, and each step the call that moved its output.
    expect(e.notes ?? []).toEqual([])
    for (const c of e.plan) expect(BigInt(c.gas!)).toBeGreaterThan(0n)
    for (const s of e.steps) expect(e.plan.map((c) => c.gas)).toContain(s.gas)
    // Without explain: no explanation key, and the same bytes as the explained answer without it.
    expect('explanation' in plain).toBe(false)
    const { explanation: _, ...rest } = explained
    expect(JSON.stringify(withoutRequestId(plain))).toBe(JSON.stringify(withoutRequestId(rest)))
    expect(gasApart(plain, rest)).toBeLessThan(1_000)
  }, 120_000)

  test('a cross-chain route USDC (chain 1) → vault shares (Base): legs of both chains with their blocks; the destination leg delivers amountOut', async () => {
    const request = { chainId: 1, destinationChainId: 8453, fromAddress: user, receiver, routingStrategy: 'router', tokenIn: [h.tok(1, 'USDC')], amountIn: ['25000000000'], tokenOut: [BASE_VAULT], ignoreBridges: ['across'] }
    const options = { caller: h.caller, requireVariableEstimates: false }
    const explained = await getRoute(h.ctx, { ...request, explain: true }, options)
    const plain = await getRoute(h.ctx, request, options)
    const e = explained.explanation!
    expect(e.legs!.map((l) => l.chainId)).toEqual([1, 8453])
    for (const leg of e.legs!) {
      expect(leg.blockHash).toBe((await h.chains[leg.chainId]!.client.getBlock({ blockNumber: BigInt(leg.blockNumber) })).hash)
      expect(leg.plan.length).toBeGreaterThan(0)
      for (const s of leg.steps) expect(s.chainId).toBe(leg.chainId)
    }
    expect(e.steps.map((s) => s.index)).toEqual(e.steps.map((_, i) => i))
    expect(e.steps.some((s) => s.action === 'bridge' && s.chainId === 1)).toBe(true)
    const dest = e.legs![1]!
    const intoVault = dest.steps.filter((s) => same(s.tokenOut, BASE_VAULT))
    expect(intoVault.length).toBeGreaterThan(0)
    expect(intoVault.every((s) => s.amountsFrom === 'simulation')).toBe(true)
    expect(sum(intoVault, (s) => s.amountOut).toString()).toBe(explained.amountOut)
    // The destination callback is traced as it was simulated (the deliverer into our receiver): every command
    // of its plan has its gas, and each step the gas of the command that moved it.
    expect((e.notes ?? []).filter((n) => n.includes('8453'))).toEqual([])
    for (const c of dest.plan) expect(BigInt(c.gas!)).toBeGreaterThan(0n)
    for (const s of dest.steps) expect(dest.plan.map((c) => c.gas)).toContain(s.gas)
    expect('explanation' in plain).toBe(false)
    const { explanation: _, ...rest } = explained
    expect(JSON.stringify(withoutRequestId(plain))).toBe(JSON.stringify(withoutRequestId(rest)))
    expect(gasApart(plain, rest)).toBeLessThan(1_000)
  }, 180_000)
})
