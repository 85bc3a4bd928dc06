import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const roots = new Map<string, string>()

/**
 * A path under the project's root (the folder holding `package.json` and `proto/`), found by walking
 * up from `from` (a module's `import.meta.url`). The same answer from `src/**` (tests, tsx), from
 * `dist/**` and from a one-file bundle of a thread (scripts/build.mjs), where every bundled module
 * sees the bundle's URL: a path written relative to a module's own folder would be wrong there.
 * @example
 * const protoDir = projectPath(import.meta.url, 'proto')
 * @param from - a file URL inside the project
 * @param segments - the path below the root
 * @returns the absolute path (which need not exist)
 * @throws Error when no folder above `from` is the project's root
 */
export function projectPath(from: string, ...segments: string[]): string {
  const start = dirname(fileURLToPath(from))
  let root = roots.get(start)
  if (root === undefined) {
    for (let dir = start; ; dir = dirname(dir)) {
      if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'proto'))) {
        root = dir
        break
      }
      if (dirname(dir) === dir) throw new Error(`no project root (package.json and proto/) above ${start}`)
    }
    roots.set(start, root)
  }
  return join(root, ...segments)
}
