import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadPoolIndex } from './loadPoolIndex.js'
import { createPoolIndex } from './poolIndex.js'
import { savePoolIndex } from './savePoolIndex.js'

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'
const ID = `0x${'cd'.repeat(32)}` as const

describe('savePoolIndex / loadPoolIndex', () => {
  it('round-trips every part of the index (candidates are never saved)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pool-index-'))
    const index = createPoolIndex({ chainId: 8453, genesisHash: ID, startBlocks: { creations: 100n, vaults: 200n } })
    index.streams.creations = { fromBlock: 100n, toBlock: 12_345_678_901n, toBlockHash: ID }
    index.uniswapV2.set(A, { address: A, token0: A, token1: B })
    index.uniswapV3.set(B, { address: B, token0: A, token1: B, fee: 100, tickSpacing: 1 })
    index.uniswapV4.set(ID, { id: ID, currency0: A, currency1: B, fee: 8_388_608, tickSpacing: -1, hooks: B })
    index.balancerV2.set(ID, { poolId: ID, address: A, specialization: 2, tokens: [A, B] })
    index.morphoBlue.set(ID, { id: ID, loanToken: A, collateralToken: B, oracle: A, irm: B, lltv: '915000000000000000' })
    index.erc4626.set(A, { address: A, asset: B })
    index.notVaults.set(B, 'asset() reverts')
    index.vaultCandidates.add(A)
    index.tokens.set(A, { symbol: 'MKR', name: '', decimals: 0 })
    index.unusableTokens.set(B, 'no code')
    const file = savePoolIndex(index, { file: join(dir, 'index', '8453.json') })
    const loaded = loadPoolIndex({ file, chainId: 8453 })
    expect(loaded.index).toEqual({ ...index, vaultCandidates: new Set() })
  })

  it('says why a file cannot be resumed from: missing, unreadable, malformed, another chain', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pool-index-'))
    expect(loadPoolIndex({ file: join(dir, 'none.json'), chainId: 1 }).reason).toBe('no saved index')
    writeFileSync(join(dir, 'bad.json'), '{ not json')
    expect(loadPoolIndex({ file: join(dir, 'bad.json'), chainId: 1 }).reason).toMatch(/^saved index unreadable: /)
    writeFileSync(join(dir, 'old.json'), JSON.stringify({ format: 0 }))
    expect(loadPoolIndex({ file: join(dir, 'old.json'), chainId: 1 }).reason).toMatch(/^saved index is malformed or of another format \(format: /)
    const file = savePoolIndex(createPoolIndex({ chainId: 1, genesisHash: ID, startBlocks: { creations: 0n, vaults: 0n } }), { file: join(dir, '1.json') })
    expect(loadPoolIndex({ file, chainId: 10 }).reason).toBe('saved index is of chain 1')
    // Nothing read yet: the stream ends before it starts. The atomic write leaves no temporary file.
    expect(JSON.parse(readFileSync(file, 'utf8')).streams.creations).toEqual({ fromBlock: '0', toBlock: '-1' })
    expect(readdirSync(dir).sort()).toEqual(['1.json', 'bad.json', 'old.json'])
  })
})
