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

describe('THREATS N3: a successful simulation whose transaction result is garbage', () => {
  const balance = { status: '0x1', returnData: `0x${'00'.repeat(31)}01`, gasUsed: '0x1' }
  const answerWith = (tx: Record<string, unknown>) => [{ calls: [balance, { status: '0x1', returnData: '0x', gasUsed: '0x5208', ...tx }, balance] }]

  test.each([
    ['a log without an address', { logs: [{ topics: [], data: '0x' }] }],
    ['a log whose topics are not hex', { logs: [{ address: '0x0000000000000000000000000000000000000005', topics: ['topic'], data: '0x' }] }],
    ['returnData not hex', { returnData: 'ok' }],
  ])('%s → UPSTREAM_UNAVAILABLE', async (_name, tx) => {
    const client = { request: async () => answerWith(tx) } as never
    await expect(simulateTransaction(client, params)).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
  })

  test('a well-formed one is measured', async () => {
    const log = { address: '0x0000000000000000000000000000000000000005', topics: [`0x${'ab'.repeat(32)}`], data: '0x' }
    const client = { request: async () => answerWith({ logs: [log] }) } as never
    await expect(simulateTransaction(client, params)).resolves.toMatchObject({ status: 'success', gasUsed: 0x5208n, amountsOut: [0n], logs: [log] })
  })

  test('a caller that does not read the logs gets none, and their shape does not matter', async () => {
    const client = { request: async () => answerWith({ logs: [{ topics: ['not hex'] }] }) } as never
    await expect(simulateTransaction(client, { ...params, logs: false })).resolves.toMatchObject({ status: 'success', gasUsed: 0x5208n, amountsOut: [0n], logs: [] })
  })
})
