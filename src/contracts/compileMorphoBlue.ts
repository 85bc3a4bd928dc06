/**
 * Compiles Morpho Blue (`Morpho.sol`) and Morpho's `OracleMock` from the npm package
 * `@morpho-org/morpho-blue` with solc 0.8.19 (npm alias `solc-0819`, its bundled soljson: never a
 * download) and the settings of Morpho's own `foundry.toml`, and writes one artifact per contract to
 * `src/contracts/generated/morpho-blue/`. Run with `npm run contracts:compile-morpho`. The artifacts
 * are committed (the devnet never compiles at boot); `compileMorphoBlue.test.ts` recompiles and
 * proves they match. Morpho needs exactly 0.8.19, so it does not share our 0.8.28 build.
 */
import { mkdirSync, readFileSync, rmSync, existsSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const solc = require('solc-0819') as {
  version(): string
  compile(input: string, options?: { import(path: string): { contents: string } | { error: string } }): string
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const packageName = '@morpho-org/morpho-blue'
const packageDir = dirname(require.resolve(`${packageName}/package.json`))

/** Where the committed Morpho Blue artifacts live. */
export const morphoBlueArtifactsDir = join(root, 'src/contracts/generated/morpho-blue')

/** The command that regenerates the artifacts (written into each one). */
export const morphoBlueGeneratedBy = 'npm run contracts:compile-morpho (src/contracts/compileMorphoBlue.ts)'

/** The sources compiled, relative to the package root; every contract with bytecode in them gets an artifact. */
export const morphoBlueSources = ['src/Morpho.sol', 'src/mocks/OracleMock.sol'] as const

/**
 * Compiler settings of Morpho Blue's `foundry.toml` (`via_ir = true`, `optimizer_runs = 999999`,
 * `bytecode_hash = "none"`, `evm_version = "paris"`); part of the build's identity.
 */
export const morphoBlueSolcSettings = {
  viaIR: true,
  optimizer: { enabled: true, runs: 999_999 },
  evmVersion: 'paris',
  metadata: { bytecodeHash: 'none' },
  outputSelection: {
    '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.deployedBytecode.immutableReferences'] },
  },
} as const

/** Byte ranges of one immutable in the runtime code, keyed by the immutable's AST id. */
export type ImmutableReferences = Record<string, readonly { start: number; length: number }[]>

/** One compiled Morpho Blue contract as stored on disk. */
export type MorphoBlueArtifact = {
  /** The command that regenerates this file. */
  generatedBy: string
  contractName: string
  /** `<package>@<version>/<path>`. */
  sourceName: string
  compiler: string
  settings: typeof morphoBlueSolcSettings
  abi: readonly unknown[]
  bytecode: `0x${string}`
  deployedBytecode: `0x${string}`
  /** Where immutables sit in the runtime code (Morpho's `DOMAIN_SEPARATOR` captures `address(this)`). */
  immutableReferences: ImmutableReferences
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version
}

function findImport(path: string): { contents: string } | { error: string } {
  const candidate = join(packageDir, path)
  return existsSync(candidate) ? { contents: readFileSync(candidate, 'utf8') } : { error: `File not found: ${path}` }
}

/**
 * Compiles Morpho Blue and its oracle mock (via-IR: about 15 s in solc-js on one core).
 * @returns artifacts keyed by contract name (`Morpho`, `OracleMock`); libraries without code are skipped
 * @throws Error listing solc's errors when compilation fails
 */
export function compileMorphoBlue(): Record<string, MorphoBlueArtifact> {
  const sources: Record<string, { content: string }> = {}
  for (const file of morphoBlueSources) sources[file] = { content: readFileSync(join(packageDir, file), 'utf8') }
  const input = { language: 'Solidity', sources, settings: morphoBlueSolcSettings }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<string, Record<string, {
      abi: unknown[]
      evm: { bytecode: { object: string }; deployedBytecode: { object: string; immutableReferences?: ImmutableReferences } }
    }>>
  }
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(`solc ${solc.version()} failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  const version = packageVersion()
  const artifacts: Record<string, MorphoBlueArtifact> = {}
  for (const [sourceName, contracts] of Object.entries(output.contracts)) {
    if (!(sourceName in sources)) continue
    for (const [contractName, c] of Object.entries(contracts)) {
      if (!c.evm.bytecode.object) continue
      artifacts[contractName] = {
        generatedBy: morphoBlueGeneratedBy,
        contractName,
        sourceName: `${packageName}@${version}/${sourceName}`,
        compiler: `solc-js ${solc.version()}`,
        settings: morphoBlueSolcSettings,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
        immutableReferences: c.evm.deployedBytecode.immutableReferences ?? {},
      }
    }
  }
  return artifacts
}

/**
 * Renders an artifact exactly as it is committed.
 * @returns the file's text
 */
export function renderMorphoBlueArtifact(artifact: MorphoBlueArtifact): string {
  return `${JSON.stringify(artifact, null, 2)}\n`
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now()
  const artifacts = compileMorphoBlue()
  rmSync(morphoBlueArtifactsDir, { recursive: true, force: true })
  mkdirSync(morphoBlueArtifactsDir, { recursive: true })
  for (const a of Object.values(artifacts)) writeFileSync(join(morphoBlueArtifactsDir, `${a.contractName}.json`), renderMorphoBlueArtifact(a))
  console.log(`compiled ${Object.keys(artifacts).join(', ')} with solc ${solc.version()} in ${Date.now() - started} ms`)
}
