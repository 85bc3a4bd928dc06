import { readFileSync } from 'node:fs'
import { pad, toHex, type Address, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { loadContractArtifact } from '../contracts/loadContractArtifact.js'
import { DELEGATE_SIMULATOR_TARGET_SLOT, withDelegateSimulator } from './withDelegateSimulator.js'

const wallet: Address = '0x000000000000000000000000000000000000aa11'
const delegate: Address = '0x000000000000000000000000000000000000De1e'
const sender: Address = '0x00000000000000000000000000000000000005e1'
const code = loadContractArtifact('SwitchyardDelegateSimulator').deployedBytecode

describe('withDelegateSimulator', () => {
  test('the slot is the contract\'s TARGET_SLOT, and the compiled forwarder reads it (PUSH32 of the slot)', () => {
    const source = readFileSync(new URL('../../contracts/helpers/SwitchyardDelegateSimulator.sol', import.meta.url), 'utf8')
    expect(/TARGET_SLOT = (0x[0-9a-f]{64});/.exec(source)?.[1]).toBe(DELEGATE_SIMULATOR_TARGET_SLOT)
    expect(code.toLowerCase()).toContain(`7f${DELEGATE_SIMULATOR_TARGET_SLOT.slice(2)}`)
  })

  test('the wallet runs the forwarder with the delegate in the slot; its balance and other storage stay; the input is not changed', () => {
    const other: Hex = `0x${'01'.repeat(32)}`
    const input = { [wallet]: { balance: '0x10' as Hex, stateDiff: { [other]: `0x${'02'.repeat(32)}` as Hex } }, [sender]: { balance: '0x5' as Hex } }
    const copy = structuredClone(input)
    const out = withDelegateSimulator(input, { wallet, delegate, sender, senderBalance: undefined })
    expect(out).toEqual({
      [wallet]: { balance: '0x10', code, stateDiff: { [other]: `0x${'02'.repeat(32)}`, [DELEGATE_SIMULATOR_TARGET_SLOT]: pad(delegate) } },
      [sender]: { balance: '0x5' },
    })
    expect(input).toEqual(copy)
  })

  test('a wallet with no override yet gets code and slot only; the sender is left alone without a balance to set', () => {
    expect(withDelegateSimulator({}, { wallet, delegate, sender, senderBalance: undefined })).toEqual({
      [wallet]: { code, stateDiff: { [DELEGATE_SIMULATOR_TARGET_SLOT]: pad(delegate) } },
    })
  })

  test('with value to send, the sender\'s balance is set (its other overrides kept); the sender may be the wallet itself', () => {
    const out = withDelegateSimulator({ [sender]: { code: '0xfe' } }, { wallet, delegate, sender, senderBalance: 10n ** 18n })
    expect(out[sender]).toEqual({ code: '0xfe', balance: toHex(10n ** 18n) })
    const self = withDelegateSimulator({}, { wallet, delegate, sender: wallet, senderBalance: 3n })
    expect(self[wallet]).toEqual({ code, stateDiff: { [DELEGATE_SIMULATOR_TARGET_SLOT]: pad(delegate) }, balance: '0x3' })
  })
})
