import type { AbiParameter } from 'viem'
import { describe, expect, test } from 'vitest'
import { loadAcrossArtifact } from '../../contracts/loadAcrossArtifact.js'
import { acrossSpokePoolAbi } from './acrossSpokePoolAbi.js'

type Item = { type: string; name?: string; inputs?: readonly AbiParameter[]; outputs?: readonly AbiParameter[] }

/** Canonical type, tuples expanded, plus `indexed` for event parameters: what must match the artifact. */
function canonical(p: AbiParameter): string {
  const tuple = p.type.startsWith('tuple') && 'components' in p ? `(${p.components.map(canonical).join(',')})${p.type.slice(5)}` : p.type
  return 'indexed' in p && p.indexed ? `${tuple} indexed` : tuple
}

function signature(item: Item): string {
  const outputs = item.outputs ? ` returns (${item.outputs.map(canonical).join(',')})` : ''
  return `${item.type} ${item.name}(${(item.inputs ?? []).map(canonical).join(',')})${outputs}`
}

describe('acrossSpokePoolAbi', () => {
  test.each(['Ethereum_SpokePool', 'Base_SpokePool'] as const)('every item exists, with the same types, in the %s artifact', (name) => {
    const artifact = new Set((loadAcrossArtifact(name).abi as readonly Item[]).map(signature))
    const missing = (acrossSpokePoolAbi as readonly Item[]).map(signature).filter((s) => !artifact.has(s))
    expect(missing).toEqual([])
  })

  test('the committed artifacts need no library linking', () => {
    for (const name of ['Ethereum_SpokePool', 'Base_SpokePool', 'ERC1967Proxy'] as const) {
      const artifact = loadAcrossArtifact(name)
      expect(artifact.linkReferences).toEqual({})
      expect(artifact.bytecode).not.toContain('__$')
      // Under the EIP-170 runtime limit, so anvil needs no --code-size-limit.
      expect((artifact.deployedBytecode.length - 2) / 2).toBeLessThan(24_576)
    }
    expect(loadAcrossArtifact('Base_SpokePool').license).toBe('BUSL-1.1')
  })
})
