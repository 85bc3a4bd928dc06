/**
 * `npm run test:mutation:solidity [-- options]`: mutation testing of our Solidity (contracts/router and
 * contracts/helpers). For each mutant, one at a time, in a sandbox copy of the project: write the mutated
 * source, recompile the sources that depend on it with `compileContracts`, write their artifacts, run the
 * contract test files that cover the source (vitest, `--bail 1`), record the outcome, restore the source
 * and artifacts. Results are appended to a JSON Lines file, so a run can stop and resume.
 *
 * Options:
 *   --files a,b     only sources whose path under contracts/ contains one of these strings
 *   --ids k1,k2     only these mutants (ids or 8-digit keys, as `--list` prints them)
 *   --sample n      a deterministic 1/n sample of every contract: the ⌈k/n⌉ of its k mutants with the
 *                   lowest sha-256(seed, id)
 *   --seed s        seed of the sample (default `switchyard`)
 *   --limit n       test at most n mutants in this invocation
 *   --force         test again mutants that already have a result
 *   --no-confirm    a mutant that survives its source's test files is not re-run against all contract tests
 *   --skip-dry-run  do not first run the selected test files on the unmutated contracts
 *   --timeout s     per test run (default 600); past it the mutant counts as killed (timeout)
 *   --results path  JSON Lines results (default .switchyard/mutation/solidity.jsonl)
 *   --sandbox path  scratch copy of the project (default .switchyard/solidity-mutation/sandbox)
 *   --working-tree  mutate and test the checkout as it is, uncommitted changes included (default: the
 *                   committed HEAD, so work in progress in a shared checkout never reaches the tests)
 *   --list          print the selected mutants and exit
 *   --report        print the scores and the survivors from the results file and exit
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { type ContractArtifact, compileContracts } from '../../../src/contracts/compileContracts.js'
import { createMutationSandbox } from './createMutationSandbox.js'
import { findDependentSources } from './findDependentSources.js'
import { type SolidityMutant, applySolidityMutant, generateSolidityMutants } from './generateSolidityMutants.js'
import { runContractTests } from './runContractTests.js'
import { allContractTests, solidityMutationFolders, solidityMutationTests } from './solidityMutationTargets.js'
import { type SolidityMutantResult, type SolidityMutantStatus, renderSolidityMutationReport } from './summarizeSolidityMutation.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const log = (line: string) => process.stdout.write(`${line}\n`)

const { values: opts } = parseArgs({
  options: {
    files: { type: 'string' },
    ids: { type: 'string' },
    sample: { type: 'string' },
    seed: { type: 'string', default: 'switchyard' },
    limit: { type: 'string' },
    force: { type: 'boolean', default: false },
    'no-confirm': { type: 'boolean', default: false },
    'skip-dry-run': { type: 'boolean', default: false },
    timeout: { type: 'string', default: '600' },
    results: { type: 'string', default: join(root, '.switchyard/mutation/solidity.jsonl') },
    sandbox: { type: 'string', default: join(root, '.switchyard/solidity-mutation/sandbox') },
    list: { type: 'boolean', default: false },
    report: { type: 'boolean', default: false },
    'working-tree': { type: 'boolean', default: false },
  },
})

const resultsFile = resolve(opts.results)
const from = opts['working-tree'] ? 'working-tree' : 'HEAD'
const contractsDir = join(root, 'contracts')
const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 })
/** The mutated sources (paths under contracts/) of the version the sandbox copies, with their text. */
const sources: Record<string, string> = Object.fromEntries(
  solidityMutationFolders.flatMap((folder) => {
    const files =
      from === 'HEAD'
        ? git('ls-tree', '--name-only', 'HEAD', `contracts/${folder}/`).split('\n').filter(Boolean).map((path) => path.slice('contracts/'.length))
        : readdirSync(join(contractsDir, folder)).map((f) => `${folder}/${f}`)
    return files
      .filter((f) => f.endsWith('.sol'))
      .sort()
      .map((f) => [f, from === 'HEAD' ? git('show', `HEAD:contracts/${f}`) : readFileSync(join(contractsDir, f), 'utf8')])
  }),
)
const sourceFiles = Object.keys(sources)
const sourceHashes = Object.fromEntries(sourceFiles.map((f) => [f, sha256(sources[f]!)]))

/** The latest result per mutant id, for the current sources only. */
function readResults(): Map<string, SolidityMutantResult> {
  const results = new Map<string, SolidityMutantResult>()
  if (!existsSync(resultsFile)) return results
  for (const line of readFileSync(resultsFile, 'utf8').split('\n')) {
    if (!line.trim()) continue
    const r = JSON.parse(line) as SolidityMutantResult
    if (sourceHashes[r.file] === r.sourceHash) results.set(r.id, r)
  }
  return results
}

