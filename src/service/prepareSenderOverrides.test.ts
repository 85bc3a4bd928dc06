import type { PublicClient } from 'viem'
import { describe, expect, test } from 'vitest'
import { MAX_UINT256, NATIVE_ADDRESS } from '../schemas/fields.js'
import { prepareSenderOverrides } from './prepareSenderOverrides.js'

const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11'
/** A node that must not be asked: the amounts are refused before any read. */
const client = { request: () => Promise.reject(new Error('no node call expected')) } as unknown as PublicClient

describe('prepareSenderOverrides', () => {
  test('issue 24 item 6: native amounts summing past 2^256-1, or a token amount past it, are AMOUNT_TOO_LARGE before any node call', async () => {
    const base = { blockNumber: 1n, from: FROM, spender: undefined, multicall3: MULTICALL3 } as const
    await expect(prepareSenderOverrides(client, { ...base, inputs: [{ token: NATIVE_ADDRESS, amount: MAX_UINT256 }, { token: NATIVE_ADDRESS, amount: 1n }] }))
      .rejects.toMatchObject({ code: 'AMOUNT_TOO_LARGE', message: 'amountIn: the sender would need more than 2^256-1 of 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' })
    await expect(prepareSenderOverrides(client, { ...base, inputs: [{ token: WETH, amount: MAX_UINT256 + 1n }] })).rejects.toMatchObject({ code: 'AMOUNT_TOO_LARGE' })
  })
})
