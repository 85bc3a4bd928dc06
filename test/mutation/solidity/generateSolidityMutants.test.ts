import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { applySolidityMutant, generateSolidityMutants, maskSolidity } from './generateSolidityMutants.js'

const source = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

/// @notice a < b in prose is no operator; neither is "x == y" in a string.
contract Vault is ReentrancyGuardTransient {
    uint256 private constant SLOT = 0x0f;
    address public immutable owner;
    mapping(address who => uint256) public balance;
    error NotOwner(address caller);

    constructor() {
        owner = msg.sender;
    }

    function take(uint256 amount, address to) external nonReentrant {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        if (amount == 0) return;
        (bool ok, bytes memory data) = to.call{value: amount}("");
        ok;
        balance[to] += amount - 1;
        assembly ("memory-safe") {
            tstore(SLOT, 1)
        }
        if (data.length > 0) {
            revert("x == y");
        } else {
            balance[to] = 0;
        }
    }
}
`
const mutants = generateSolidityMutants({ file: 'router/Vault.sol', source })
const shown = mutants.map((m) => `${m.line}:${m.column} ${m.operator} ${m.original.replace(/\s+/g, ' ')} -> ${m.replacement || '∅'}`)

describe('generateSolidityMutants', () => {
  test('finds every operator in code and none in comments, strings, pragma or imports', () => {
    expect(shown).toMatchInlineSnapshot(`
      [
        "8:37 change-constant 0x0f -> 0x10",
        "14:9 delete-statement owner = msg.sender; -> ∅",
        "14:17 swap-caller msg.sender -> address(this)",
        "17:55 delete-modifier  nonReentrant -> ∅",
        "18:9 delete-guard if (msg.sender != owner) revert NotOwner(msg.sender); -> ∅",
        "18:13 swap-caller msg.sender -> address(this)",
        "18:24 flip-comparison != -> ==",
        "19:9 delete-early-exit if (amount == 0) return; -> ∅",
        "19:20 flip-comparison == -> !=",
        "19:23 change-constant 0 -> 1",
        "22:9 delete-statement balance[to] += amount - 1; -> ∅",
        "22:21 swap-arithmetic += -> -=",
        "22:31 swap-arithmetic - -> +",
        "24:13 delete-statement tstore(SLOT, 1) -> ∅",
        "26:25 flip-comparison > -> <=",
        "26:25 flip-comparison > -> >=",
        "26:27 change-constant 0 -> 1",
        "29:13 delete-statement balance[to] = 0; -> ∅",
      ]
    `)
  })

  test('ids are stable and unique; applying a mutant changes exactly its span', () => {
    expect(new Set(mutants.map((m) => m.id)).size).toBe(mutants.length)
    expect(generateSolidityMutants({ file: 'router/Vault.sol', source }).map((m) => m.id)).toEqual(mutants.map((m) => m.id))
    const guard = mutants.find((m) => m.operator === 'delete-guard')!
    expect(guard.id).toBe('router/Vault.sol:18:9:delete-guard:deleted')
    expect(guard.contract).toBe('Vault')
    const mutated = applySolidityMutant(source, guard)
    expect(mutated).not.toContain('revert NotOwner')
    expect(mutated.length).toBe(source.length - guard.original.length)
    expect(() => applySolidityMutant(mutated, guard)).toThrow(/does not match/)
  })

  test('masking keeps offsets and newlines', () => {
    const masked = maskSolidity(source)
    expect(masked.length).toBe(source.length)
    expect(masked.split('\n').length).toBe(source.split('\n').length)
    expect(masked).not.toContain('prose')
    expect(masked).not.toContain('pragma')
  })

  test('every guard of the router is a mutant', () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '../../..')
    const router = readFileSync(join(root, 'contracts/router/SwitchyardRouter.sol'), 'utf8')
    const all = generateSolidityMutants({ file: 'router/SwitchyardRouter.sol', source: router })
    const guards = router.split('\n').filter((line) => /^\s*if \(.*\) revert /.test(line)).length
    // The one-line guards, plus `_run`'s, whose revert sits in a block.
    expect(all.filter((m) => m.operator === 'delete-guard')).toHaveLength(guards + 1)
    expect(all.filter((m) => m.operator === 'delete-modifier')).toHaveLength(4)
  })
})
