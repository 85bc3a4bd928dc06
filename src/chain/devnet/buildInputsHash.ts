import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { protocolPackageVersions } from './protocolArtifacts.js'

/**
 * Files whose content defines the built state: deploy/seed code and our compiled contracts. A chain
 * linked to others (Stargate credits) has a different state than the same chain built alone, so
 * `linkedWith` (the chains linked together, or none) is part of the key.
 * @returns the cache key (16 hex digits)
 */
export function buildInputsHash(scenarioRaw: string, chainId: number, linkedWith: readonly number[]): string {
  const h = createHash('sha256').update('devnet-v1').update(String(chainId)).update(scenarioRaw)
  h.update(linkedWith.length ? `linked:${linkedWith.join(',')}` : 'solo')
  h.update(JSON.stringify(protocolPackageVersions()))
  const here = dirname(fileURLToPath(import.meta.url))
  const morphoArtifacts = join(here, '../../contracts/generated/morpho-blue')
  const acrossArtifacts = join(here, '../../contracts/generated/across')
  // The world generator only shapes scenarios that generate one (the default scenario's key ignores it).
  const world = scenarioRaw.includes('"generate"') ? [join(here, 'world')] : []
  for (const dir of [here, join(here, '..'), join(here, '../../contracts/artifacts'), join(here, '../../contracts'), morphoArtifacts, acrossArtifacts, ...world]) {
    if (!existsSync(dir)) continue
    for (const f of readdirSync(dir).sort()) {
      if (/\.(ts|js|json)$/.test(f) && !/\.test\.(ts|js)$/.test(f)) h.update(f).update(readFileSync(join(dir, f)))
    }
  }
  return h.digest('hex').slice(0, 16)
}
