import { decodeErrorResult, type Abi, type Hex } from 'viem'
import { switchyardBridgeReceiverAbi } from '../../contracts/generated/abis.js'
import { decodeRevert } from '../decodeRevert.js'

/**
 * Reads the reason a destination callback reverted with (`CallbackRefunded.reason`): the receiver's own
 * checks (AmountTooLow, CallbackKeptTokens, ...), else the executor's and helpers' errors,
 * `Error(string)` and panics (see {@link decodeRevert}).
 * @param reason - the revert data the receiver caught
 * @returns a one-line reason
 */
export function decodeCallbackRevert(reason: Hex): string {
  try {
    const { errorName, args } = decodeErrorResult({ abi: switchyardBridgeReceiverAbi as Abi, data: reason })
    return `${errorName}(${(args ?? []).map(String).join(', ')})`
  } catch {
    return decodeRevert(reason, 'reverted without a reason')
  }
}
