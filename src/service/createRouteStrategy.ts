import type { Address, Hex } from 'viem'
import type { SwitchyardAddresses } from '../contracts/deploySwitchyardContracts.js'
import { encodeDelegateShortcut } from '../encoding/delegateCalldata.js'
import { encodeLegacyExecuteShortcut, encodeLegacySafeRouteSingle } from '../encoding/legacyCalldata.js'
import { withLegacyAccountTrailer } from '../encoding/withLegacyAccountTrailer.js'
import { encodeSafeRouteMulti, encodeSafeRouteSingle, type RouteTokenIn, type RouteTokenOut } from '../encoding/routerCalldata.js'
import { InvalidRequestError } from '../errors/request.js'
import { isNativeAddress } from '../schemas/fields.js'
import type { RouteParams } from '../schemas/routeRequest.js'


/** How a routing strategy delivers a plan: the transaction target, who executes, the calldata. */
export type RouteStrategy = {
  /** `router` kinds check minimums in the router; `delegate` kinds inside the plan. */
  kind: 'router' | 'delegate'
  /** `tx.to`. */
  to: Address
  /** The contract that runs the plan: our executor, or the wallet under the delegate strategy. */
  self: Address
  /** Calldata and value for a plan and the minimums of each output. */
  encode(minAmountsOut: bigint[], shortcut: { commands: Hex[]; state: Hex[] }): { data: Hex; value: bigint }
}

/**
 * The strategy for a request: `router` (safeRouteSingle/Multi on our router), `router-legacy`
 * (single in/out), `delegate` / `delegate-legacy` (the wallet — `spender`, or `fromAddress` —
 * DELEGATECALLs `tx.to` with `tx.data` and holds the tokens itself). Every strategy carries the
 * caller's `accountId` and the `requestId`: as `executeShortcut` arguments, or, for the legacy
 * signatures that have no such parameter, as a trailer after the ABI-encoded arguments
 * (`withLegacyAccountTrailer`), which Solidity ignores.
 * @throws InvalidRequestError when router-legacy is asked for several inputs or outputs
 */
export function createRouteStrategy(
  params: RouteParams,
  { switchyard: sy, accountId, requestId }: { switchyard: SwitchyardAddresses; accountId: Hex; requestId: Hex },
): RouteStrategy {
  const tokensIn: RouteTokenIn[] = params.tokenIn.map((token, i) =>
    isNativeAddress(token) ? { type: 'native', amount: params.amountIn[i]! } : { type: 'erc20', address: token, amount: params.amountIn[i]! },
  )
  const tokensOut = (mins: bigint[]): RouteTokenOut[] =>
    params.tokenOut.map((token, i) => (isNativeAddress(token) ? { type: 'native', minAmountOut: mins[i]! } : { type: 'erc20', address: token, minAmountOut: mins[i]! }))
  const nativeValue = params.tokenIn.reduce((sum, t, i) => (isNativeAddress(t) ? sum + params.amountIn[i]! : sum), 0n)
  if (params.routingStrategy === 'delegate' || params.routingStrategy === 'delegate-legacy') {
    // The wallet (spender, or fromAddress) DELEGATECALLs tx.to with tx.data and holds the tokens itself.
    const legacy = params.routingStrategy === 'delegate-legacy'
    return {
      kind: 'delegate',
      to: legacy ? sy.delegateLegacy : sy.delegate,
      self: params.spender ?? params.fromAddress,
      encode: (_mins, shortcut) => ({
        data: legacy
          ? withLegacyAccountTrailer(encodeLegacyExecuteShortcut({ commands: shortcut.commands, state: shortcut.state }), { accountId, requestId })
          : encodeDelegateShortcut({ accountId, requestId, commands: shortcut.commands, state: shortcut.state }),
        value: nativeValue,
      }),
    }
  }
  if (params.routingStrategy === 'router-legacy') {
    if (params.tokenIn.length !== 1 || params.tokenOut.length !== 1) {
      throw new InvalidRequestError({ code: 'INVALID_STRATEGY', message: 'routingStrategy: router-legacy takes exactly one tokenIn and one tokenOut', issues: [{ field: 'routingStrategy', reason: 'router-legacy is single-input, single-output' }] })
    }
    return {
      kind: 'router',
      to: sy.routerLegacy,
      self: sy.executorLegacy,
      encode: (mins, shortcut) => {
        const { data, value } = encodeLegacySafeRouteSingle({
          tokenIn: params.tokenIn[0]!, amountIn: params.amountIn[0]!, tokenOut: params.tokenOut[0]!, minAmountOut: mins[0]!,
          receiver: params.receiver, commands: shortcut.commands, state: shortcut.state,
        })
        return { data: withLegacyAccountTrailer(data, { accountId, requestId }), value }
      },
    }
  }
  return {
    kind: 'router',
    to: sy.router,
    self: sy.executor,
    encode: (mins, shortcut) => {
      const full = { accountId, requestId, ...shortcut }
      return tokensIn.length === 1 && params.tokenOut.length === 1
        ? encodeSafeRouteSingle({ tokenIn: tokensIn[0]!, tokenOut: tokensOut(mins)[0]!, receiver: params.receiver, shortcut: full })
        : encodeSafeRouteMulti({ tokensIn, tokensOut: tokensOut(mins), receiver: params.receiver, shortcut: full })
    },
  }
}

