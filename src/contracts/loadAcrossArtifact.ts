import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'

/** The artifacts written by `npx tsx src/contracts/extractAcrossArtifacts.ts`. */
export type AcrossContractName = 'Ethereum_SpokePool' | 'Base_SpokePool' | 'ERC1967Proxy'

/** A committed Across (or OpenZeppelin proxy) artifact: ABI, creation and runtime code. */
export type LoadedAcrossArtifact = {
  contractName: AcrossContractName
  /** `<package>@<version>/<path>`. */
  sourceName: string
  /** SPDX licence of the source (BUSL-1.1 for the SpokePools, MIT for the proxy). */
  license: string
  abi: Abi
  bytecode: Hex
  /** Runtime code as compiled, immutables zeroed. */
  deployedBytecode: Hex
  /** Empty for every committed artifact (the extractor refuses contracts that need linking). */
  linkReferences: Record<string, Record<string, readonly { start: number; length: number }[]>>
}

const artifactsDir = join(dirname(fileURLToPath(import.meta.url)), 'generated', 'across')
const cache = new Map<AcrossContractName, LoadedAcrossArtifact>()

/**
 * Reads a committed artifact from `src/contracts/generated/across/` (shipped with the build; the
 * npm tarball is never packed at devnet boot).
 * @param name - `Ethereum_SpokePool`, `Base_SpokePool` or `ERC1967Proxy`
 * @returns ABI, creation and runtime bytecode, link references (none)
 */
export function loadAcrossArtifact(name: AcrossContractName): LoadedAcrossArtifact {
  const hit = cache.get(name)
  if (hit) return hit
  const artifact = JSON.parse(readFileSync(join(artifactsDir, `${name}.json`), 'utf8')) as LoadedAcrossArtifact
  cache.set(name, artifact)
  return artifact
}
