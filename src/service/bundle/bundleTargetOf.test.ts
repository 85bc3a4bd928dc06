import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { bundleTargetOf } from './bundleTargetOf.js'

const sy = { executor: '0x00000000000000000000000000000000000000e1' as Address, router: '0x00000000000000000000000000000000000000e2' as Address, delegate: '0x00000000000000000000000000000000000000e3' as Address }
const from = '0x00000000000000000000000000000000000000f1' as Address
const wallet = '0x00000000000000000000000000000000000000f2' as Address

describe('bundleTargetOf', () => {
  test('router: our executor runs it, the sender calls our router (a spender changes nothing)', () => {
    expect(bundleTargetOf({ routingStrategy: 'router', fromAddress: from, spender: wallet, switchyard: sy })).toEqual({ delegate: false, self: sy.executor, to: sy.router })
  })

  test('delegate: the wallet (spender) DELEGATECALLs our delegate; without a spender the sender is the wallet', () => {
    expect(bundleTargetOf({ routingStrategy: 'delegate', fromAddress: from, spender: wallet, switchyard: sy })).toEqual({ delegate: true, self: wallet, to: sy.delegate })
    expect(bundleTargetOf({ routingStrategy: 'delegate', fromAddress: from, spender: undefined, switchyard: sy })).toEqual({ delegate: true, self: from, to: sy.delegate })
  })
})
