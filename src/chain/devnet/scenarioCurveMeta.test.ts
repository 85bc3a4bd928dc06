import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { defaultScenarioPath, loadScenario } from './scenario.js'

// The default scenario's Curve metapool (GUSD/3Crv over the 3pool) and the checks on a `meta` pool entry.

type Pool = { name: string; variant?: string; basePool?: string; zap?: string; coins: string[] }

function withGusd(edit: (pool: Pool) => void): string {
  const json = JSON.parse(readFileSync(defaultScenarioPath, 'utf8')) as { chains: Record<string, { curve: { pools: Pool[] } }> }
  edit(json.chains['1']!.curve.pools.find((p) => p.name === 'gusd')!)
  const dir = mkdtempSync(join(tmpdir(), 'scenario-meta-'))
  writeFileSync(join(dir, 'meta.json'), JSON.stringify(json))
  return join(dir, 'meta.json')
}

describe('the scenario\'s Curve metapool', () => {
  test('the default scenario declares GUSD/3Crv over the 3pool with its zap, GUSD a token of its own', () => {
    const pool = loadScenario().scenario.chains['1']!.curve!.pools.find((p) => p.name === 'gusd')!
    expect(pool).toMatchObject({ variant: 'meta', basePool: '3pool', coins: ['GUSD', '3Crv'], zap: '0x0aE274c98c0415C0651AF8cF52b010136E4a0082', liquidityUsd: 40_000_000 })
    expect(pool.declares?.map((t) => [t.symbol, t.decimals])).toEqual([['GUSD', 2]])
  })

  test('a metapool without a zap, over an unknown base pool, or whose coin 1 is not the base LP token is refused', () => {
    expect(() => loadScenario(withGusd((p) => delete p.zap))).toThrow(/needs a zap/)
    expect(() => loadScenario(withGusd((p) => (p.basePool = 'steth')))).toThrow(/needs a zap/)
    expect(() => loadScenario(withGusd((p) => (p.coins = ['GUSD', 'USDC'])))).toThrow(/needs a zap/)
    expect(() => loadScenario(withGusd((p) => (p.coins = ['NOPE', '3Crv'])))).toThrow(/coin NOPE is not a token/)
  })
})
