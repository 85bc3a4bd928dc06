import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { compileMorphoBlue, morphoBlueArtifactsDir, renderMorphoBlueArtifact } from './compileMorphoBlue.js'

describe('committed Morpho Blue artifacts', () => {
  // solc 0.8.19 via-IR takes ~13 s on one core; give a loaded 2-core machine room.
  test('every committed artifact equals a fresh solc 0.8.19 compile of @morpho-org/morpho-blue', { timeout: 120_000 }, () => {
    const fresh = compileMorphoBlue()
    const committed = readdirSync(morphoBlueArtifactsDir).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''))
    expect(committed.sort()).toEqual(Object.keys(fresh).sort())
    expect(committed).toEqual(['Morpho', 'OracleMock'])
    for (const name of committed) {
      expect(readFileSync(join(morphoBlueArtifactsDir, `${name}.json`), 'utf8'), name).toBe(renderMorphoBlueArtifact(fresh[name]!))
    }
    expect(fresh.Morpho!.compiler).toMatch(/^solc-js 0\.8\.19\+commit\.7dd6d404/)
    // DOMAIN_SEPARATOR is Morpho's only immutable: the devnet rewrites it for the canonical address.
    expect(Object.values(fresh.Morpho!.immutableReferences).map((refs) => refs.length)).toEqual([2])
  })
})
