/**
 * Compiles every Solidity source under /contracts with the npm `solc` package (its bundled
 * compiler, never a download) and writes one artifact per contract to src/contracts/artifacts/.
 * Run with `npm run contracts:compile`. The artifacts are committed; `compileContracts.test.ts`
 * recompiles and proves the committed bytecode matches the sources.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync, rmSync, existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const solc = require('solc') as {
  version(): string
  compile(input: string, options?: { import(path: string): { contents: string } | { error: string } }): string
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const contractsDir = join(root, 'contracts')
const artifactsDir = join(root, 'src/contracts/artifacts')

/** One compiled contract as stored on disk. */
export type ContractArtifact = {
  contractName: string
  sourceName: string
  compiler: string
  abi: readonly unknown[]
  bytecode: `0x${string}`
  deployedBytecode: `0x${string}`
}

/** Compiler settings; part of the build's identity. */
export const solcSettings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const

function listSources(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry)
    if (statSync(full).isDirectory()) out.push(...listSources(full))
    else if (entry.endsWith('.sol')) out.push(full)
  }
  return out.sort()
}

function findImport(dir: string): (path: string) => { contents: string } | { error: string } {
  return (path) => {
    for (const base of [join(root, 'node_modules'), dir]) {
      const candidate = join(base, path)
      if (existsSync(candidate)) return { contents: readFileSync(candidate, 'utf8') }
    }
    return { error: `File not found: ${path}` }
  }
}

/** Parameters of {@link compileContracts}; the defaults build every artifact of /contracts. */
export type CompileContractsParameters = {
  /** Sources to read instead of /contracts (the Solidity mutation run compiles its sandbox's copy). */
  contractsDir?: string | undefined
  /**
   * Emit artifacts only for these sources (paths under the contracts directory); all sources are still
   * analysed. The bytecode is the same as in a full build: output selection is not part of the metadata.
   */
  only?: readonly string[] | undefined
}

/**
 * Compiles all sources and returns the artifacts keyed by contract name.
 * @param params - another contracts directory, or a subset of sources to emit (both optional)
 * @returns artifacts of every contract with bytecode (interfaces and abstract contracts are skipped)
 * @throws Error listing solc's errors when compilation fails
 */
export function compileContracts(params: CompileContractsParameters = {}): Record<string, ContractArtifact> {
  const dir = params.contractsDir ?? contractsDir
  const sources: Record<string, { content: string }> = {}
  for (const file of listSources(dir)) {
    sources[relative(dir, file)] = { content: readFileSync(file, 'utf8') }
  }
  const selection = solcSettings.outputSelection['*']
  const outputSelection = params.only ? Object.fromEntries(params.only.map((source) => [source, selection])) : solcSettings.outputSelection
  const input = { language: 'Solidity', sources, settings: { ...solcSettings, outputSelection } }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport(dir) })) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>
  }
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  const artifacts: Record<string, ContractArtifact> = {}
  for (const [sourceName, contracts] of Object.entries(output.contracts ?? {})) {
    if (!(sourceName in sources)) continue
    for (const [contractName, c] of Object.entries(contracts)) {
      if (!c.evm.bytecode.object) continue
      if (artifacts[contractName]) throw new Error(`Duplicate contract name ${contractName}`)
      artifacts[contractName] = {
        contractName,
        sourceName,
        compiler: `solc-js ${solc.version()}`,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      }
    }
  }
  return artifacts
}

/** Hash of all sources plus compiler settings; identifies a build. */
export function sourcesHash(): string {
  const h = createHash('sha256').update(solc.version()).update(JSON.stringify(solcSettings))
  for (const file of listSources(contractsDir)) h.update(relative(contractsDir, file)).update(readFileSync(file))
  return h.digest('hex')
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now()
  const artifacts = compileContracts()
  rmSync(artifactsDir, { recursive: true, force: true })
  mkdirSync(artifactsDir, { recursive: true })
  for (const a of Object.values(artifacts)) writeFileSync(join(artifactsDir, `${a.contractName}.json`), `${JSON.stringify(a, null, 2)}\n`)
  console.log(`compiled ${Object.keys(artifacts).length} contracts with solc ${solc.version()} in ${Date.now() - started} ms`)
}
