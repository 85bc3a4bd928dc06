import { describe, expect, test } from 'vitest'
import { simulateTransaction } from './simulateTransaction.js'

const params = {
  blockNumber: 1n,
  tx: { from: '0x0000000000000000000000000000000000000001', to: '0x0000000000000000000000000000000000000002', data: '0x', value: 0n },
  receiver: '0x0000000000000000000000000000000000000003',
  tokensOut: ['0x0000000000000000000000000000000000000004'],
  multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
} as const

describe('THREATS N3: garbage from the node is UPSTREAM_UNAVAILABLE, never NaN or a 500', () => {
  test.each([
    ['no result', null],
    ['not an array', { foo: 1 }],
    ['no calls', [{ number: '0x2' }]],
    ['too few calls', [{ calls: [] }]],
    ['non-hex status', [{ calls: [{ status: '0x1', returnData: '0x', gasUsed: '0x1' }, { status: 'yes', returnData: '0x', gasUsed: '0x5208' }, { status: '0x1', returnData: '0x', gasUsed: '0x1' }] }]],
    ['garbage balance', [{ calls: [{ status: '0x1', returnData: '0x12', gasUsed: '0x1' }, { status: '0x1', returnData: '0x', gasUsed: '0x5208' }, { status: '0x1', returnData: '0x12', gasUsed: '0x1' }] }]],
  ])('%s', async (_name, answer) => {
    const client = { request: async () => answer } as never
    await expect(simulateTransaction(client, params)).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
  })
})
