import { type Address, getAddress, keccak256, stringToHex } from 'viem'
import type { ChainRuntime } from '../chain/connectChains.js'

/** A position a smart wallet holds directly in a protocol (no token of its own represents it). */
export type NontokenizedPosition = {
  chainId: number
  project: string
  protocol: string
  /** The position's address: the aToken for Aave collateral; a derived address for Morpho positions. */
  address: Address
  /** Opaque id: `aave-v3:collateral:<asset>` or `<marketId>:supply|collateral`. */
  positionId: string
  /** The contract the wallet calls: the Aave Pool or Morpho. */
  primaryAddress: Address
  name: string
  /** The token that goes into the position. */
  underlying: Address
  /** The bundle action that enters it, with its protocol-specific arguments. */
  enter: { protocol: string; action: string; args: Record<string, unknown> }
}

/**
 * A stable 20-byte address for a position that has none (a Morpho market side): the last 20 bytes of
 * keccak256("<protocol>:<kind>:<id>").
 */
export function derivedPositionAddress(protocol: string, kind: string, id: string): Address {
  return getAddress(`0x${keccak256(stringToHex(`${protocol}:${kind}:${id.toLowerCase()}`)).slice(-40)}`)
}

/**
 * The non-tokenized positions of one chain, from its address book: Aave V3 collateral per reserve
 * (supplied for the wallet itself) and Morpho Blue lending supply and collateral per market.
 * @returns positions in a stable order
 */
export function nontokenizedPositions(chain: ChainRuntime): NontokenizedPosition[] {
  const book = chain.addressBook
  const out: NontokenizedPosition[] = []
  const symbolOf = (token: Address) => Object.values(book.tokens).find((t) => t.address.toLowerCase() === token.toLowerCase())?.symbol ?? token
  for (const r of book.aaveV3?.reserves ?? []) {
    out.push({
      chainId: chain.chainId, project: 'aave', protocol: 'aave-v3',
      address: getAddress(r.aToken), positionId: `aave-v3:collateral:${r.asset.toLowerCase()}`, primaryAddress: getAddress(book.aaveV3!.pool),
      name: `Aave V3 ${symbolOf(r.asset)} collateral`, underlying: getAddress(r.asset),
      enter: { protocol: 'aave-v3', action: 'deposit', args: { primaryAddress: book.aaveV3!.pool, tokenOut: r.aToken } },
    })
  }
  const morpho = book.morphoBlue
  for (const m of morpho?.markets ?? []) {
    for (const kind of ['supply', 'collateral'] as const) {
      const token = getAddress(kind === 'supply' ? m.loanToken : m.collateralToken)
      out.push({
        chainId: chain.chainId, project: 'morpho', protocol: 'morpho-blue',
        address: derivedPositionAddress('morpho-blue', kind, m.id), positionId: `${m.id}:${kind}`, primaryAddress: getAddress(morpho!.morpho),
        name: `Morpho Blue ${m.symbol ?? m.id} ${kind}`, underlying: token,
        enter: { protocol: 'morpho-blue', action: 'deposit', args: { primaryAddress: morpho!.morpho, positionId: m.id } },
      })
    }
  }
  return out
}
