// @ts-check
/**
 * Builds `src/` into `dist/`, or skips the build when nothing it reads changed since the last one.
 *
 * `node scripts/build.mjs` (`npm run build`) type-checks and emits with `tsc -p tsconfig.build.json`
 * (incremental: `dist/.tsbuildinfo`). `node scripts/build.mjs --transpile-only` (what `npm start`
 * uses) emits each changed file on its own with TypeScript's `transpileModule`, without type
 * checking, as tsx does; `verbatimModuleSyntax` keeps every file transpilable alone. Both then
 * delete the outputs of deleted sources, copy the non-TypeScript files of `src/` (artifacts,
 * scenarios) and write `dist/.build-stamp.json`: the size and mtime of every input. A later build
 * whose inputs match the stamp, and whose outputs all exist, does nothing.
 *
 * Inputs: `src/**` (except `*.test.ts` and `testing/` folders, which tsconfig.build.json excludes),
 * `proto/**`, tsconfig.json, tsconfig.build.json, tsconfig.explorer.json, package.json,
 * package-lock.json and this file.
 *
 * The route explorer (`src/explorer/`, browser code) is not emitted file by file: esbuild bundles
 * `src/explorer/main.ts` into `dist/explorer/app.js` (+ map) whenever one of its sources changed, and
 * its other files (index.html, styles.css) are copied as assets; the gateway serves that folder at
 * `/explorer`. The type-checked build also checks it with `tsc -p tsconfig.explorer.json` (DOM types).
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, rmdirSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const STAMP_VERSION = 1
const STAMP = '.build-stamp.json'
const TSBUILDINFO = '.tsbuildinfo'
/** Written by scripts/start.mjs (see `lastBuildReportFile`); survives pruning. */
const REPORT = '.build-report.json'
const CONFIG_FILES = ['tsconfig.json', 'tsconfig.build.json', 'tsconfig.explorer.json', 'package.json', 'package-lock.json']
/** The explorer's sources (browser code, bundled) and its entry. */
const EXPLORER_DIR = 'src/explorer/'
const EXPLORER_ENTRY = `${EXPLORER_DIR}main.ts`
/** The bundle, in dist/. */
const EXPLORER_BUNDLE = ['explorer/app.js', 'explorer/app.js.map']
const SELF = fileURLToPath(import.meta.url)
/**
 * Thread entries also bundled into one file each (esbuild, from src/, with what they import from
 * node_modules except `external`): a thread then loads one module instead of hundreds, about 5× less
 * start-up CPU per engine worker (measured 60–85 ms against 370–700 ms for dist/engine/worker.js on the
 * 2-core machine) and 3.5× less for the gateway's app. Bundled, every module sees the bundle's URL as
 * `import.meta.url`: the project's own modules find files through `projectPath` (src/threads), which
 * walks up to the root from wherever it runs. The engine pool and `createThread` prefer a bundle when
 * it exists beside the entry.
 */
const THREAD_BUNDLES = [
  { entry: 'src/engine/worker.ts', out: 'engine/worker.bundle.js', external: ['piscina'] },
  // Left to node_modules: packages that find files of their own from `__dirname` (Swagger UI's assets,
  // grpc-js's channelz protos, pino's transports, ioredis' error stacks), which a bundle would break.
  {
    entry: 'src/gateway/thread/gatewayThread.ts',
    out: 'gateway/thread/gatewayThread.bundle.js',
    external: ['pino', 'thread-stream', '@fastify/swagger', '@fastify/swagger-ui', '@fastify/static', '@grpc/grpc-js', 'ioredis'],
  },
]

/** @param {string} path */
const posix = (path) => path.split(sep).join('/')

/** True for files tsconfig.build.json leaves out, which therefore never reach dist/. @param {string} rel */
function isExcluded(rel) {
  return rel.endsWith('.test.ts') || /(^|\/)testing\//.test(rel)
}

/** Every file under `dir`, as posix paths relative to `root`. @param {string} root @param {string} dir */
function listFiles(root, dir) {
  const abs = join(root, dir)
  if (!existsSync(abs)) return []
  return /** @type {string[]} */ (readdirSync(abs, { recursive: true, withFileTypes: false }))
    .map((f) => posix(join(dir, f)))
    .filter((f) => statSync(join(root, f)).isFile())
    .sort()
}