const keyOf = (id: string) => sha256(id).slice(0, 8)
const contractName = (m: SolidityMutant) => m.contract || basename(m.file, '.sol')

// Select the mutants.
const fileFilter = opts.files?.split(',').map((s) => s.trim()).filter(Boolean)
const idFilter = opts.ids ? new Set(opts.ids.split(',').map((s) => s.trim())) : undefined
const generated = sourceFiles
  .filter((f) => !fileFilter || fileFilter.some((s) => f.includes(s)))
  .flatMap((file) => generateSolidityMutants({ file, source: sources[file]! }))
  .filter((m) => !idFilter || idFilter.has(m.id) || idFilter.has(keyOf(m.id)))

/** Per contract, the ⌈k/n⌉ of its k mutants with the lowest sha-256(seed, id): every contract is sampled. */
function sampleMutants(all: readonly SolidityMutant[], n: number): SolidityMutant[] {
  if (n <= 1) return [...all]
  const rank = (m: SolidityMutant) => sha256(`${opts.seed}:${m.id}`)
  const picked = new Set<string>()
  for (const c of new Set(all.map((m) => `${m.file}#${contractName(m)}`))) {
    const group = all.filter((m) => `${m.file}#${contractName(m)}` === c).sort((a, b) => rank(a).localeCompare(rank(b)))
    for (const m of group.slice(0, Math.ceil(group.length / n))) picked.add(m.id)
  }
  return all.filter((m) => picked.has(m.id))
}
let mutants = sampleMutants(generated, Number(opts.sample ?? 1))

if (opts.report) {
  const results = readResults()
  const selected = mutants.map((m) => results.get(m.id)).filter((r): r is SolidityMutantResult => r !== undefined)
  log(renderSolidityMutationReport(selected))
  log(`\n${selected.length} of ${mutants.length} selected mutants have a result (${resultsFile}).`)
  process.exit(0)
}
if (opts.list) {
  for (const m of mutants) log(`${keyOf(m.id)} ${m.id.split(':').slice(0, 3).join(':')} [${contractName(m)}] ${m.operator} ${JSON.stringify(m.original)} -> ${JSON.stringify(m.replacement)}`)
  log(`${mutants.length} mutants`)
  process.exit(0)
}

const done = readResults()
const total = mutants.length
if (!opts.force) mutants = mutants.filter((m) => !done.has(m.id))
log(`${total} mutants selected, ${total - mutants.length} already have a result`)
if (opts.limit) mutants = mutants.slice(0, Number(opts.limit))
if (!mutants.length) process.exit(0)

// The sandbox: a copy of the project, its sources and artifacts mutated and restored one mutant at a time.
const sandbox = createMutationSandbox({ root, sandbox: resolve(opts.sandbox), from })
const sandboxContracts = join(sandbox, 'contracts')
const sandboxArtifacts = join(sandbox, 'src/contracts/artifacts')
const devnetCache = join(sandbox, '.switchyard/cache')
const dependents = findDependentSources(sandboxContracts)
const timeoutMs = Number(opts.timeout) * 1000
mkdirSync(dirname(resultsFile), { recursive: true })

/** Bytecode without solc's CBOR metadata (the IPFS hash of the sources changes with any edit). */
const stripMetadata = (code: string) => code.replace(/a264697066735822[0-9a-f]{68}64736f6c6343[0-9a-f]{6}0033/g, '')
const bytecodeHash = (artifacts: Record<string, ContractArtifact>) =>
  sha256(Object.keys(artifacts).sort().map((name) => `${name}:${stripMetadata(artifacts[name]!.bytecode)}`).join('\n'))

/** Per source: the unmutated compile of its dependents, checked against the committed artifacts. */
const baselines = new Map<string, { hash: string; artifactTexts: Record<string, string> }>()
function baselineOf(file: string) {
  const hit = baselines.get(file)
  if (hit) return hit
  const artifacts = compileContracts({ contractsDir: sandboxContracts, only: dependents[file] })
  const artifactTexts: Record<string, string> = {}
  for (const [name, a] of Object.entries(artifacts)) {
    const text = readFileSync(join(sandboxArtifacts, `${name}.json`), 'utf8')
    if ((JSON.parse(text) as ContractArtifact).bytecode !== a.bytecode) {
      throw new Error(`src/contracts/artifacts/${name}.json is not the compile of contracts/: run npm run contracts:compile first`)
    }
    artifactTexts[name] = text
  }
  const baseline = { hash: bytecodeHash(artifacts), artifactTexts }
  baselines.set(file, baseline)
  return baseline
}

const testsOf = (file: string) => solidityMutationTests[file] ?? allContractTests
const cachedStates = () => new Set(existsSync(devnetCache) ? readdirSync(devnetCache) : [])

