import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc')

/** tsc's complaints about a project, or '' when it type-checks. */
const typecheck = (project: string) => new Promise<string>((done) => {
  execFile(process.execPath, [tsc, '-p', join(root, project), '--noEmit'], { cwd: root, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
    done(error ? `${stdout}${stderr}` : '')
  })
})

// vitest strips types without checking them: this keeps `main` type-correct (strict, NodeNext,
// exactOptionalPropertyTypes, noUncheckedIndexedAccess, noUnusedLocals) on every CI run.
test('the whole project type-checks', async () => {
  expect(await typecheck('tsconfig.json')).toBe('')
}, 180_000)

// The route explorer is browser code (DOM types), outside tsconfig.json: its own project.
test('the route explorer type-checks', async () => {
  expect(await typecheck('tsconfig.explorer.json')).toBe('')
}, 180_000)