/**
 * The inputs of a build: `path → "size:mtimeMs"`. Touching or editing a file changes its entry;
 * adding or deleting one changes the key set.
 * @param {string} root
 * @returns {Record<string, string>}
 */
export function readInputs(root) {
  /** @type {Record<string, string>} */
  const inputs = {}
  const add = (/** @type {string} */ rel, /** @type {string} */ abs) => {
    const s = statSync(abs)
    inputs[rel] = `${s.size}:${s.mtimeMs}`
  }
  for (const f of listFiles(root, 'src')) if (!isExcluded(f)) add(f, join(root, f))
  for (const f of listFiles(root, 'proto')) add(f, join(root, f))
  for (const f of CONFIG_FILES) if (existsSync(join(root, f))) add(f, join(root, f))
  add('<build script>', SELF)
  return inputs
}

/** `src/a/b.ts` → `a/b.js`, `a/b.js.map`; `src/x.json` → `x.json`. @param {string} rel */
function outputsOf(rel) {
  const inDist = rel.slice('src/'.length)
  if (!rel.startsWith('src/')) return []
  if (rel.endsWith('.d.ts')) return []
  if (rel === EXPLORER_ENTRY) return EXPLORER_BUNDLE
  if (rel.startsWith(EXPLORER_DIR) && rel.endsWith('.ts')) return []
  if (rel.endsWith('.ts')) {
    const js = `${inDist.slice(0, -'.ts'.length)}.js`
    return [js, `${js}.map`]
  }
  return [inDist]
}

/** @param {Record<string, string>} a @param {Record<string, string>} b */
function sameInputs(a, b) {
  const ka = Object.keys(a)
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k])
}

/** @param {string} dist @returns {{ version: number, mode: 'tsc' | 'transpile', inputs: Record<string, string> } | undefined} */
function readStamp(dist) {
  try {
    const stamp = JSON.parse(readFileSync(join(dist, STAMP), 'utf8'))
    return stamp.version === STAMP_VERSION ? stamp : undefined
  } catch {
    return undefined
  }
}

/** Deletes every file of dist/ that no input produces, then the folders left empty. @param {string} dist @param {Set<string>} keep */
function prune(dist, keep) {
  const removed = []
  if (!existsSync(dist)) return removed
  const files = /** @type {string[]} */ (readdirSync(dist, { recursive: true })).map(posix)
  for (const f of files) {
    const abs = join(dist, f)
    if (!statSync(abs).isFile() || keep.has(f)) continue
    rmSync(abs)
    removed.push(f)
  }
  const dirs = files.filter((f) => existsSync(join(dist, f)) && statSync(join(dist, f)).isDirectory())
  for (const d of dirs.sort((a, b) => b.length - a.length)) {
    if (readdirSync(join(dist, d)).length === 0) rmdirSync(join(dist, d))
  }
  return removed
}

/**
 * Emits `files` (posix paths under src/) with `ts.transpileModule`, source maps shaped like tsc's
 * (`sources` relative to the map). One thread: splitting the files across worker threads loads
 * TypeScript once per thread, which cost more than it saved on a busy 2-core machine.
 * @param {string} root @param {string} dist @param {string[]} files
 */
function transpile(root, dist, files) {
  const require = createRequire(join(root, 'package.json'))
  /** @type {typeof import('typescript')} */
  const ts = require('typescript')
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.build.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    },
  })
  if (!parsed) throw new Error('cannot read tsconfig.build.json')
  // NodeNext decides ESM or CommonJS from package.json, which an isolated transpile cannot see; the
  // package is `"type": "module"`, so emit ES modules (import attributes need ESNext).
  const options = { ...parsed.options, noEmit: false, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler }
  for (const rel of files) {
    const [js, map] = outputsOf(rel)
    if (!js || !map) continue
    const out = ts.transpileModule(readFileSync(join(root, rel), 'utf8'), { compilerOptions: options, fileName: join(root, rel) })
    mkdirSync(dirname(join(dist, js)), { recursive: true })
    writeFileSync(join(dist, js), out.outputText)
    if (out.sourceMapText) {
      const sourceMap = JSON.parse(out.sourceMapText)
      sourceMap.file = js.split('/').pop()
      sourceMap.sources = [posix(relative(dirname(join(dist, js)), join(root, rel)))]
      writeFileSync(join(dist, map), JSON.stringify(sourceMap))
    }
  }
}

