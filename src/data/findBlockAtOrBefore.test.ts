import { InvalidParamsRpcError, RpcRequestError, type PublicClient } from 'viem'
import { describe, expect, it } from 'vitest'
import { findBlockAtOrBefore } from './findBlockAtOrBefore.js'

/** A client over a list of block timestamps; blocks before `oldest` answer as anvil does for state it lacks. */
function fakeClient(times: readonly bigint[], oldest = 0) {
  const asked: bigint[] = []
  const client = {
    async getBlock({ blockNumber }: { blockNumber: bigint }) {
      asked.push(blockNumber)
      if (Number(blockNumber) < oldest) {
        throw new InvalidParamsRpcError(new RpcRequestError({ body: {}, url: 'http://node', error: { code: -32602, message: `BlockOutOfRangeError: block height is ${times.length - 1} but requested ${blockNumber}` } }))
      }
      const timestamp = times[Number(blockNumber)]
      if (timestamp === undefined) throw new Error('no such block')
      return { number: blockNumber, timestamp }
    },
  }
  return { client: client as unknown as PublicClient, asked }
}

const twelveSeconds = Array.from({ length: 1000 }, (_, i) => 1_000_000n + BigInt(i) * 12n)

describe('findBlockAtOrBefore', () => {
  it('finds the last block at or before the time', async () => {
    const { client, asked } = fakeClient(twelveSeconds)
    const head = { head: 999n, headTimestamp: twelveSeconds[999]! }
    expect(await findBlockAtOrBefore(client, { ...head, timestamp: twelveSeconds[700]! })).toEqual({ number: 700n, timestamp: twelveSeconds[700] })
    expect(await findBlockAtOrBefore(client, { ...head, timestamp: twelveSeconds[700]! + 11n })).toEqual({ number: 700n, timestamp: twelveSeconds[700] })
    expect(await findBlockAtOrBefore(client, { ...head, timestamp: twelveSeconds[0]! })).toEqual({ number: 0n, timestamp: twelveSeconds[0] })
    expect(asked.length).toBeLessThan(60)
  })

  it('is the head itself when the head is old enough, and undefined when the chain is younger', async () => {
    const { client } = fakeClient(twelveSeconds)
    expect(await findBlockAtOrBefore(client, { head: 10n, headTimestamp: twelveSeconds[10]!, timestamp: twelveSeconds[10]! })).toEqual({ number: 10n, timestamp: twelveSeconds[10] })
    expect(await findBlockAtOrBefore(client, { head: 999n, headTimestamp: twelveSeconds[999]!, timestamp: 999_999n })).toBeUndefined()
  })

  it('does not read older than it needs, and is undefined when the node lacks the headers', async () => {
    const { client, asked } = fakeClient(twelveSeconds, 990)
    expect(await findBlockAtOrBefore(client, { head: 999n, headTimestamp: twelveSeconds[999]!, timestamp: twelveSeconds[997]! })).toEqual({ number: 997n, timestamp: twelveSeconds[997] })
    expect(asked.every((b) => b >= 990n)).toBe(true)
    expect(asked.length).toBeGreaterThan(0)
    expect(await findBlockAtOrBefore(client, { head: 999n, headTimestamp: twelveSeconds[999]!, timestamp: twelveSeconds[500]! })).toBeUndefined()
  })

  it('lets other errors through', async () => {
    const { client } = fakeClient(twelveSeconds.slice(0, 10))
    await expect(findBlockAtOrBefore(client, { head: 20n, headTimestamp: 5_000_000n, timestamp: 1_000_000n })).rejects.toThrow('no such block')
  })
})
