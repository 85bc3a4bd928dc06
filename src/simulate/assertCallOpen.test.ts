import { describe, expect, it } from 'vitest'
import { CallEndedError } from '../errors/callEnded.js'
import { assertCallOpen } from './assertCallOpen.js'
import { simulateTransaction } from './simulateTransaction.js'

describe('assertCallOpen', () => {
  it('passes an open call, and throws CANCELLED for an aborted signal, DEADLINE_EXCEEDED for a passed deadline', () => {
    expect(() => assertCallOpen({}, 'simulation')).not.toThrow()
    expect(() => assertCallOpen({ signal: new AbortController().signal, deadline: Date.now() + 60_000 }, 'simulation')).not.toThrow()
    const aborted = new AbortController()
    aborted.abort()
    expect(() => assertCallOpen({ signal: aborted.signal }, 'simulation')).toThrow(CallEndedError)
    expect(() => assertCallOpen({ signal: aborted.signal }, 'simulation')).toThrow(expect.objectContaining({ code: 'CANCELLED', shortMessage: 'The request was cancelled before its simulation.' }))
    expect(() => assertCallOpen({ deadline: Date.now() - 1 }, 'search')).toThrow(expect.objectContaining({ code: 'DEADLINE_EXCEEDED', shortMessage: "The request's deadline passed before its search." }))
  })

  it('simulateTransaction sends nothing for a call that has ended', async () => {
    const sent: string[] = []
    const client = { request: async ({ method }: { method: string }) => { sent.push(method); throw new Error('not reached') } }
    const aborted = new AbortController()
    aborted.abort()
    const params = {
      blockNumber: 1n, tx: { from: `0x${'11'.repeat(20)}`, to: `0x${'22'.repeat(20)}`, data: '0x', value: 0n }, receiver: `0x${'33'.repeat(20)}`,
      tokensOut: [], multicall3: `0x${'44'.repeat(20)}`, end: { signal: aborted.signal },
    } as const
    await expect(simulateTransaction(client as never, params)).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(sent).toEqual([])
  })
})
