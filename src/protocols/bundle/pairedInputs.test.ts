import type { Address } from 'viem'
import { expect, test } from 'vitest'
import { pairedInputs } from './pairedInputs.js'

const TOKEN: Address = '0x00000000000000000000000000000000000000B2'
const OTHER: Address = '0x00000000000000000000000000000000000000C3'
const ctx = {
  fail: (code: string, field: string, message: string): never => {
    throw new Error(`${code} ${field}: ${message}`)
  },
}

test('pairedInputs: one value or a list each, of one length, else LENGTH_MISMATCH on amountIn', () => {
  expect(pairedInputs(ctx, TOKEN, '5')).toEqual({ tokens: [TOKEN], amounts: ['5'] })
  expect(pairedInputs(ctx, [TOKEN, OTHER], ['5', '6'])).toEqual({ tokens: [TOKEN, OTHER], amounts: ['5', '6'] })
  expect(() => pairedInputs(ctx, [TOKEN, OTHER], '5')).toThrow('LENGTH_MISMATCH amountIn: amountIn has 1 entries but tokenIn has 2')
})
