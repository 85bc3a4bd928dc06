import { describe, expect, test } from 'vitest'
import { loadScenario, poolKeyOf as keyOf } from '../scenario.js'
import { generateWorld } from './generateWorld.js'

const chain1 = loadScenario().scenario.chains['1']!
const listed = chain1.tokens
const spec = { seed: 'test', tokens: 400, uniswapV2: 1_500, uniswapV3: 300, uniswapV4: 60, balancer: 30, vaults: 20 }

describe('generateWorld', () => {
  const world = generateWorld({ listed, spec, chainId: 1, existing: chain1.pools })

  test('deterministic per seed and chain, and exactly the counts asked', () => {
    expect(generateWorld({ listed, spec, chainId: 1, existing: chain1.pools })).toEqual(world)
    expect(generateWorld({ listed, spec, chainId: 8453, existing: chain1.pools })).not.toEqual(world)
    const count = (protocol: string) => world.pools.filter((p) => p.protocol === protocol).length
    expect([world.tokens.length, count('uniswap-v2'), count('uniswap-v3'), count('uniswap-v4'), count('balancer-v2-weighted'), world.vaults.length]).toEqual([400, 1_500, 300, 60, 30, 20])
  })

  test('every pool is distinct in its protocol (V2 per pair, V3 per pair and fee, V4 per key) and names known tokens only', () => {
    const known = new Set([...listed.map((t) => t.symbol), ...world.tokens.map((t) => t.symbol), 'ETH'])
    // The listed pools' keys are taken: a second WETH/USDC V2 pair cannot exist.
    const keys = new Set<string>(chain1.pools.map(keyOf))
    for (const p of world.pools) {
      for (const s of p.tokens) expect(known.has(s), s).toBe(true)
      expect(new Set(p.tokens).size).toBe(p.tokens.length)
      const key = keyOf(p)
      expect(keys.has(key), key).toBe(false)
      keys.add(key)
    }
    // The fee-on-transfer listed token is never used by generated pools, nor are tokens of odd decimals.
    expect(world.pools.some((p) => p.tokens.includes('FOT'))).toBe(false)
    const odd = [...listed, { ...listed[1]!, symbol: 'DEC0', decimals: 0 }, { ...listed[1]!, symbol: 'DEC24', decimals: 24 }]
    const withOdd = generateWorld({ listed: odd, spec, chainId: 1, existing: chain1.pools })
    expect(withOdd.pools.some((p) => p.tokens.includes('DEC0') || p.tokens.includes('DEC24'))).toBe(false)
    expect(new Set(world.pools.filter((p) => p.protocol === 'uniswap-v3').map((p) => (p as { fee: number }).fee))).toEqual(new Set([100, 500, 3000, 10000]))
  })

  test('shaped like a real chain: hubs hold most liquidity, a long tail of thin and dust pools, a few drained', () => {
    // The listed tokens (WETH, USDC, USDT, DAI, WBTC and the mid tokens) are the hubs of the generated tail.
    const hubs = new Set([...listed.map((t) => t.symbol), 'ETH'])
    const total = world.pools.reduce((s, p) => s + p.liquidityUsd, 0)
    const withHub = world.pools.filter((p) => p.tokens.some((t) => hubs.has(t))).reduce((s, p) => s + p.liquidityUsd, 0)
    expect(withHub / total).toBeGreaterThan(0.9)
    const v2 = world.pools.filter((p) => p.protocol === 'uniswap-v2')
    const dust = v2.filter((p) => p.liquidityUsd < 50).length / v2.length
    expect(dust).toBeGreaterThan(0.03)
    expect(dust).toBeLessThan(0.2)
    const median = [...world.pools].map((p) => p.liquidityUsd).sort((a, b) => a - b)[world.pools.length >> 1]!
    expect(median).toBeLessThan(100_000)
    const drained = world.pools.filter((p) => Math.abs(p.priceSkewBps) >= 3000).length / world.pools.length
    expect(drained).toBeGreaterThan(0.01)
    expect(drained).toBeLessThan(0.06)
    for (const p of world.pools) if (p.protocol !== 'uniswap-v2') expect(p.liquidityUsd).toBeGreaterThanOrEqual(100)
    // Popular tail tokens (low rank) appear in far more pools than the last ones.
    const uses = (symbol: string) => world.pools.filter((p) => p.tokens.includes(symbol)).length
    const head = world.tokens.slice(0, 20).reduce((s, t) => s + uses(t.symbol), 0)
    const last = world.tokens.slice(-20).reduce((s, t) => s + uses(t.symbol), 0)
    expect(head).toBeGreaterThan(5 * last)
  })

  test('tokens and vaults take consecutive deployer nonces, tokens first; vaults wrap known tokens', () => {
    expect(world.tokens.map((t) => t.nonce)).toEqual(world.tokens.map((_, i) => i))
    expect(world.vaults.map((v) => v.nonce)).toEqual(world.vaults.map((_, j) => 400 + j))
    for (const t of world.tokens) expect(t.priceUsd > 0 && [6, 8, 9, 12, 18].includes(t.decimals)).toBe(true)
    expect(new Set(world.vaults.map((v) => v.symbol)).size).toBe(20)
  })

  test('asking for more distinct pools than the tokens allow is an error, not a hang', () => {
    expect(() => generateWorld({ listed, spec: { ...spec, tokens: 0, uniswapV2: 500 }, chainId: 1 })).toThrow(/distinct uniswap-v2 pair/)
  })
})
