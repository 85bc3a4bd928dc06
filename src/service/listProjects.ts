import type { ServiceContext } from './context.js'
import { listProtocols } from './listProtocols.js'
import type { ProjectAnswer } from './types.js'

/** Projects (the brand behind protocols), with their protocol slugs and chains. */
export function listProjects(ctx: ServiceContext): ProjectAnswer[] {
  const byProject = new Map<string, { chains: Set<number>; protocols: string[] }>()
  for (const p of listProtocols(ctx, {})) {
    const entry = byProject.get(p.project) ?? { chains: new Set<number>(), protocols: [] }
    entry.protocols.push(p.slug)
    for (const c of p.chains) entry.chains.add(c.id)
    byProject.set(p.project, entry)
  }
  return [...byProject].map(([id, e]) => ({ id, chains: [...e.chains].sort((a, b) => a - b), protocols: e.protocols }))
}
