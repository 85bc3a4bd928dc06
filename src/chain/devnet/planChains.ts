import { existsSync, utimesSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildInputsHash } from './buildInputsHash.js'
import type { Scenario } from './scenario.js'
import { stargateGroup } from './stargateGroup.js'
import type { StartDevnetParameters } from './startDevnetParameters.js'

/** One cached chain state: the anvil state dump and the address book. */
export type CachePaths = { state: string; book: string }

/** Where one chain's state is read from (if cached) and written to (if built). */
export type ChainPlan = { chainId: number; read: CachePaths | undefined; write: CachePaths }

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

function cachePaths(params: StartDevnetParameters, chainId: number, key: string): CachePaths {
  const dir = params.cacheDir ?? join(projectRoot, '.switchyard', 'cache')
  return { state: join(dir, `devnet-${chainId}-${key}.state.json`), book: join(dir, `devnet-${chainId}-${key}.book.json`) }
}

/** Marks a cached build as just used, so the cache pruning (`pruneCache`) keeps it. */
function markUsed(p: CachePaths): void {
  const now = new Date()
  for (const file of [p.state, p.book]) {
    try {
      utimesSync(file, now, now)
    } catch {
      // Removed in between: the load fails and reports it.
    }
  }
}

/**
 * Decides which cached states to load. Chains linked together load only as a set built together (a
 * state linked with another build of its peer would disagree on LayerZero nonces), else all are
 * rebuilt. A chain started alone may load its linked state: the credits towards absent peers are
 * harmless, and it saves a build when the full devnet was cached first.
 * @returns a plan per chain, and the chains linked together (none when fewer than two Stargate chains start)
 */
export function planChains(params: StartDevnetParameters, scenario: Scenario, raw: string, chainIds: readonly number[]): { plans: ChainPlan[]; linked: number[] } {
  const group = stargateGroup(scenario)
  const started = group.filter((id) => chainIds.includes(id))
  const linked = started.length >= 2 ? started : []
  const exists = (p: CachePaths) => existsSync(p.state) && existsSync(p.book)
  const plans = chainIds.map((chainId): ChainPlan => {
    const write = cachePaths(params, chainId, buildInputsHash(raw, chainId, linked))
    const candidates = [write]
    if (!linked.length && group.length >= 2 && group.includes(chainId)) candidates.push(cachePaths(params, chainId, buildInputsHash(raw, chainId, group)))
    const read = (params.useCache ?? true) ? candidates.find(exists) : undefined
    if (read) markUsed(read)
    return { chainId, read, write }
  })
  if (linked.length && plans.some((p) => !p.read)) for (const p of plans) p.read = undefined
  return { plans, linked }
}
