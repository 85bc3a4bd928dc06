import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc')

// vitest strips types without checking them: this keeps `main` type-correct (strict, NodeNext,
// exactOptionalPropertyTypes, noUncheckedIndexedAccess, noUnusedLocals) on every CI run.
test('the whole project type-checks', async () => {
  const output = await new Promise<string>((done) => {
    execFile(process.execPath, [tsc, '-p', join(root, 'tsconfig.json'), '--noEmit'], { cwd: root, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      done(error ? `${stdout}${stderr}` : '')
    })
  })
  expect(output).toBe('')
}, 180_000)
