import { getAddress, isAddressEqual, parseAbi, parseEventLogs, zeroHash, type Account, type Address, type Hash, type Hex, type Log } from 'viem'
import { BaseError } from '../../errors/base.js'
import type { RelayClient } from './relayLayerZeroPacket.js'

/** EndpointV2's compose surface: the queue, `lzCompose`, its events and errors. */
export const layerZeroComposeAbi = parseAbi([
  'function composeQueue(address from, address to, bytes32 guid, uint16 index) view returns (bytes32 messageHash)',
  'function lzCompose(address from, address to, bytes32 guid, uint16 index, bytes message, bytes extraData) payable',
  'event ComposeSent(address from, address to, bytes32 guid, uint16 index, bytes message)',
  'event ComposeDelivered(address from, address to, bytes32 guid, uint16 index)',
  'error LZ_ComposeNotFound(bytes32 expected, bytes32 actual)',
])

/** A compose message an OApp queued on EndpointV2 (`ComposeSent`), to be delivered with `lzCompose`. */
export type LayerZeroCompose = {
  /** EndpointV2 that holds the queue entry. */
  endpoint: Address
  /** The OApp that queued it (a Stargate pool, an OFT). */
  from: Address
  /** The composer that receives it (`ILayerZeroComposer.lzCompose`). */
  to: Address
  guid: Hex
  index: number
  /** For OFTs and Stargate: OFTComposeMsgCodec (nonce, srcEid, amountLD, composeFrom, composeMsg). */
  message: Hex
}

/** `composeQueue` value of a delivered message (EndpointV2's RECEIVED_MESSAGE_HASH). */
const RECEIVED_MESSAGE_HASH: Hex = '0x0000000000000000000000000000000000000000000000000000000000000001'

/**
 * Finds the compose messages an EndpointV2 queued in a set of logs (e.g. the receipt of the
 * `lzReceive` that delivered an OFT or Stargate transfer with a compose message).
 * @param params - `logs` and the destination chain's `endpoint`
 * @returns the queued messages, in log order
 */
export function getLayerZeroComposesSent({ logs, endpoint }: { logs: readonly Log[]; endpoint: Address }): LayerZeroCompose[] {
  return parseEventLogs({ abi: layerZeroComposeAbi, eventName: 'ComposeSent', logs: logs as Log[] })
    .filter((l) => isAddressEqual(l.address, endpoint))
    .map((l) => ({ endpoint: getAddress(l.address), from: l.args.from, to: l.args.to, guid: l.args.guid, index: l.args.index, message: l.args.message }))
}

export type LayerZeroComposeNotSentErrorType = LayerZeroComposeNotSentError & { name: 'LayerZeroComposeNotSentError' }
/** `lzCompose` was asked for a message the endpoint never queued (wrong from/to/guid/index, or not delivered yet). */
export class LayerZeroComposeNotSentError extends BaseError {
  override name = 'LayerZeroComposeNotSentError'
  constructor({ from, to, guid, index }: { from: Address; to: Address; guid: Hex; index: number }) {
    super(`No compose message from ${from} to ${to} (guid ${guid}, index ${index}) is queued on the endpoint.`, {
      code: 'LAYERZERO_COMPOSE_NOT_SENT',
      metaMessages: ['Was the packet that carries it delivered (lzReceive) first?', 'from is the OApp that called sendCompose (the Stargate pool), to the composer.'],
    })
  }
}

/** Parameters of {@link relayLayerZeroCompose}. */
export type RelayLayerZeroComposeParameters = {
  /** EndpointV2 on the destination chain. */
  endpoint: Address
  /** The OApp that queued the message (`ComposeSent.from`). */
  from: Address
  /** The composer (`ComposeSent.to`). */
  to: Address
  guid: Hex
  index: number
  /** The queued message, byte for byte (`ComposeSent.message`). */
  message: Hex
  /** The executor: sends `lzCompose` (an unlocked account or a local account); the composer sees it as `_executor`. */
  relayer: Address | Account
  /** Passed to the composer (executor extra data). */
  extraData?: Hex | undefined
  /** Gas limit of the `lzCompose` transaction; estimated when omitted. */
  gas?: bigint | undefined
  /** Native value forwarded to the composer. */
  value?: bigint | undefined
}

/** The `lzCompose` transaction, or `undefined` when the message had already been delivered. */
export type RelayLayerZeroComposeReturnType = Hash | undefined

export type RelayLayerZeroComposeErrorType = LayerZeroComposeNotSentError | Error

/**
 * Delivers one queued LayerZero compose message, as an executor does after `lzReceive`: calls
 * `EndpointV2.lzCompose(from, to, guid, index, message, extraData)` from the relayer, which marks the
 * queue entry delivered and calls the composer's `lzCompose`. Exactly once: the queue entry is read
 * first; a delivered entry (`bytes32(1)`) returns `undefined` without sending anything.
 *
 * @example
 * const { deliverHash } = await relayLayerZeroPacket(dst, { encodedPacket, endpoint, receiveLib, relayer })
 * const { logs } = await dst.getTransactionReceipt({ hash: deliverHash })
 * const [compose] = getLayerZeroComposesSent({ logs, endpoint })
 * await relayLayerZeroCompose(dst, { ...compose, relayer })
 *
 * @param client - destination-chain client
 * @returns the `lzCompose` transaction hash, or `undefined` when already delivered
 * @throws LayerZeroComposeNotSentError when nothing is queued; Error when `lzCompose` reverts (the composer reverted)
 */
export async function relayLayerZeroCompose(client: RelayClient, params: RelayLayerZeroComposeParameters): Promise<RelayLayerZeroComposeReturnType> {
  const { endpoint, from, to, guid, index, message, relayer, extraData = '0x', gas, value = 0n } = params
  const queued = await client.readContract({ address: endpoint, abi: layerZeroComposeAbi, functionName: 'composeQueue', args: [from, to, guid, index] })
  if (queued === zeroHash) throw new LayerZeroComposeNotSentError({ from, to, guid, index })
  if (queued === RECEIVED_MESSAGE_HASH) return undefined
  // Simulate first: a revert surfaces with its reason (LZ_ComposeNotFound for a message that differs from the queued one).
  const { request } = await client.simulateContract({
    address: endpoint,
    abi: layerZeroComposeAbi,
    functionName: 'lzCompose',
    args: [from, to, guid, index, message, extraData],
    account: relayer,
    chain: client.chain,
    value,
    ...(gas === undefined ? {} : { gas }),
  } as never)
  const hash = await client.writeContract(request as never)
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (receipt.status !== 'success') throw new Error(`lzCompose reverted in ${hash}`)
  return hash
}
