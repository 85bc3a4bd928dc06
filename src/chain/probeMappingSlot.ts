import { toHex, type Address, type Hex, type PublicClient } from 'viem'
import { TokenBalanceSlotNotFoundError } from '../errors/chain.js'

/** A mapping's base slot and key order: Solidity hashes `key . slot`, Vyper `slot . key`. */
export type MappingSlotLayout = { slot: bigint; layout: 'solidity' | 'vyper' }

const PROBE = 0x5ca1ab1e5ca1ab1e5ca1ab1en

/**
 * Finds which storage mapping backs a token's view (`balanceOf`, `allowance`) by probing: for each
 * candidate base slot and key order it runs the view under a state override of the derived storage
 * key and checks whether the probe value comes back. Pure reads: nothing is written.
 * @param params - the token, the view's calldata, and the storage key a candidate layout implies
 * @returns the layout
 * @throws TokenBalanceSlotNotFoundError when no slot controls the view (rebasing or share tokens)
 */
export async function probeMappingSlot(
  client: Pick<PublicClient, 'call'>,
  { token, data, keyOf, maxSlot = 64 }: { token: Address; data: Hex; keyOf: (candidate: MappingSlotLayout) => Hex; maxSlot?: number },
): Promise<MappingSlotLayout> {
  for (let i = 0; i <= maxSlot; i++) {
    for (const layout of ['solidity', 'vyper'] as const) {
      const candidate = { slot: BigInt(i), layout }
      const result = await client.call({
        to: token,
        data,
        stateOverride: [{ address: token, stateDiff: [{ slot: keyOf(candidate), value: toHex(PROBE, { size: 32 }) }] }],
      })
      if (result.data && BigInt(result.data) === PROBE) return candidate
    }
  }
  throw new TokenBalanceSlotNotFoundError({ token })
}
