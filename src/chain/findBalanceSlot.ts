import { encodeAbiParameters, keccak256, pad, type Address, type Hex, type PublicClient } from 'viem'
import { probeMappingSlot, type MappingSlotLayout } from './probeMappingSlot.js'

/** Where a token keeps `balanceOf[holder]`: the mapping's base slot and the key order. */
export type BalanceSlotLayout = MappingSlotLayout

/**
 * Storage key of `balanceOf[holder]` for a given layout (Solidity: keccak(holder . slot);
 * Vyper: keccak(slot . holder)).
 */
export function balanceStorageKey(holder: Address, { slot, layout }: BalanceSlotLayout): Hex {
  const types = [{ type: 'address' }, { type: 'uint256' }] as const
  return layout === 'solidity'
    ? keccak256(encodeAbiParameters(types, [holder, slot]))
    : keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'address' }], [slot, holder]))
}

/**
 * Finds the storage slot of a token's balance mapping by probing: for each candidate slot it runs
 * `balanceOf` under a state override of that slot and checks whether the probe value comes back.
 * Pure reads (eth_call with overrides): it never changes chain state, so it works on any node that
 * supports state overrides (anvil, a fork, geth, reth).
 * @param client - a viem public client
 * @param params - token and (optional) highest slot to try
 * @returns the layout
 * @throws TokenBalanceSlotNotFoundError when no slot controls the balance (rebasing or share tokens)
 */
export async function findBalanceSlot(
  client: Pick<PublicClient, 'call'>,
  { token, maxSlot = 64 }: { token: Address; maxSlot?: number },
): Promise<BalanceSlotLayout> {
  const holder: Address = '0x00000000000000000000000000000000005ca1ab'
  return probeMappingSlot(client, { token, maxSlot, data: `0x70a08231${pad(holder).slice(2)}`, keyOf: (c) => balanceStorageKey(holder, c) })
}
