import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'

/** A compiled contract of ours, as written by `npm run contracts:compile`. */
export type LoadedContractArtifact = { contractName: string; abi: Abi; bytecode: Hex; deployedBytecode: Hex }

const artifactsDir = join(dirname(fileURLToPath(import.meta.url)), 'artifacts')
const cache = new Map<string, LoadedContractArtifact>()

/**
 * Reads one of our compiled contracts from `src/contracts/artifacts/` (shipped with the build).
 * @param name - contract name, e.g. `DevToken`
 * @returns ABI, creation and runtime bytecode
 */
export function loadContractArtifact(name: string): LoadedContractArtifact {
  const hit = cache.get(name)
  if (hit) return hit
  const artifact = JSON.parse(readFileSync(join(artifactsDir, `${name}.json`), 'utf8')) as LoadedContractArtifact
  cache.set(name, artifact)
  return artifact
}
