import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { defaultScenarioPath, loadScenario } from './scenario.js'

describe('loadScenario with extends', () => {
  test('the shipped large scenario is the default one, chain by chain, with a generated world on top', () => {
    const base = loadScenario().scenario
    const large = loadScenario(join(defaultScenarioPath, '..', 'large.json'))
    expect(large.scenario.name).toBe('large')
    expect(Object.keys(large.scenario.chains)).toEqual(Object.keys(base.chains))
    const weird = loadScenario(join(defaultScenarioPath, '..', 'weird-tokens.json')).scenario.chains['1']!
    for (const [id, chain] of Object.entries(base.chains)) {
      const { generate, tokens, pools, ...rest } = large.scenario.chains[id]!
      const { tokens: baseTokens, pools: basePools, ...baseRest } = chain
      expect(rest).toEqual(baseRest)
      expect(generate?.seed).toBe('switchyard-large-1')
      // The default chain's tokens and pools first, then (chain 1) every weird-token class and its pools not already there.
      expect(tokens.slice(0, baseTokens.length)).toEqual(baseTokens)
      expect(pools.slice(0, basePools.length)).toEqual(basePools)
      const added = id === '1' ? weird.tokens.filter((t) => !baseTokens.some((b) => b.symbol === t.symbol)) : []
      expect(tokens.slice(baseTokens.length)).toEqual(added)
    }
    expect(new Set(large.scenario.chains['1']!.tokens.map((t) => t.kind))).toEqual(new Set([...base.chains['1']!.tokens, ...weird.tokens].map((t) => t.kind)))
    expect(large.scenario.chains['1']!.generate).toMatchObject({ tokens: 5000, uniswapV2: 20000, uniswapV3: 4000, uniswapV4: 500, balancer: 300, vaults: 200 })
    // The cache key covers the base file too: raw is the merged scenario, not the few lines of the extension.
    expect(large.raw).toContain('"WETH"')
    expect(large.raw).not.toContain('"extends"')
  })

  test('an extension overrides a chain field by field, and a cycle of extends is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scenario-'))
    writeFileSync(join(dir, 'base.json'), JSON.stringify({ name: 'base', genesisTimestamp: 1, chains: { '1': { tokens: [{ symbol: 'A', name: 'A', decimals: 18, priceUsd: 1, kind: 'erc20', address: '0x00000000000000000000000000000000000000aa' }], pools: [] } } }))
    writeFileSync(join(dir, 'ext.json'), JSON.stringify({ name: 'ext', extends: 'base.json', chains: { '1': { pools: [] , generate: { seed: 's', tokens: 1, uniswapV2: 0, uniswapV3: 0, uniswapV4: 0, balancer: 0, vaults: 0 } } } }))
    const { scenario } = loadScenario(join(dir, 'ext.json'))
    expect(scenario.name).toBe('ext')
    expect(scenario.genesisTimestamp).toBe(1)
    expect(scenario.chains['1']!.tokens.map((t) => t.symbol)).toEqual(['A'])
    expect(scenario.chains['1']!.generate?.tokens).toBe(1)
    // include adds tokens by new symbol and pools by new identity.
    writeFileSync(join(dir, 'more.json'), JSON.stringify({ name: 'more', genesisTimestamp: 1, chains: { '1': {
      tokens: [{ symbol: 'A', name: 'other A', decimals: 6, priceUsd: 2, kind: 'erc20', address: '0x00000000000000000000000000000000000000ab' }, { symbol: 'B', name: 'B', decimals: 18, priceUsd: 1, kind: 'erc20', address: '0x00000000000000000000000000000000000000bb' }],
      pools: [{ protocol: 'uniswap-v2', tokens: ['A', 'B'], liquidityUsd: 10 }, { protocol: 'uniswap-v2', tokens: ['B', 'A'], liquidityUsd: 20 }],
    } } }))
    writeFileSync(join(dir, 'with.json'), JSON.stringify({ name: 'with', extends: 'base.json', include: ['more.json'], chains: {} }))
    const withMore = loadScenario(join(dir, 'with.json')).scenario.chains['1']!
    expect(withMore.tokens.map((t) => `${t.symbol}:${t.name}`)).toEqual(['A:A', 'B:B'])
    expect(withMore.pools.map((p) => p.liquidityUsd)).toEqual([10])
    writeFileSync(join(dir, 'loop.json'), JSON.stringify({ name: 'loop', extends: 'loop.json', chains: {} }))
    expect(() => loadScenario(join(dir, 'loop.json'))).toThrow(/deeper than 4/)
  })
})
