import type { Address } from 'viem'
import type { ChainAddressBook } from '../chain/addressBook.js'
import { findToken } from '../chain/findToken.js'
import { isNativeAddress } from '../schemas/fields.js'

/** USD value of a raw amount at the pools' mid price (else the reference price), or undefined. */
function usdValue(book: ChainAddressBook, midPrices: ReadonlyMap<string, { price: number }>, token: Address, amount: bigint): number | undefined {
  const entry = isNativeAddress(token) ? findToken(book, book.weth) : findToken(book, token)
  if (!entry) return undefined
  const price = midPrices.get(entry.address.toLowerCase())?.price ?? entry.priceUsd
  if (!(price > 0)) return undefined
  return (Number(amount) / 10 ** entry.decimals) * price
}

/**
 * Price impact in basis points of the simulated trade against USD mid-prices (the pools' own, from
 * `tokenPricesFor`, else the reference price): `(valueIn − valueOut) / valueIn × 10 000`, rounded to
 * 0.01 bps. Inputs are counted after fees.
 * @returns the impact, or null when any token lacks a USD price (spec)
 */
export function computePriceImpact(
  book: ChainAddressBook,
  {
    inputs,
    outputs,
    midPrices = new Map(),
  }: {
    inputs: readonly { token: Address; amount: bigint }[]
    /** Outputs delivered on another chain carry that chain's address book and mid prices. */
    outputs: readonly { token: Address; amount: bigint; book?: ChainAddressBook | undefined; midPrices?: ReadonlyMap<string, { price: number }> | undefined }[]
    midPrices?: ReadonlyMap<string, { price: number }> | undefined
  },
): number | null {
  let valueIn = 0
  let valueOut = 0
  for (const i of inputs) {
    const v = usdValue(book, midPrices, i.token, i.amount)
    if (v === undefined) return null
    valueIn += v
  }
  for (const o of outputs) {
    const v = usdValue(o.book ?? book, o.midPrices ?? midPrices, o.token, o.amount)
    if (v === undefined) return null
    valueOut += v
  }
  if (!(valueIn > 0) || !Number.isFinite(valueIn) || !Number.isFinite(valueOut)) return null
  return Math.round(((valueIn - valueOut) / valueIn) * 10_000 * 100) / 100
}
