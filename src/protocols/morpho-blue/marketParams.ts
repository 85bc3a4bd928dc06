import { encodeAbiParameters, getAddress, keccak256, type Hex } from 'viem'
import type { MorphoMarketParams } from './types.js'

const marketParamsAbi = [
  { type: 'address' },
  { type: 'address' },
  { type: 'address' },
  { type: 'address' },
  { type: 'uint256' },
] as const

/**
 * A market's id, as Morpho's `MarketParamsLib.id`: keccak256 of the ABI-encoded `MarketParams`
 * (five 32-byte words, no offset).
 *
 * @example
 * marketId({ loanToken: USDC, collateralToken: WETH, oracle, irm, lltv: 860000000000000000n })
 *
 * @param params - the market's parameters
 * @returns the bytes32 id used by `market(id)`, `position(id, user)` and `idToMarketParams(id)`
 */
export function marketId(params: MorphoMarketParams): Hex {
  return keccak256(encodeAbiParameters(marketParamsAbi, [params.loanToken, params.collateralToken, params.oracle, params.irm, params.lltv]))
}

/** MarketParams as JSON carries them (an address-book `morphoBlue.markets` entry): `lltv` as a decimal string. */
export type MorphoMarketParamsJson = { loanToken: string; collateralToken: string; oracle: string; irm: string; lltv: string }

/**
 * The `MarketParams` of an address-book market (whose `lltv` is a decimal string, the book being JSON).
 * Kept free of `chain/` imports so pure code (quotes, plans) can use it.
 * @param entry - a `morphoBlue.markets` entry, or any object with the same five fields
 * @returns the parameters, with checksummed addresses and `lltv` as a bigint
 */
export function marketParamsFromEntry(entry: MorphoMarketParamsJson): MorphoMarketParams {
  return {
    loanToken: getAddress(entry.loanToken),
    collateralToken: getAddress(entry.collateralToken),
    oracle: getAddress(entry.oracle),
    irm: getAddress(entry.irm),
    lltv: BigInt(entry.lltv),
  }
}
