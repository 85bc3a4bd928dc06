/**
 * Extracts the Across V3 SpokePool artifacts we deploy on the devnet and writes trimmed copies to
 * `src/contracts/generated/across/`. Run with `npx tsx src/contracts/extractAcrossArtifacts.ts`.
 *
 * `npm install @across-protocol/contracts@3.0.17` fails here: its dependency tree asks for
 * `@truffle/hdwallet-provider@eip1559-beta`, which the registry mirror lacks. The published tarball
 * itself carries Hardhat artifacts, so this script `npm pack`s it into a temporary directory, untars
 * only the files it needs and keeps ABI, creation and runtime bytecode. It also copies OpenZeppelin's
 * `ERC1967Proxy` (a devDependency, absent from the production image) next to them. The output is
 * committed, so CI and the devnet never pack: rerun this only to change the version.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** The npm package and version the SpokePool artifacts come from. */
export const acrossPackage = { name: '@across-protocol/contracts', version: '3.0.17' } as const

/** Where the committed Across artifacts live. */
export const acrossArtifactsDir = join(root, 'src/contracts/generated/across')

/** The command that regenerates the artifacts (first line of the folder's README, and in each file). */
export const acrossGeneratedBy = 'npx tsx src/contracts/extractAcrossArtifacts.ts'

/**
 * The concrete SpokePools we deploy, by contract name, with their Hardhat artifact inside the tarball.
 * `Ethereum_SpokePool` is the L1 spoke (admin = its owner); `Base_SpokePool` is the OP-stack spoke
 * deployed on Base (admin = the L1 `crossDomainAdmin` seen through the L2 cross-domain messenger).
 */
export const acrossSpokePoolSources = {
  Ethereum_SpokePool: 'artifacts/contracts/Ethereum_SpokePool.sol/Ethereum_SpokePool.json',
  Base_SpokePool: 'artifacts/contracts/Base_SpokePool.sol/Base_SpokePool.json',
} as const

/** Byte offsets of unlinked library addresses, by source file and library name (Hardhat format). */
export type AcrossLinkReferences = Record<string, Record<string, readonly { start: number; length: number }[]>>

/** One trimmed artifact as stored on disk. */
export type AcrossArtifact = {
  /** The command that regenerates this file. */
  generatedBy: string
  contractName: string
  /** `<package>@<version>/<path>`. */
  sourceName: string
  /** SPDX licence of the source. */
  license: string
  /** Compiler and the settings that shape the bytecode, read from the package's Hardhat build info. */
  compiler: string
  abi: readonly unknown[]
  bytecode: `0x${string}`
  /** Runtime code as compiled (immutables are zero here; the deployed code carries their values). */
  deployedBytecode: `0x${string}`
  /** Always empty for the contracts we take (checked): no external libraries to link. */
  linkReferences: AcrossLinkReferences
}

type HardhatArtifact = {
  contractName: string
  sourceName: string
  abi: unknown[]
  bytecode: string
  deployedBytecode: string
  linkReferences: AcrossLinkReferences
  deployedLinkReferences: AcrossLinkReferences
}

type BuildInfo = {
  solcLongVersion: string
  input: { settings: { optimizer?: { enabled?: boolean; runs?: number }; viaIR?: boolean; evmVersion?: string } }
}

function compilerOf(info: BuildInfo): string {
  const s = info.input.settings
  const parts = [`solc ${info.solcLongVersion}`]
  if (s.optimizer?.enabled) parts.push(`optimizer runs ${s.optimizer.runs}`)
  if (s.viaIR) parts.push('viaIR')
  parts.push(`evm ${s.evmVersion ?? 'default'}`)
  return parts.join(', ')
}

function spdxOf(source: string): string {
  return /SPDX-License-Identifier:\s*([^\s*]+)/.exec(source)?.[1] ?? 'UNKNOWN'
}

function trim(a: HardhatArtifact, meta: { sourceName: string; license: string; compiler: string }): AcrossArtifact {
  const unlinked = [a.linkReferences, a.deployedLinkReferences].some((r) => Object.keys(r ?? {}).length > 0)
  // An unlinked library shows as a `__$<hash>$__` placeholder in the bytecode; our deploy path does not link.
  if (unlinked || a.bytecode.includes('__$')) throw new Error(`${a.contractName} needs library linking; extend the loader and deployAcross first`)
  return {
    generatedBy: acrossGeneratedBy,
    contractName: a.contractName,
    sourceName: meta.sourceName,
    license: meta.license,
    compiler: meta.compiler,
    abi: a.abi,
    bytecode: a.bytecode as `0x${string}`,
    deployedBytecode: a.deployedBytecode as `0x${string}`,
    linkReferences: {},
  }
}

/** What {@link extractAcrossArtifacts} read: the artifacts and the tarball's identity. */
export type ExtractAcrossArtifactsReturnType = {
  artifacts: AcrossArtifact[]
  /** `npm pack`'s integrity string (sha512) of the tarball the SpokePools came from. */
  integrity: string
  /** The package's LICENSE title line (the SpokePool sources say BUSL-1.1). */
  licenseTitle: string
  /** The `license` field of the package's package.json (it differs from the sources' SPDX headers). */
  packageJsonLicense: string
}

/**
 * Packs `@across-protocol/contracts@3.0.17` from the npm registry into a temporary directory, reads
 * the two SpokePool artifacts, their compiler settings and licence, and OpenZeppelin's ERC1967Proxy.
 * @returns the trimmed artifacts (SpokePools first, then `ERC1967Proxy`) and provenance
 * @throws Error when `npm pack` or `tar` fails, or an artifact needs library linking
 */
