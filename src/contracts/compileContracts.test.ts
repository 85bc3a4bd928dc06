import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { compileContracts } from './compileContracts.js'
import { regenerateLine, renderAbiFiles } from './generateAbis.js'

const artifactsDir = join(dirname(fileURLToPath(import.meta.url)), 'artifacts')

describe('committed artifacts', () => {
  test('every committed artifact equals a fresh compile of contracts/ (bytecode, runtime code, ABI)', () => {
    const fresh = compileContracts()
    const committed = readdirSync(artifactsDir).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''))
    expect(committed.sort()).toEqual(Object.keys(fresh).sort())
    for (const name of committed) {
      const artifact = JSON.parse(readFileSync(join(artifactsDir, `${name}.json`), 'utf8')) as { bytecode: string; deployedBytecode: string; abi: unknown }
      expect(artifact.bytecode, name).toBe(fresh[name]!.bytecode)
      expect(artifact.deployedBytecode, name).toBe(fresh[name]!.deployedBytecode)
      expect(artifact.abi, name).toEqual(fresh[name]!.abi)
    }
    // solc-js compiles every source on one thread: ~12 s on a quiet machine, several times that while
    // the rest of the suite runs beside it.
  }, 240_000)

  test('generated/abis.ts and generated/testAbis.ts are generated from the committed artifacts', () => {
    for (const [path, text] of Object.entries(renderAbiFiles())) expect(readFileSync(path, 'utf8'), path).toBe(text)
  })

  test('the generated ABI modules sit in generated/ and name their regenerate command on their first line', () => {
    for (const path of Object.keys(renderAbiFiles())) {
      expect(basename(dirname(path)), path).toBe('generated')
      expect(readFileSync(path, 'utf8').split('\n')[0], path).toBe(regenerateLine)
    }
  })
})

describe('compileContracts options (the Solidity mutation run compiles its sandbox this way)', () => {
  test('`only` emits the artifacts of those sources, with the bytecode of the full build', () => {
    const some = compileContracts({ only: ['helpers/SwitchyardMathHelper.sol'] })
    expect(Object.keys(some)).toEqual(['SwitchyardMathHelper'])
    const committed = JSON.parse(readFileSync(join(artifactsDir, 'SwitchyardMathHelper.json'), 'utf8')) as { bytecode: string }
    expect(some['SwitchyardMathHelper']!.bytecode).toBe(committed.bytecode)
  })

  test('`contractsDir` reads the sources of another directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchyard-contracts-'))
    try {
      writeFileSync(join(dir, 'One.sol'), '// SPDX-License-Identifier: MIT\npragma solidity 0.8.28;\ncontract One { function one() external pure returns (uint256) { return 1; } }\n')
      const artifacts = compileContracts({ contractsDir: dir })
      expect(Object.keys(artifacts)).toEqual(['One'])
      expect(artifacts['One']!.sourceName).toBe('One.sol')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
