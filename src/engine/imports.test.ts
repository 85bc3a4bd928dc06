import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('.', import.meta.url))
const forbidden = /from\s+['"][./]*\/?(?:\.\.\/)+(chain|data|simulate|gateway|grpc)\//

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : []
  })
}

// STYLE.md section 3: the engine is pure; nothing under engine/ reaches I/O layers.
test('engine imports no I/O layer', () => {
  for (const file of files(root)) {
    const imports = readFileSync(file, 'utf8').split('\n').filter((line) => line.startsWith('import'))
    for (const line of imports) expect(forbidden.test(line), `${file}: ${line}`).toBe(false)
  }
})