export function extractAcrossArtifacts(): ExtractAcrossArtifactsReturnType {
  const tmp = mkdtempSync(join(tmpdir(), 'across-pack-'))
  try {
    const spec = `${acrossPackage.name}@${acrossPackage.version}`
    // --ignore-scripts: packing a registry tarball runs nothing anyway, but say so.
    const packed = JSON.parse(execFileSync('npm', ['pack', spec, '--json', '--ignore-scripts', '--pack-destination', tmp], { cwd: tmp, encoding: 'utf8' })) as {
      filename: string
      integrity: string
    }[]
    const tarball = join(tmp, packed[0]!.filename)
    const artifactPaths = Object.values(acrossSpokePoolSources)
    const dbgPaths = artifactPaths.map((p) => p.replace(/\.json$/, '.dbg.json'))
    const solPaths = artifactPaths.map((p) => `contracts/${p.split('/')[2]}`)
    const wanted = ['package/package.json', 'package/LICENSE', ...[...artifactPaths, ...dbgPaths, ...solPaths].map((p) => `package/${p}`)]
    execFileSync('tar', ['-xzf', tarball, '-C', tmp, ...wanted])
    const pkg = join(tmp, 'package')
    // Each .dbg.json names its Hardhat build info (compiler version and settings); fetch those too.
    const buildInfos = dbgPaths.map((p) => `package/${join(dirname(p), (JSON.parse(readFileSync(join(pkg, p), 'utf8')) as { buildInfo: string }).buildInfo)}`)
    execFileSync('tar', ['-xzf', tarball, '-C', tmp, ...new Set(buildInfos)])
    const artifacts = artifactPaths.map((path, i) => {
      const raw = JSON.parse(readFileSync(join(pkg, path), 'utf8')) as HardhatArtifact
      const info = JSON.parse(readFileSync(join(tmp, buildInfos[i]!), 'utf8')) as BuildInfo
      return trim(raw, {
        sourceName: `${spec}/${raw.sourceName}`,
        license: spdxOf(readFileSync(join(pkg, solPaths[i]!), 'utf8')),
        compiler: compilerOf(info),
      })
    })
    artifacts.push(readErc1967Proxy())
    return {
      artifacts,
      integrity: packed[0]!.integrity,
      licenseTitle: readFileSync(join(pkg, 'LICENSE'), 'utf8').split('\n')[0]!.trim(),
      packageJsonLicense: (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { license: string }).license,
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
}

/** OpenZeppelin's ERC1967Proxy from the installed `@openzeppelin/contracts` (its published Truffle-style build). */
function readErc1967Proxy(): AcrossArtifact {
  const dir = dirname(require.resolve('@openzeppelin/contracts/package.json'))
  const version = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version
  const raw = JSON.parse(readFileSync(join(dir, 'build/contracts/ERC1967Proxy.json'), 'utf8')) as HardhatArtifact
  const source = readFileSync(join(dir, 'proxy/ERC1967/ERC1967Proxy.sol'), 'utf8')
  return trim(raw, {
    sourceName: `@openzeppelin/contracts@${version}/proxy/ERC1967/ERC1967Proxy.sol`,
    license: spdxOf(source),
    compiler: 'as published in the package (build/contracts)',
  })
}

/**
 * Renders the folder's README: the regenerate command first, then provenance and licences.
 * @returns the file's text
 */
export function renderAcrossReadme(result: ExtractAcrossArtifactsReturnType): string {
  const rows = result.artifacts.map((a) => {
    const size = (hex: string) => (hex.length - 2) / 2
    return `| ${a.contractName} | ${a.sourceName} | ${a.license} | ${a.compiler} | ${size(a.bytecode)} | ${size(a.deployedBytecode)} |`
  })
  return [
    `Regenerate: \`${acrossGeneratedBy}\``,
    '',
    '# Across V3 SpokePool artifacts (generated; do not edit)',
    '',
    `Taken from the npm package \`${acrossPackage.name}@${acrossPackage.version}\`, whose dependency tree does not`,
    'install from our registry mirror, so the script packs the tarball and keeps only ABI and bytecode.',
    `Tarball integrity: \`${result.integrity}\`.`,
    '',
    'The ERC1967 proxy is OpenZeppelin\'s, copied from the installed devDependency because the production',
    'image omits dev dependencies. None of them has link references. We deploy them only on the local',
    'devnet (`src/chain/devnet/deployAcross.ts`).',
    '',
    '| Contract | Source | Licence | Compiler | Creation bytes | Runtime bytes |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `Licence: the SpokePool sources and the package's LICENSE file are BUSL-1.1 ("${result.licenseTitle}",`,
    `licensor Risk Labs); the package.json \`license\` field says \`${result.packageJsonLicense}\`. We follow the`,
    'sources and the LICENSE file. ERC1967Proxy is MIT.',
    '',
  ].join('\n')
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now()
  const result = extractAcrossArtifacts()
  rmSync(acrossArtifactsDir, { recursive: true, force: true })
  mkdirSync(acrossArtifactsDir, { recursive: true })
  for (const a of result.artifacts) writeFileSync(join(acrossArtifactsDir, `${a.contractName}.json`), `${JSON.stringify(a, null, 2)}\n`)
  writeFileSync(join(acrossArtifactsDir, 'README.md'), renderAcrossReadme(result))
  console.log(`wrote ${result.artifacts.map((a) => a.contractName).join(', ')} to ${acrossArtifactsDir} in ${Date.now() - started} ms`)
}
