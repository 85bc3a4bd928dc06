import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import type { ChainAddressBook } from '../../chain/addressBook.js'
import { a, bookOf, USDC, WETH } from '../testing/sampleAddressBook.js'
import { bundlePriceImpactOf } from './bundlePriceImpactOf.js'

const book = bookOf()
/** Base: its own USDC (other address, $1) and WETH at another price. */
const BASE_USDC = a(0x8453)
const baseBook = { ...bookOf(), chainId: 8453, tokens: { USDC: { ...book.tokens.USDC!, address: BASE_USDC } } } as ChainAddressBook
const receiver = a(0x999)
const delivery = (p: { chainId?: number; token: Address; amount: bigint; output?: boolean }) => ({ chainId: 8453, receiver, output: true, ...p })

describe('bundlePriceImpactOf', () => {
  test('inputs against source outputs at the source\'s prices: 3 000 USDC for 0.99 WETH at $3 000 is 100 bps', async () => {
    const impact = await bundlePriceImpactOf({
      book, midPrices: new Map(), inputs: [{ token: USDC, amount: 3_000n * 10n ** 6n }], sourceOut: new Map([[WETH, 99n * 10n ** 16n]]), bridged: [],
      destination: () => { throw new Error('no destination') },
    })
    expect(impact).toBe(100)
  })

  test('the source\'s mid prices are used', async () => {
    const impact = await bundlePriceImpactOf({
      book, midPrices: new Map([[WETH.toLowerCase(), { price: 2_970 }]]), inputs: [{ token: USDC, amount: 3_000n * 10n ** 6n }], sourceOut: new Map([[WETH, 10n ** 18n]]), bridged: [],
      destination: () => { throw new Error('no destination') },
    })
    expect(impact).toBe(100)
  })

  test('bridged outputs at their destination\'s book and prices, read once per chain; refunds and empty deliveries left out', async () => {
    const asked: number[] = []
    const impact = await bundlePriceImpactOf({
      book, midPrices: new Map(), inputs: [{ token: USDC, amount: 2_000n * 10n ** 6n }], sourceOut: new Map([[WETH, 2n * 10n ** 17n]]), // $600 on the source
      bridged: [
        delivery({ token: BASE_USDC, amount: 700n * 10n ** 6n }),
        delivery({ token: BASE_USDC, amount: 680n * 10n ** 6n }),
        delivery({ token: BASE_USDC, amount: 500n * 10n ** 6n, output: false }),
        delivery({ token: BASE_USDC, amount: 0n }),
      ],
      destination: async (chainId) => (asked.push(chainId), { book: baseBook, midPrices: new Map() }),
    })
    // in 2 000, out 600 + 700 + 680 = 1 980: 100 bps
    expect(impact).toBe(100)
    expect(asked).toEqual([8453])
  })

  test('null when the bundle pulls nothing or delivers nothing (not even through a bridge)', async () => {
    const never = () => { throw new Error('no destination') }
    expect(await bundlePriceImpactOf({ book, midPrices: new Map(), inputs: [], sourceOut: new Map([[WETH, 1n]]), bridged: [], destination: never })).toBeNull()
    expect(await bundlePriceImpactOf({ book, midPrices: new Map(), inputs: [{ token: USDC, amount: 1n }], sourceOut: new Map(), bridged: [delivery({ token: BASE_USDC, amount: 5n, output: false })], destination: never })).toBeNull()
    // a bridged output that delivers nothing is no output (not a 100 % impact)
    expect(await bundlePriceImpactOf({ book, midPrices: new Map(), inputs: [{ token: USDC, amount: 1n }], sourceOut: new Map(), bridged: [delivery({ token: BASE_USDC, amount: 0n })], destination: never })).toBeNull()
    // nothing pulled: no destination is read
    expect(await bundlePriceImpactOf({ book, midPrices: new Map(), inputs: [], sourceOut: new Map(), bridged: [delivery({ token: BASE_USDC, amount: 5n })], destination: never })).toBeNull()
  })

  test('only bridged outputs: priced on the destination', async () => {
    const impact = await bundlePriceImpactOf({
      book, midPrices: new Map(), inputs: [{ token: USDC, amount: 1_000n * 10n ** 6n }], sourceOut: new Map(),
      bridged: [delivery({ token: BASE_USDC, amount: 990n * 10n ** 6n })],
      destination: async () => ({ book: baseBook, midPrices: new Map() }),
    })
    expect(impact).toBe(100)
  })

  test('a bridged token unknown to the source book is priced (it is only in the destination\'s book)', async () => {
    // priced with the source book, BASE_USDC has no price and the impact would be null
    const impact = await bundlePriceImpactOf({
      book, midPrices: new Map(), inputs: [{ token: USDC, amount: 1_000n * 10n ** 6n }], sourceOut: new Map([[USDC, 1n]]),
      bridged: [delivery({ token: BASE_USDC, amount: 1_000n * 10n ** 6n - 1n })],
      destination: async () => ({ book: baseBook, midPrices: new Map([[BASE_USDC.toLowerCase(), { price: 1 }]]) }),
    })
    expect(impact).toBe(0)
  })
})
