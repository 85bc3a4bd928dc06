import { concatHex, encodeAbiParameters, toHex, zeroAddress, type Address, type Hex } from 'viem'
import type { UniswapV4PoolKey } from './poolId.js'

/** v4-periphery 1.0.3 `Actions` codes used for positions. */
export const V4_ACTIONS = {
  DECREASE_LIQUIDITY: 0x01,
  BURN_POSITION: 0x03,
  MINT_POSITION_FROM_DELTAS: 0x05,
  SETTLE: 0x0b,
  TAKE_PAIR: 0x11,
  CLOSE_CURRENCY: 0x12,
} as const

/** `ActionConstants.CONTRACT_BALANCE`: settle with the PositionManager's whole balance of the currency. */
const CONTRACT_BALANCE = 2n ** 255n
const MAX_UINT128 = 2n ** 128n - 1n
const keyType = { type: 'tuple', components: [
  { name: 'currency0', type: 'address' }, { name: 'currency1', type: 'address' }, { name: 'fee', type: 'uint24' },
  { name: 'tickSpacing', type: 'int24' }, { name: 'hooks', type: 'address' },
] } as const

/** `abi.encode(bytes actions, bytes[] params)`: the `unlockData` of `PositionManager.modifyLiquidities`. */
function unlockData(steps: readonly (readonly [action: number, params: Hex])[]): Hex {
  const actions = concatHex(steps.map(([a]) => toHex(a, { size: 1 })))
  return encodeAbiParameters([{ type: 'bytes' }, { type: 'bytes[]' }], [actions, steps.map(([, p]) => p)])
}

const settleFromContractBalance = (currency: Address): readonly [number, Hex] =>
  [V4_ACTIONS.SETTLE, encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }, { type: 'bool' }], [currency, CONTRACT_BALANCE, false])]
const closeCurrency = (currency: Address): readonly [number, Hex] => [V4_ACTIONS.CLOSE_CURRENCY, encodeAbiParameters([{ type: 'address' }], [currency])]

/**
 * `unlockData` minting a position from tokens already transferred to the PositionManager (native coin: sent
 * as the call's value): SETTLE both currencies from the PositionManager's own balance (payer: itself), then
 * MINT_POSITION_FROM_DELTAS — liquidity from those credits at the pool's price at execution, the NFT to
 * `owner` — then CLOSE_CURRENCY both, which takes what the mint did not use back to the caller. Nothing is
 * pulled from the caller, so no allowance (ERC-20 or Permit2) is ever granted, and amounts may be known only
 * at execution: the data holds none of them.
 * @param params - the hookless PoolKey, the ticks and the NFT's owner
 * @returns the bytes for `modifyLiquidities(unlockData, deadline)`
 */
export function encodeMintFromBalances(params: { key: UniswapV4PoolKey; tickLower: number; tickUpper: number; owner: Address }): Hex {
  const { key, tickLower, tickUpper, owner } = params
  const mint = encodeAbiParameters(
    [keyType, { type: 'int24' }, { type: 'int24' }, { type: 'uint128' }, { type: 'uint128' }, { type: 'address' }, { type: 'bytes' }],
    [{ ...key, hooks: zeroAddress }, tickLower, tickUpper, MAX_UINT128, MAX_UINT128, owner, '0x'],
  )
  return unlockData([
    settleFromContractBalance(key.currency0),
    settleFromContractBalance(key.currency1),
    [V4_ACTIONS.MINT_POSITION_FROM_DELTAS, mint],
    closeCurrency(key.currency0),
    closeCurrency(key.currency1),
  ])
}

/**
 * `unlockData` removing liquidity from position `tokenId` and sending both currencies (principal and fees)
 * to `recipient`: DECREASE_LIQUIDITY by `liquidity` (the NFT stays), or BURN_POSITION when `liquidity` is
 * undefined (all of it, and the NFT is burned); then TAKE_PAIR. No minimums: the bundle checks outputs.
 * @returns the bytes for `modifyLiquidities(unlockData, deadline)`
 */
export function encodeRemoveLiquidity(params: { tokenId: bigint; liquidity: bigint | undefined; currency0: Address; currency1: Address; recipient: Address }): Hex {
  const { tokenId, liquidity, currency0, currency1, recipient } = params
  const remove: readonly [number, Hex] = liquidity === undefined
    ? [V4_ACTIONS.BURN_POSITION, encodeAbiParameters([{ type: 'uint256' }, { type: 'uint128' }, { type: 'uint128' }, { type: 'bytes' }], [tokenId, 0n, 0n, '0x'])]
    : [V4_ACTIONS.DECREASE_LIQUIDITY, encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }, { type: 'uint128' }, { type: 'uint128' }, { type: 'bytes' }], [tokenId, liquidity, 0n, 0n, '0x'])]
  return unlockData([
    remove,
    [V4_ACTIONS.TAKE_PAIR, encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'address' }], [currency0, currency1, recipient])],
  ])
}
