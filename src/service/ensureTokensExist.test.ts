import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import type { ChainRuntime } from '../chain/connectChains.js'
import { ensureTokensExist } from './ensureTokensExist.js'

/** A chain where `coded` hold code, counting code reads. */
function chainWith(chainId: number, coded: readonly Address[]) {
  const reads: Address[] = []
  const client = {
    getCode: async ({ address }: { address: Address }) => {
      reads.push(address)
      return coded.includes(address) ? '0x6080' : undefined
    },
  }
  return { chain: { chainId, client } as unknown as ChainRuntime, reads }
}

const token = (n: number) => `0x${n.toString(16).padEnd(40, '0')}` as Address

describe('ensureTokensExist', () => {
  test('a token with no code is NO_ROUTE naming it; a found one is read once', async () => {
    const { chain, reads } = chainWith(1, [token(0x11)])
    await ensureTokensExist(chain, [token(0x11)])
    await ensureTokensExist(chain, [token(0x11)])
    expect(reads).toEqual([token(0x11)])
    await expect(ensureTokensExist(chain, [token(0x12)])).rejects.toMatchObject({ code: 'NO_ROUTE', reason: `token ${token(0x12)} has no code on chain 1` })
  })

  test('issue 28 item 6: one address is checked on each chain, whichever chain asks first', async () => {
    // Deployed on chain 1 only (a token not bridged yet).
    const [a, b] = [token(0x21), token(0x22)]
    const one = chainWith(1, [a, b])
    const base = chainWith(8453, [])
    await ensureTokensExist(one.chain, [a])
    await expect(ensureTokensExist(base.chain, [a])).rejects.toMatchObject({ code: 'NO_ROUTE' })
    await expect(ensureTokensExist(base.chain, [b])).rejects.toMatchObject({ code: 'NO_ROUTE' })
    await ensureTokensExist(one.chain, [b])
    expect([one.reads, base.reads]).toEqual([[a, b], [a, b]])
  })
})
