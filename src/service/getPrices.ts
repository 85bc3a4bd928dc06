import { z } from 'zod'
import { findToken } from '../chain/findToken.js'
import { tokenPricesFor } from '../data/tokenPricesFor.js'
import { UnsupportedChainError } from '../errors/request.js'
import { addressSchema, chainIdSchema, isNativeAddress } from '../schemas/fields.js'
import { toInvalidRequestError } from '../schemas/toInvalidRequestError.js'
import type { ServiceContext } from './context.js'
import type { PriceAnswer } from './types.js'
import { withUpstream } from './withUpstream.js'

/** Most addresses one prices request may carry (THREATS F8). */
export const MAX_PRICE_ADDRESSES = 100

const pricesRequestSchema = z.strictObject({
  chainId: chainIdSchema,
  addresses: z.array(addressSchema).min(1).max(MAX_PRICE_ADDRESSES),
})

/**
 * USD prices of tokens on one chain, read from the current state of its pools (see
 * `computeTokenPrices`), with a confidence score. The native coin is priced as the wrapped token.
 * @returns one entry per address, in order; `null` when a token has no usable pool
 * @throws InvalidRequestError | UnsupportedChainError
 */
export async function getPrices(ctx: ServiceContext, request: unknown): Promise<(PriceAnswer | null)[]> {
  const parsed = pricesRequestSchema.safeParse(request, { reportInput: true })
  if (!parsed.success) throw toInvalidRequestError(parsed.error)
  const { chainId, addresses } = parsed.data
  const chain = ctx.chains[chainId]
  const store = ctx.snapshots[chainId]
  if (!chain || !store) throw new UnsupportedChainError({ chainId, supported: Object.keys(ctx.chains).map(Number) })
  return withUpstream(chainId, async () => {
    const snapshot = await store.current()
    const prices = tokenPricesFor(snapshot, chain.addressBook)
    return addresses.map((address) => {
      const native = isNativeAddress(address)
      const lookup = native ? chain.addressBook.weth : address
      const price = prices.get(lookup.toLowerCase())
      const token = findToken(chain.addressBook, lookup)
      if (!price || !token) return null
      return {
        chainId,
        address,
        decimals: native ? 18 : token.decimals,
        symbol: native ? 'ETH' : token.symbol,
        name: native ? 'Ether' : token.name,
        price: price.price,
        timestamp: Number(snapshot.timestamp ?? 0n),
        confidence: price.confidence,
        blockNumber: Number(snapshot.blockNumber),
      }
    })
  })
}
