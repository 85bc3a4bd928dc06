import { describe, expect, test } from 'vitest'
import type { ChainRuntime } from '../../chain/connectChains.js'
import { snapshotVersionOf } from '../../data/snapshotVersionOf.js'
import { FALLBACK_GAS_PRICE, gasPriceAt } from './gasPriceAt.js'

/** A chain whose node answers `price` (or fails), counting its reads. */
function chainWith(price: bigint | Error) {
  const chain = { reads: 0, client: { getGasPrice: async () => {
    chain.reads++
    if (price instanceof Error) throw price
    return price
  } } }
  return chain as typeof chain & Pick<ChainRuntime, 'client'>
}

describe('gasPriceAt', () => {
  test('issue 28 item 6: two chains at the same block number and hash each read their own price, once per version', async () => {
    const hash = `0x${'9a'.repeat(32)}` as const
    const [one, base] = [chainWith(30_000_000_000n), chainWith(5_000_000n)]
    const v1 = snapshotVersionOf({ chainId: 1, blockNumber: 100n, hash })
    const v8453 = snapshotVersionOf({ chainId: 8453, blockNumber: 100n, hash })
    expect(await gasPriceAt(one, v1)).toBe(30_000_000_000n)
    expect(await gasPriceAt(base, v8453)).toBe(5_000_000n)
    expect(await gasPriceAt(one, v1)).toBe(30_000_000_000n)
    expect([one.reads, base.reads]).toEqual([1, 1])
  })

  test('the routes of one block asking at once share one read', async () => {
    const chain = chainWith(7n)
    const version = snapshotVersionOf({ chainId: 1, blockNumber: 101n, hash: `0x${'9b'.repeat(32)}` })
    expect(await Promise.all(Array.from({ length: 50 }, () => gasPriceAt(chain, version)))).toEqual(Array(50).fill(7n))
    expect(chain.reads).toBe(1)
  })

  test('a node that will not say: 1 gwei', async () => {
    expect(await gasPriceAt(chainWith(new Error('down')), '1:5:00')).toBe(FALLBACK_GAS_PRICE)
  })
})
