import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

// Issue 29: the optimal-routing reference is a bench tool, never part of the request path or the workers.
describe('the optimal-routing reference stays out of the serving path', () => {
  test('no file under src imports from bench/', () => {
    const root = join(import.meta.dirname, '..', '..', 'src')
    const offenders: string[] = []
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) walk(path)
        else if (/\.(ts|mts|js|mjs)$/.test(entry.name) && /from\s+['"][^'"]*\/bench\//.test(readFileSync(path, 'utf8'))) offenders.push(path)
      }
    }
    walk(root)
    expect(offenders).toEqual([])
  })
})