/**
 * Bundles the route explorer (`src/explorer/main.ts` and what it imports) into `<outDir>/app.js` with a
 * source map, and copies the folder's other files (index.html, styles.css) beside it: everything the
 * gateway serves at `/explorer`. Does nothing when the project has no explorer.
 * @param {object} params
 * @param {string} params.root - the repository root
 * @param {string} [params.outDir] - default `<root>/dist/explorer`
 * @returns {Promise<boolean>} whether there was an explorer to bundle
 */
export async function buildExplorer({ root, outDir = join(root, 'dist', 'explorer') }) {
  if (!existsSync(join(root, EXPLORER_ENTRY))) return false
  const require = createRequire(join(root, 'package.json'))
  /** @type {typeof import('esbuild')} */
  const esbuild = require('esbuild')
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [EXPLORER_ENTRY],
    outfile: join(outDir, 'app.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'silent',
  })
  for (const rel of listFiles(root, EXPLORER_DIR.slice(0, -1))) {
    if (rel.endsWith('.ts')) continue
    const target = join(outDir, rel.slice(EXPLORER_DIR.length))
    mkdirSync(dirname(target), { recursive: true })
    copyFileSync(join(root, rel), target)
  }
  return true
}

/**
 * Bundles one thread entry into `<dist>/<out>` (+ map), ESM for Node 20. A `require` is provided for
 * CommonJS dependencies that call it.
 * @param {string} root
 * @param {string} dist
 * @param {{ entry: string, out: string, external: string[] }} bundle
 */
async function bundleThread(root, dist, { entry, out, external }) {
  const require = createRequire(join(root, 'package.json'))
  /** @type {typeof import('esbuild')} */
  const esbuild = require('esbuild')
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: join(dist, out),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external,
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'silent',
    banner: { js: "import { createRequire as __switchyardCreateRequire } from 'node:module'; const require = __switchyardCreateRequire(import.meta.url);" },
  })
}

/** Type-checks the explorer's browser code (DOM types) when the project has one; throws with tsc's output. @param {string} root */
function typecheckExplorer(root) {
  if (!existsSync(join(root, 'tsconfig.explorer.json'))) return
  const require = createRequire(join(root, 'package.json'))
  const tsc = require.resolve('typescript/bin/tsc')
  const run = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.explorer.json'), '--noEmit'], { cwd: root, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`tsc (explorer) failed:\n${run.stdout}${run.stderr}`.trimEnd())
}

/** Runs tsc on tsconfig.build.json; throws with its output when it fails. @param {string} root */
function typecheckAndEmit(root) {
  const require = createRequire(join(root, 'package.json'))
  const tsc = require.resolve('typescript/bin/tsc')
  const run = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { cwd: root, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`tsc failed:\n${run.stdout}${run.stderr}`.trimEnd())
}

/**
 * @typedef {object} BuildReport
 * @property {boolean} skipped - nothing changed: no file was written
 * @property {'tsc' | 'transpile'} mode
 * @property {number} ms - wall time of the whole step
 * @property {number} emitted - TypeScript files emitted (all of them for tsc)
 * @property {number} copied - other files copied from src/
 * @property {string[]} removed - dist/ files deleted because their source is gone
 */

/**
 * Brings `dist/` up to date with `src/`.
 * @param {object} params
 * @param {string} params.root - the repository root
 * @param {boolean} [params.typecheck] - run tsc (default); false: transpile changed files only
 * @param {boolean} [params.force] - ignore the stamp
 * @param {string} [params.outDir] - where a transpile-only build writes; default `<root>/dist` (tests build a
 *   private copy). tsc writes where tsconfig.build.json says, so a type-checked build refuses another.
 * @returns {Promise<BuildReport>}
 * @throws Error when tsc reports errors (the stamp is then left as it was, so the next build retries)
 */
