import { readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'

function listSources(dir: string, base = dir): string[] {
  return readdirSync(dir)
    .flatMap((entry) => {
      const full = join(dir, entry)
      if (statSync(full).isDirectory()) return listSources(full, base)
      return entry.endsWith('.sol') ? [relative(base, full)] : []
    })
    .sort()
}

/**
 * For each source under `contractsDir`, the sources whose bytecode can change when it changes: itself and
 * every source that imports it, directly or through others (relative imports only; npm packages never
 * change here).
 *
 * @param contractsDir - the contracts directory
 * @returns source path → dependent source paths (all relative to `contractsDir`), sorted
 */
export function findDependentSources(contractsDir: string): Record<string, string[]> {
  const sources = listSources(contractsDir)
  const importedBy = new Map<string, Set<string>>(sources.map((s) => [s, new Set<string>()]))
  for (const source of sources) {
    const text = readFileSync(join(contractsDir, source), 'utf8')
    for (const m of text.matchAll(/^\s*import\s+[^;]*?["'](\.{1,2}\/[^"']+)["']\s*;/gm)) {
      const target = normalize(join(dirname(source), m[1]!))
      importedBy.get(target)?.add(source)
    }
  }
  const dependents: Record<string, string[]> = {}
  for (const source of sources) {
    const seen = new Set([source])
    const queue = [source]
    while (queue.length) {
      for (const next of importedBy.get(queue.pop()!) ?? []) {
        if (!seen.has(next)) {
          seen.add(next)
          queue.push(next)
        }
      }
    }
    dependents[source] = [...seen].sort()
  }
  return dependents
}
