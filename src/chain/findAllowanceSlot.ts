import { encodeAbiParameters, keccak256, pad, type Address, type Hex, type PublicClient } from 'viem'
import { probeMappingSlot, type MappingSlotLayout } from './probeMappingSlot.js'

/** Where a token keeps `allowance[owner][spender]`. */
export type AllowanceSlotLayout = MappingSlotLayout

/** Storage key of `allowance[owner][spender]` for a layout. */
export function allowanceStorageKey(owner: Address, spender: Address, { slot, layout }: AllowanceSlotLayout): Hex {
  if (layout === 'solidity') {
    const inner = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, slot]))
    return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'bytes32' }], [spender, inner]))
  }
  const inner = keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'address' }], [slot, owner]))
  return keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'address' }], [inner, spender]))
}

/**
 * Finds the storage slot of a token's allowance mapping by probing with eth_call state overrides
 * (never changes state). Used to simulate a route for a sender who has not approved yet.
 * @throws TokenBalanceSlotNotFoundError when no slot controls the allowance
 */
export async function findAllowanceSlot(
  client: Pick<PublicClient, 'call'>,
  { token, maxSlot = 64 }: { token: Address; maxSlot?: number },
): Promise<AllowanceSlotLayout> {
  const owner: Address = '0x00000000000000000000000000000000005ca1ab'
  const spender: Address = '0x0000000000000000000000000000000000005bed'
  return probeMappingSlot(client, {
    token,
    maxSlot,
    data: `0xdd62ed3e${pad(owner).slice(2)}${pad(spender).slice(2)}`,
    keyOf: (c) => allowanceStorageKey(owner, spender, c),
  })
}