export async function build({ root, typecheck = true, force = false, outDir = undefined }) {
  const started = performance.now()
  if (typecheck && outDir !== undefined) throw new Error('outDir: only a transpile-only build writes elsewhere than dist/')
  const dist = outDir ?? join(root, 'dist')
  const mode = typecheck ? 'tsc' : 'transpile'
  const inputs = readInputs(root)
  const expected = new Set([STAMP, TSBUILDINFO, REPORT])
  for (const rel of Object.keys(inputs)) for (const o of outputsOf(rel)) expected.add(o)
  const bundles = THREAD_BUNDLES.filter((b) => inputs[b.entry] !== undefined)
  for (const b of bundles) for (const o of [b.out, `${b.out}.map`]) expected.add(o)
  const stamp = force ? undefined : readStamp(dist)
  const complete = [...expected].every((o) => o === STAMP || o === TSBUILDINFO || o === REPORT || existsSync(join(dist, o)))
  // A transpile-only stamp does not satisfy a type-checked build.
  const current = stamp && complete && sameInputs(stamp.inputs, inputs) && (stamp.mode === 'tsc' || mode === 'transpile')
  const report = (/** @type {Omit<BuildReport, 'ms' | 'mode'>} */ r) => ({ ...r, mode, ms: Math.round(performance.now() - started) })
  if (current) return report({ skipped: true, emitted: 0, copied: 0, removed: [] })

  // Only a complete, stamped dist/ built with the same configuration can be updated file by file.
  const incremental = stamp && complete && CONFIG_FILES.every((f) => stamp.inputs[f] === inputs[f]) && stamp.inputs['<build script>'] === inputs['<build script>']
  const changed = Object.keys(inputs).filter((rel) => rel.startsWith('src/') && (!incremental || stamp.inputs[rel] !== inputs[rel]))
  const sources = changed.filter((rel) => rel.endsWith('.ts') && !rel.endsWith('.d.ts'))
  // tsc re-emits the JSON files it imports in its own formatting; copying every asset after it
  // keeps dist/ byte-identical to src/ whichever build wrote it last.
  const assets = (typecheck ? Object.keys(inputs).filter((rel) => rel.startsWith('src/')) : changed).filter((rel) => !rel.endsWith('.ts'))
  rmSync(join(dist, STAMP), { force: true })
  if (typecheck) {
    // tsc trusts its .tsbuildinfo and does not re-emit an output someone deleted.
    if (!complete) rmSync(join(dist, TSBUILDINFO), { force: true })
    typecheckAndEmit(root)
    typecheckExplorer(root)
  } else {
    // tsc's incremental state no longer describes dist/; the next type-checked build starts over.
    rmSync(join(dist, TSBUILDINFO), { force: true })
    const nodeSources = sources.filter((rel) => !rel.startsWith(EXPLORER_DIR))
    if (nodeSources.length) transpile(root, dist, nodeSources)
  }
  // tsc never sees the explorer (tsconfig.build.json excludes it): esbuild bundles it in both modes.
  const explorerChanged = sources.some((rel) => rel.startsWith(EXPLORER_DIR)) || EXPLORER_BUNDLE.some((o) => !existsSync(join(dist, o)))
  if (explorerChanged) await buildExplorer({ root, outDir: join(dist, 'explorer') })
  // Any node source may be in a thread's import graph: rebuild the bundles whenever one changed.
  const nodeChanged = typecheck || !incremental || sources.some((rel) => !rel.startsWith(EXPLORER_DIR))
  for (const b of bundles) if (nodeChanged || !existsSync(join(dist, b.out))) await bundleThread(root, dist, b)
  for (const rel of assets) {
    const target = join(dist, rel.slice('src/'.length))
    mkdirSync(dirname(target), { recursive: true })
    copyFileSync(join(root, rel), target)
  }
  const removed = prune(dist, expected)
  writeFileSync(join(dist, STAMP), `${JSON.stringify({ version: STAMP_VERSION, mode, inputs }, null, 1)}\n`)
  return report({ skipped: false, emitted: typecheck ? Object.keys(inputs).filter((r) => outputsOf(r).length === 2).length : sources.length, copied: assets.length, removed })
}

/** Where `npm start` leaves the report of the build it ran, for dist/main.js to log. @param {string} root */
export const lastBuildReportFile = (root) => join(root, 'dist', REPORT)

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = new Set(process.argv.slice(2))
  const root = dirname(dirname(SELF))
  try {
    const r = await build({ root, typecheck: !args.has('--transpile-only'), force: args.has('--force') })
    const what = r.skipped ? 'build skipped: dist/ is current' : `built (${r.mode}): ${r.emitted} emitted, ${r.copied} copied, ${r.removed.length} stale removed`
    console.log(`${what} in ${r.ms} ms${r.removed.length ? `\n  removed: ${r.removed.join(', ')}` : ''}`)
  } catch (err) {
    console.error(err instanceof Error ? err.message : err)
    process.exit(1)
  }
}
