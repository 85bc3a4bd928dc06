import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { build } from '../../scripts/build.mjs'

const repo = resolve(import.meta.dirname, '../..')
let root: string

/** Writes a file of the scratch project (creating folders). */
function put(rel: string, text: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true })
  writeFileSync(join(root, rel), text)
}
const dist = (rel: string) => join(root, 'dist', rel)
/** Moves a file's mtime forward, as `touch` does, without changing its content. */
function touch(rel: string): void {
  const later = new Date(Date.now() + 5_000)
  utimesSync(join(root, rel), later, later)
}
/** Runs the built dist/main.js in a fresh Node and returns what it printed. */
const runDist = () => execFileSync(process.execPath, [dist('main.js')], { encoding: 'utf8' }).trim()

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'switchyard-build-'))
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'))
  put('package.json', '{ "type": "module" }\n')
  put('tsconfig.json', JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, verbatimModuleSyntax: true,
      resolveJsonModule: true, skipLibCheck: true, types: [], outDir: 'dist', rootDir: '.', sourceMap: true,
    },
    include: ['src'],
  }))
  // The same build settings as the repository's own tsconfig.build.json.
  put('tsconfig.build.json', readFileSync(join(repo, 'tsconfig.build.json'), 'utf8'))
  put('src/greeting.ts', "export const greeting: string = 'hello'\n")
  put('src/main.ts', "import { greeting } from './greeting.js'\nimport data from './data/x.json' with { type: 'json' }\nconsole.log(greeting, data.n)\n")
  put('src/data/x.json', '{ "n": 1 }\n')
  put('src/main.test.ts', 'export {}\n')
  put('src/testing/helper.ts', 'export const helper = 1\n')
})
afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})

describe('build --transpile-only (npm start)', () => {
  it('emits every source and asset on the first build, then skips while nothing changed', async () => {
    expect(await build({ root, typecheck: false })).toMatchObject({ skipped: false, mode: 'transpile', emitted: 2, copied: 1, removed: [] })
    expect(runDist()).toBe('hello 1')
    expect(existsSync(dist('main.js.map'))).toBe(true)
    expect(JSON.parse(readFileSync(dist('main.js.map'), 'utf8'))).toMatchObject({ file: 'main.js', sources: ['../src/main.ts'] })
    expect(existsSync(dist('main.test.js'))).toBe(false)
    expect(existsSync(dist('testing/helper.js'))).toBe(false)
    expect(await build({ root, typecheck: false })).toMatchObject({ skipped: true, emitted: 0, copied: 0 })
  })

  it('rebuilds only a touched file', async () => {
    await build({ root, typecheck: false })
    touch('src/greeting.ts')
    expect(await build({ root, typecheck: false })).toMatchObject({ skipped: false, emitted: 1, copied: 0 })
    expect(await build({ root, typecheck: false })).toMatchObject({ skipped: true })
  })

  it('picks up an edited source and an edited asset', async () => {
    await build({ root, typecheck: false })
    put('src/greeting.ts', "export const greeting: string = 'hi there'\n")
    put('src/data/x.json', '{ "n": 2 }\n')
    expect(await build({ root, typecheck: false })).toMatchObject({ skipped: false, emitted: 1, copied: 1 })
    expect(runDist()).toBe('hi there 2')
  })

  it('deletes the outputs of a deleted source, so nothing stale can be imported', async () => {
    await build({ root, typecheck: false })
    rmSync(join(root, 'src/greeting.ts'))
    put('src/main.ts', "console.log('alone')\n")
    rmSync(join(root, 'src/data'), { recursive: true })
    const report = await build({ root, typecheck: false })
    expect(report.removed.sort()).toEqual(['data/x.json', 'greeting.js', 'greeting.js.map'])
    expect(existsSync(dist('greeting.js'))).toBe(false)
    expect(existsSync(dist('data'))).toBe(false)
    expect(runDist()).toBe('alone')
  })

  it('ignores test files, and rebuilds when an output went missing', async () => {
    await build({ root, typecheck: false })
    put('src/main.test.ts', 'export const changed = 1\n')
    expect(await build({ root, typecheck: false })).toMatchObject({ skipped: true })
    rmSync(dist('greeting.js'))
    expect(await build({ root, typecheck: false })).toMatchObject({ skipped: false, emitted: 2 })
    expect(runDist()).toBe('hello 1')
  })

  it('re-emits everything when the TypeScript configuration changes', async () => {
    await build({ root, typecheck: false })
    touch('tsconfig.json')
    expect(await build({ root, typecheck: false })).toMatchObject({ skipped: false, emitted: 2, copied: 1 })
  })
})