if (!opts['skip-dry-run']) {
  const files = [...new Set(mutants.flatMap((m) => testsOf(m.file)))]
  const withConfirm = opts['no-confirm'] ? files : [...new Set([...files, ...allContractTests])]
  log(`dry run: ${withConfirm.length} test files on the unmutated contracts`)
  const dry = await runContractTests({ sandbox, files: withConfirm, timeoutMs })
  if (dry.outcome !== 'passed') throw new Error(`the tests fail without any mutant (${dry.outcome}): ${dry.failure ?? ''}`)
  log(`dry run passed in ${(dry.ms / 1000).toFixed(0)} s`)
}
const baselineStates = cachedStates()
const testedNow = new Map<string, SolidityMutantResult>()

/** Compiles, tests and restores one mutant. */
async function testMutant(m: SolidityMutant): Promise<{ status: SolidityMutantStatus; detail?: string | undefined; bytecodeHash?: string | undefined }> {
  const baseline = baselineOf(m.file)
  const sourcePath = join(sandboxContracts, m.file)
  const original = readFileSync(sourcePath, 'utf8')
  writeFileSync(sourcePath, applySolidityMutant(original, m))
  try {
    let artifacts: Record<string, ContractArtifact>
    try {
      artifacts = compileContracts({ contractsDir: sandboxContracts, only: dependents[m.file] })
    } catch (error) {
      const message = (error as Error).message.split('\n').find((l) => /Error/.test(l) && !/^solc failed/.test(l))
      return { status: 'invalid', detail: message?.trim().slice(0, 200) }
    }
    const hash = bytecodeHash(artifacts)
    if (hash === baseline.hash) return { status: 'equivalent', detail: 'same bytecode as the original' }
    // Another mutant of this invocation (same tests) compiled to the same code: its outcome is this one's.
    const twin = [...testedNow.values()].find((r) => r.file === m.file && r.bytecodeHash === hash && (r.status === 'killed' || r.status === 'survived'))
    if (twin) return { status: twin.status, detail: `same bytecode as ${twin.key} (${twin.detail ?? twin.status})`, bytecodeHash: hash }
    for (const a of Object.values(artifacts)) writeFileSync(join(sandboxArtifacts, `${a.contractName}.json`), `${JSON.stringify(a, null, 2)}\n`)
    const own = testsOf(m.file)
    const first = await runContractTests({ sandbox, files: own, timeoutMs })
    if (first.outcome === 'timeout') return { status: 'timeout', bytecodeHash: hash }
    if (first.outcome === 'failed') return { status: 'killed', detail: first.failure, bytecodeHash: hash }
    const rest = allContractTests.filter((f) => !own.includes(f))
    if (opts['no-confirm'] || !rest.length) return { status: 'survived', bytecodeHash: hash }
    const second = await runContractTests({ sandbox, files: rest, timeoutMs })
    if (second.outcome === 'timeout') return { status: 'timeout', bytecodeHash: hash }
    if (second.outcome === 'failed') return { status: 'killed', detail: `${second.failure} (not by the source's own test files)`, bytecodeHash: hash }
    return { status: 'survived', bytecodeHash: hash }
  } finally {
    writeFileSync(sourcePath, original)
    for (const [name, text] of Object.entries(baseline.artifactTexts)) writeFileSync(join(sandboxArtifacts, `${name}.json`), text)
    // Devnet states built for this mutant's bytecode are never read again.
    for (const f of cachedStates()) if (!baselineStates.has(f)) rmSync(join(devnetCache, f), { force: true })
  }
}

let n = 0
for (const m of mutants) {
  const started = Date.now()
  const outcome = await testMutant(m)
  const result: SolidityMutantResult = {
    id: m.id,
    key: keyOf(m.id),
    file: m.file,
    contract: contractName(m),
    line: m.line,
    column: m.column,
    operator: m.operator,
    original: m.original,
    replacement: m.replacement,
    status: outcome.status,
    detail: outcome.detail,
    sourceHash: sourceHashes[m.file]!,
    bytecodeHash: outcome.bytecodeHash,
    ms: Date.now() - started,
    at: new Date().toISOString(),
  }
  appendFileSync(resultsFile, `${JSON.stringify(result)}\n`)
  done.set(m.id, result)
  testedNow.set(m.id, result)
  n++
  log(`[${n}/${mutants.length}] ${result.status.padEnd(10)} ${result.key} ${m.file}:${m.line}:${m.column} ${m.operator} ${JSON.stringify(m.original.replace(/\s+/g, ' ').slice(0, 60))} -> ${JSON.stringify(m.replacement)} (${(result.ms / 1000).toFixed(0)} s)${result.detail ? ` — ${result.detail.slice(0, 140)}` : ''}`)
}
const selected = [...done.values()].filter((r) => sourceFiles.includes(r.file))
log(`\n${renderSolidityMutationReport(selected)}`)
