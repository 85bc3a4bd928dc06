import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'

/** The Morpho Blue contracts compiled by `npm run contracts:compile-morpho`. */
export type MorphoBlueContractName = 'Morpho' | 'OracleMock'

/** A committed Morpho Blue artifact: ABI, creation and runtime code, immutable positions. */
export type LoadedMorphoBlueArtifact = {
  contractName: MorphoBlueContractName
  abi: Abi
  bytecode: Hex
  deployedBytecode: Hex
  /** Byte ranges of each immutable in the runtime code, keyed by AST id. */
  immutableReferences: Record<string, readonly { start: number; length: number }[]>
}

const artifactsDir = join(dirname(fileURLToPath(import.meta.url)), 'generated', 'morpho-blue')
const cache = new Map<MorphoBlueContractName, LoadedMorphoBlueArtifact>()

/**
 * Reads a committed Morpho Blue artifact from `src/contracts/generated/morpho-blue/` (shipped with
 * the build; solc 0.8.19 never runs at devnet boot).
 * @param name - `Morpho` or `OracleMock`
 * @returns ABI, creation and runtime bytecode, immutable references
 */
export function loadMorphoBlueArtifact(name: MorphoBlueContractName): LoadedMorphoBlueArtifact {
  const hit = cache.get(name)
  if (hit) return hit
  const artifact = JSON.parse(readFileSync(join(artifactsDir, `${name}.json`), 'utf8')) as LoadedMorphoBlueArtifact
  cache.set(name, artifact)
  return artifact
}
