import { formatAbiItem } from 'viem/utils'
import { describe, expect, test } from 'vitest'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { loadMorphoBlueArtifact } from '../../contracts/loadMorphoBlueArtifact.js'
import { morphoBlueAbi, morphoIrmAbi, morphoOracleAbi } from './abi.js'

/** The ABI without solc's `internalType` (viem ignores it). */
function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'internalType').map(([k, v]) => [k, strip(v)]))
  }
  return value
}

function findIn(abi: readonly unknown[], name: string): unknown {
  const hits = (strip(abi) as { type: string; name?: string }[]).filter((e) => e.type === 'function' && e.name === name)
  expect(hits, name).toHaveLength(1)
  return hits[0]
}

describe('Morpho Blue ABIs', () => {
  test('every morphoBlueAbi entry is in the compiled Morpho artifact, verbatim', () => {
    const artifact = loadMorphoBlueArtifact('Morpho').abi
    for (const entry of morphoBlueAbi) expect(entry, entry.name).toEqual(findIn(artifact, entry.name))
    const names = morphoBlueAbi.map((e) => e.name)
    for (const needed of ['supply', 'withdraw', 'supplyCollateral', 'withdrawCollateral', 'borrow', 'repay', 'setAuthorization', 'position', 'market', 'idToMarketParams', 'accrueInterest']) {
      expect(names).toContain(needed)
    }
  })

  test('the oracle and IRM ABIs match Morpho’s OracleMock and our DevLinearIrm', () => {
    expect(morphoOracleAbi[0]).toEqual(findIn(loadMorphoBlueArtifact('OracleMock').abi, 'price'))
    // DevLinearIrm leaves the unused MarketParams argument unnamed: compare the signature and outputs.
    const irm = findIn(loadContractArtifact('DevLinearIrm').abi, 'borrowRateView') as (typeof morphoIrmAbi)[0]
    expect(formatAbiItem(morphoIrmAbi[0])).toBe(formatAbiItem(irm))
    expect(morphoIrmAbi[0].outputs).toEqual(irm.outputs)
    expect(formatAbiItem(morphoIrmAbi[0])).toBe('borrowRateView((address,address,address,address,uint256),(uint128,uint128,uint128,uint128,uint128,uint128))')
  })
})
