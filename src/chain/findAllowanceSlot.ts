import { encodeAbiParameters, keccak256, pad, toHex, type Address, type Hex, type PublicClient } from 'viem'
import { TokenBalanceSlotNotFoundError } from '../errors/chain.js'

/** Where a token keeps `allowance[owner][spender]`. */
export type AllowanceSlotLayout = { slot: bigint; layout: 'solidity' | 'vyper' }

const PROBE = 0x5ca1ab1e5ca1ab1e5ca1ab1en

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
  const data = `0xdd62ed3e${pad(owner).slice(2)}${pad(spender).slice(2)}` as Hex
  for (let i = 0; i <= maxSlot; i++) {
    for (const layout of ['solidity', 'vyper'] as const) {
      const candidate = { slot: BigInt(i), layout }
      const result = await client.call({
        to: token,
        data,
        stateOverride: [{ address: token, stateDiff: [{ slot: allowanceStorageKey(owner, spender, candidate), value: toHex(PROBE, { size: 32 }) }] }],
      })
      if (result.data && BigInt(result.data) === PROBE) return candidate
    }
  }
  throw new TokenBalanceSlotNotFoundError({ token })
}
