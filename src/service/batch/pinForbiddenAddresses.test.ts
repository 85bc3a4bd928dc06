import { describe, expect, test } from 'vitest'
import type { ChainAddressBook } from '../../chain/addressBook.js'
import { assertUsableAddresses } from '../assertUsableAddresses.js'
import type { ServiceContext } from '../context.js'
import type { ForbiddenAddresses } from '../forbiddenAddressesOf.js'
import { pinForbiddenAddresses } from './pinForbiddenAddresses.js'

const POOL = '0x00000000000000000000000000000000000a11ce'
const LATER = '0x00000000000000000000000000000000000b0b00'

describe('pinForbiddenAddresses', () => {
  test('reads each book once through the context\'s reader; another pin reads again', () => {
    const reads: ChainAddressBook[] = []
    const books = [{ chainId: 1 }, { chainId: 8453 }] as unknown as ChainAddressBook[]
    const read = (book: ChainAddressBook): ForbiddenAddresses => {
      reads.push(book)
      return new Map([[`0x${'0'.repeat(39)}${reads.length}`, { kind: 'protocol', path: 'x' }]])
    }
    const pinned = pinForbiddenAddresses({ forbiddenAddresses: read })
    const first = pinned.forbiddenAddresses!(books[0]!)
    expect(pinned.forbiddenAddresses!(books[0]!)).toBe(first)
    pinned.forbiddenAddresses!(books[1]!)
    pinned.forbiddenAddresses!(books[1]!)
    expect(reads).toEqual([books[0], books[1]])
    pinForbiddenAddresses({ forbiddenAddresses: read }).forbiddenAddresses!(books[0]!)
    expect(reads).toHaveLength(3)
  })

  test('the checks of a pinned context see the book as it stood at its first read (forbiddenAddressesOf by default)', () => {
    const book = { chainId: 1, uniswapV2: { pairs: [POOL] } } as unknown as ChainAddressBook
    const base: Pick<ServiceContext, 'chains' | 'forbiddenAddresses'> = { chains: { 1: { addressBook: book } } as unknown as ServiceContext['chains'] }
    const ctx = pinForbiddenAddresses(base)
    const refusal = (receiver: string) => {
      try {
        assertUsableAddresses(ctx, { sender: { field: 'fromAddress', address: '0x00000000000000000000000000000000001b0b00' }, receivers: [{ field: 'receiver', address: receiver as `0x${string}` }] })
        return undefined
      } catch (error) {
        return (error as { code?: string }).code
      }
    }
    expect(refusal(POOL)).toBe('RECEIVER_IS_PROTOCOL_CONTRACT')
    // Discovery adds a pool to the book in place: the pinned batch keeps its first read, a new pin sees it.
    ;(book as unknown as { uniswapV2: { pairs: string[] } }).uniswapV2.pairs.push(LATER)
    expect(refusal(LATER)).toBeUndefined()
    const fresh = pinForbiddenAddresses(base)
    expect(() => assertUsableAddresses(fresh, { sender: { field: 'fromAddress', address: '0x00000000000000000000000000000000001b0b00' }, receivers: [{ field: 'receiver', address: LATER }] })).toThrow(/protocol/i)
  })
})