describe('build (npm run build: tsc)', () => {
  it('type-checks: a transpile-only dist/ is not enough, a type error fails and is retried', async () => {
    await build({ root, typecheck: false })
    put('src/greeting.ts', 'export const greeting: string = 42\n')
    await expect(build({ root })).rejects.toThrow(/tsc failed:[\s\S]*TS2322/)
    expect(existsSync(dist('.build-stamp.json'))).toBe(false)
    put('src/greeting.ts', "export const greeting: string = 'typed'\n")
    expect(await build({ root })).toMatchObject({ skipped: false, mode: 'tsc' })
    expect(existsSync(dist('.tsbuildinfo'))).toBe(true)
    expect(runDist()).toBe('typed 1')
    expect(await build({ root })).toMatchObject({ skipped: true, mode: 'tsc' })
    // A type-checked dist/ also satisfies npm start.
    expect(await build({ root, typecheck: false })).toMatchObject({ skipped: true })
  })

  it('removes stale outputs after tsc too', async () => {
    await build({ root })
    rmSync(join(root, 'src/greeting.ts'))
    put('src/main.ts', "console.log('alone')\n")
    const report = await build({ root })
    expect(report.removed.sort()).toEqual(['greeting.js', 'greeting.js.map'])
    expect(runDist()).toBe('alone')
  })
})

describe('the route explorer (src/explorer: browser code, bundled)', () => {
  beforeEach(() => {
    put('tsconfig.explorer.json', readFileSync(join(repo, 'tsconfig.explorer.json'), 'utf8'))
    put('src/explorer/main.ts', "import { title } from './title.js'\ndocument.title = title\n")
    put('src/explorer/title.ts', "export const title: string = 'explorer-title-v1'\n")
    put('src/explorer/index.html', '<!doctype html><script type="module" src="/explorer/app.js"></script>\n')
  })

  it('npm start bundles it into dist/explorer/app.js beside its assets, never file by file, and rebuilds it when a source changes', async () => {
    expect(await build({ root, typecheck: false })).toMatchObject({ skipped: false, removed: [] })
    expect(readFileSync(dist('explorer/app.js'), 'utf8')).toContain('explorer-title-v1')
    expect(existsSync(dist('explorer/app.js.map'))).toBe(true)
    expect(readFileSync(dist('explorer/index.html'), 'utf8')).toContain('/explorer/app.js')
    for (const f of ['explorer/main.js', 'explorer/title.js']) expect(existsSync(dist(f)), f).toBe(false)
    expect(runDist()).toBe('hello 1')
    expect(await build({ root, typecheck: false })).toMatchObject({ skipped: true })
    put('src/explorer/title.ts', "export const title: string = 'explorer-title-v2'\n")
    expect(await build({ root, typecheck: false })).toMatchObject({ skipped: false })
    expect(readFileSync(dist('explorer/app.js'), 'utf8')).toContain('explorer-title-v2')
    rmSync(dist('explorer/app.js'))
    expect(await build({ root, typecheck: false })).toMatchObject({ skipped: false })
    expect(existsSync(dist('explorer/app.js'))).toBe(true)
  })

  it('npm run build type-checks it with DOM types: a type error in the page fails the build', async () => {
    expect(await build({ root })).toMatchObject({ skipped: false, mode: 'tsc' })
    expect(existsSync(dist('explorer/app.js'))).toBe(true)
    put('src/explorer/title.ts', 'export const title: string = 42\n')
    await expect(build({ root })).rejects.toThrow(/tsc \(explorer\) failed:[\s\S]*TS2322/)
  })
})
