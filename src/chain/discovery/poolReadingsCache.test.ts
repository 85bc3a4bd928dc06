import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { READINGS_MAX_AGE_BLOCKS, loadPoolReadings, mergePoolReadings, savePoolReadings } from './poolReadingsCache.js'
import type { ReadPoolLiquidityReturnType } from './readPoolLiquidity.js'

const dir = mkdtempSync(join(tmpdir(), 'switchyard-readings-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const genesisHash = `0x${'ab'.repeat(32)}` as const
const value = (amount: number) => ({ value: { tokens: ['0x01', '0x02'], amounts: [amount, amount], relative: [1, 1] }, extra: undefined })
const readingsOf = (entries: Record<string, number>): ReadPoolLiquidityReturnType =>
  ({ uniswapV2: new Map(Object.entries(entries).map(([k, a]) => [k, value(a)])), uniswapV3: new Map(), uniswapV4: new Map(), balancerV2: new Map(), erc4626: new Map([['0xvault', { reason: 'totalAssets() or totalSupply() reverts' }]]) }) as never

describe('the liquidity readings kept for a warm start', () => {
  test('round-trip: kept for this chain history up to READINGS_MAX_AGE_BLOCKS, never from the future, another genesis or a damaged file', () => {
    const file = join(dir, '1.readings.v8')
    savePoolReadings(file, { genesisHash, block: 1_000n, readings: readingsOf({ '0xpair': 5 }) })
    const kept = loadPoolReadings(file, { genesisHash, head: 1_000n + READINGS_MAX_AGE_BLOCKS })
    expect(kept?.block).toBe(1_000n)
    expect(kept?.readings.uniswapV2.get('0xpair')).toEqual(value(5))
    expect(kept?.readings.erc4626.get('0xvault')).toEqual({ reason: 'totalAssets() or totalSupply() reverts' })
    expect(loadPoolReadings(file, { genesisHash, head: 1_001n + READINGS_MAX_AGE_BLOCKS })).toBeUndefined()
    expect(loadPoolReadings(file, { genesisHash, head: 999n })).toBeUndefined()
    expect(loadPoolReadings(file, { genesisHash: `0x${'cd'.repeat(32)}`, head: 1_000n })).toBeUndefined()
    writeFileSync(file, 'damaged')
    expect(loadPoolReadings(file, { genesisHash, head: 1_000n })).toBeUndefined()
    expect(loadPoolReadings(join(dir, 'absent.v8'), { genesisHash, head: 1_000n })).toBeUndefined()
  })

  test('merge: fresh readings win over kept ones, the rest are kept', () => {
    const merged = mergePoolReadings(readingsOf({ '0xa': 1, '0xb': 2 }), readingsOf({ '0xb': 3, '0xc': 4 }))
    expect([...merged.uniswapV2].map(([k, r]) => [k, 'value' in r ? r.value.amounts[0] : r.reason])).toEqual([['0xa', 1], ['0xb', 3], ['0xc', 4]])
  })
})
