import { isAddressEqual, parseAbi, parseEventLogs, zeroAddress, type Address, type Hex, type Log } from 'viem'
import { switchyardBridgeReceiverAbi } from '../../contracts/generated/abis.js'
import { NATIVE_ADDRESS } from '../../schemas/fields.js'
import type { BridgeLegStatus } from './types.js'
import { decodeCallbackRevert } from './decodeCallbackRevert.js'
import { toPlainJson } from './toPlainJson.js'

const shortcutExecutedAbi = parseAbi(['event ShortcutExecuted(bytes32 accountId, bytes32 requestId)'])

/** Parameters of {@link findCallbackEvent}. */
export type FindCallbackEventParameters = {
  /** The destination chain. */
  chainId: number
  /** Logs of the transaction that ran the callback (the `lzCompose` or the Across fill). */
  logs: readonly Log[]
  /** Our SwitchyardBridgeReceiver on that chain. */
  receiver: Address
  /** Only this message's event counts (LayerZero: `keccak256(abi.encode(stargatePool, guid))`); any when omitted. */
  messageId?: Hex | undefined
  /** The receiver's executor, whose `ShortcutExecuted` names the callback's account and request. */
  executor?: Address | undefined
}

/**
 * Reads how our receiver handled a bridged transfer: `CallbackExecuted` → delivered,
 * `CallbackRefunded` → failed ("callback reverted; refunded N of token to X"). The event comes back as
 * plain JSON in the shape of the OpenAPI's `EnsoEvent` (chainId, transactionHash, blockNumber, success,
 * error, refundDetails) plus the event's own fields.
 * @returns the status and event, or `undefined` when the receiver emitted neither
 */
export function findCallbackEvent({ chainId, logs, receiver, messageId, executor }: FindCallbackEventParameters): Pick<BridgeLegStatus, 'status' | 'error' | 'ensoDestinationEvent'> | undefined {
  const event = parseEventLogs({ abi: switchyardBridgeReceiverAbi, eventName: ['CallbackExecuted', 'CallbackRefunded'], logs: logs as Log[] })
    .find((l) => isAddressEqual(l.address, receiver) && (messageId === undefined || l.args.messageId.toLowerCase() === messageId.toLowerCase()))
  if (!event) return undefined
  const { token: raw, amount } = event.args
  const token = isAddressEqual(raw, zeroAddress) ? NATIVE_ADDRESS : raw
  const base = { event: event.eventName, chainId, transactionHash: event.transactionHash, blockNumber: Number(event.blockNumber), messageId: event.args.messageId, token, amount }
  if (event.eventName === 'CallbackExecuted') {
    const shortcut = executor
      ? parseEventLogs({ abi: shortcutExecutedAbi, eventName: 'ShortcutExecuted', logs: logs as Log[] }).find((l) => isAddressEqual(l.address, executor))
      : undefined
    const ids = shortcut ? { accountId: shortcut.args.accountId, requestId: shortcut.args.requestId } : {}
    return { status: 'delivered', ensoDestinationEvent: toPlainJson({ ...base, ...ids, success: true, receiver: event.args.receiver }) as Record<string, unknown> }
  }
  const { refundReceiver } = event.args
  const reason = decodeCallbackRevert(event.args.reason)
  return {
    status: 'failed',
    error: `callback reverted; refunded ${amount} of ${token} to ${refundReceiver} (${reason})`,
    ensoDestinationEvent: toPlainJson({
      ...base,
      success: false,
      error: reason,
      refundDetails: { token, amount, recipient: refundReceiver, isNative: token === NATIVE_ADDRESS },
    }) as Record<string, unknown>,
  }
}
