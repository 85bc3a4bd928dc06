import { type Address, type Hex, encodeFunctionData, getAddress, isAddressEqual } from 'viem'
import { switchyardLegacyDelegateAbi, switchyardLegacyRouterAbi } from '../contracts/generated/abis.js'
import { InvalidRouteTokensError } from '../errors/encoding.js'
import type { RouterCalldataReturnType } from './routerCalldata.js'

/** The legacy native-coin sentinel. */
export const nativeTokenAddress: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** The `{commands, state}` of a plan. */
export type LegacyShortcutParameters = { commands: readonly Hex[]; state: readonly Hex[] }

/** Parameters of {@link encodeLegacyRouteSingle}. */
export type EncodeLegacyRouteSingleParameters = LegacyShortcutParameters & {
  /** Input token, or {@link nativeTokenAddress}. */
  tokenIn: Address
  amountIn: bigint
}

function valueFor(tokenIn: Address, amountIn: bigint): bigint {
  if (amountIn <= 0n) throw new InvalidRouteTokensError({ reason: 'input amounts must be positive' })
  return isAddressEqual(tokenIn, nativeTokenAddress) ? amountIn : 0n
}

/**
 * Calldata of the legacy `routeSingle(tokenIn, amountIn, commands, state)`.
 * @throws {@link InvalidRouteTokensError} for a zero amount
 */
export function encodeLegacyRouteSingle(params: EncodeLegacyRouteSingleParameters): RouterCalldataReturnType {
  return {
    data: encodeFunctionData({
      abi: switchyardLegacyRouterAbi,
      functionName: 'routeSingle',
      args: [getAddress(params.tokenIn), params.amountIn, params.commands, params.state],
    }),
    value: valueFor(params.tokenIn, params.amountIn),
  }
}

/** Parameters of {@link encodeLegacySafeRouteSingle}. */
export type EncodeLegacySafeRouteSingleParameters = EncodeLegacyRouteSingleParameters & {
  tokenOut: Address
  minAmountOut: bigint
  receiver: Address
}

/**
 * Calldata of the legacy `safeRouteSingle(tokenIn, tokenOut, amountIn, minAmountOut, receiver, commands, state)`.
 * @throws {@link InvalidRouteTokensError} for a zero amount
 */
export function encodeLegacySafeRouteSingle(params: EncodeLegacySafeRouteSingleParameters): RouterCalldataReturnType {
  return {
    data: encodeFunctionData({
      abi: switchyardLegacyRouterAbi,
      functionName: 'safeRouteSingle',
      args: [
        getAddress(params.tokenIn),
        getAddress(params.tokenOut),
        params.amountIn,
        params.minAmountOut,
        getAddress(params.receiver),
        params.commands,
        params.state,
      ],
    }),
    value: valueFor(params.tokenIn, params.amountIn),
  }
}

/** Calldata of the legacy `executeShortcut(commands, state)` (delegate-legacy). */
export function encodeLegacyExecuteShortcut(params: LegacyShortcutParameters): Hex {
  return encodeFunctionData({ abi: switchyardLegacyDelegateAbi, functionName: 'executeShortcut', args: [params.commands, params.state] })
}
