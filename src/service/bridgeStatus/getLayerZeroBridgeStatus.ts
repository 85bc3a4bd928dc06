import { encodeAbiParameters, isAddressEqual, keccak256, parseAbi, parseEventLogs, sliceHex, type Address, type Log, type TransactionReceipt } from 'viem'
import { getLayerZeroPacketsSent, type LayerZeroPacket } from '../../chain/devnet/decodeLayerZeroPacket.js'
import { layerZeroComposeAbi } from '../../chain/devnet/relayLayerZeroCompose.js'
import { withUpstream } from '../withUpstream.js'
import { findCallbackEvent } from './findCallbackEvent.js'
import { getLogWindowStart } from './getLogWindowStart.js'
import type { BridgeLegStatus, StatusChain } from './types.js'

/** What the destination EndpointV2 records: the packet's delivery (`lzReceive`) and its compose messages. */
const destinationEndpointAbi = [
  ...parseAbi(['event PacketDelivered((uint32 srcEid, bytes32 sender, uint64 nonce) origin, address receiver)']),
  ...layerZeroComposeAbi.filter((item) => item.type === 'event'),
]

/** Parameters of {@link getLayerZeroBridgeStatus}. */
export type GetLayerZeroBridgeStatusParameters = {
  /** The chain the transaction was sent on. */
  source: StatusChain
  /** Every served chain: the destination is the one whose endpoint id is the packet's. */
  chains: readonly StatusChain[]
  /** The mined, successful source transaction. */
  receipt: Pick<TransactionReceipt, 'logs'>
}

/**
 * Follows a LayerZero (Stargate) transfer from its source transaction: the `PacketSent` in the
 * receipt (a Stargate TokenMessaging packet first), then on the destination EndpointV2 the
 * `PacketDelivered` of that origin (inflight until then). A compose to our bridge receiver must also
 * be delivered (`ComposeDelivered`) and our receiver's callback event decides: executed → delivered,
 * refunded → failed. A compose to anyone else does not hold the transfer back.
 * @returns the destination side of the status
 * @throws UpstreamUnavailableError when the destination node does not answer
 */
export async function getLayerZeroBridgeStatus({ source, chains, receipt }: GetLayerZeroBridgeStatusParameters): Promise<BridgeLegStatus> {
  const lz = source.addressBook.layerZero
  if (!lz) return { status: 'unknown', error: `LayerZero is not deployed on chain ${source.chainId}.` }
  const packets = getLayerZeroPacketsSent({ logs: receipt.logs as Log[], endpoint: lz.endpoint })
  const messaging = source.addressBook.stargate?.tokenMessaging
  const packet = packets.find((p) => messaging !== undefined && isAddressEqual(sliceHex(p.sender, 12), messaging)) ?? packets[0]
  if (!packet) return { status: 'unknown', error: 'The transaction sent no LayerZero packet (no PacketSent from the endpoint).' }
  const destination = chains.find((c) => c.addressBook.layerZero?.eid === packet.dstEid)
  if (!destination) return { status: 'unknown', error: `The packet goes to LayerZero endpoint id ${packet.dstEid}, which no served chain has.` }
  return withUpstream(destination.chainId, () => followPacket(destination, packet))
}

async function followPacket(destination: StatusChain, packet: LayerZeroPacket): Promise<BridgeLegStatus> {
  const endpoint = destination.addressBook.layerZero!.endpoint
  const fromBlock = await getLogWindowStart(destination.client)
  const raw = await destination.client.getLogs({ address: endpoint, events: destinationEndpointAbi, fromBlock, toBlock: 'latest' })
  const logs = parseEventLogs({ abi: destinationEndpointAbi, logs: raw as Log[] })
  const base = { destinationChainId: destination.chainId }
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  const delivered = logs.find((l) => l.eventName === 'PacketDelivered' && l.args.origin.srcEid === packet.srcEid && same(l.args.origin.sender, packet.sender) &&
    l.args.origin.nonce === packet.nonce && isAddressEqual(l.args.receiver, packet.receiver))
  if (!delivered) return { ...base, status: 'inflight' }
  const compose = logs.find((l) => l.eventName === 'ComposeSent' && same(l.args.guid, packet.guid))
  if (!compose || compose.eventName !== 'ComposeSent') return { ...base, status: 'delivered', destinationTxHash: delivered.transactionHash }
  const { from, to, guid, index } = compose.args
  const composed = logs.find((l) => l.eventName === 'ComposeDelivered' && isAddressEqual(l.args.from, from) && isAddressEqual(l.args.to, to) && same(l.args.guid, guid) && l.args.index === index)
  const sy = destination.addressBook.switchyard
  const receiver = sy?.['bridgeReceiver'] as Address | undefined
  const ours = receiver !== undefined && isAddressEqual(to, receiver)
  if (!composed) return { ...base, status: ours ? 'inflight' : 'delivered', destinationTxHash: delivered.transactionHash }
  if (!ours) return { ...base, status: 'delivered', destinationTxHash: composed.transactionHash }
  const { logs: composeLogs } = await destination.client.getTransactionReceipt({ hash: composed.transactionHash })
  const messageId = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'bytes32' }], [from, guid]))
  const executor = sy?.['bridgeReceiverExecutor'] as Address | undefined
  const callback = findCallbackEvent({ chainId: destination.chainId, logs: composeLogs, receiver, messageId, executor })
  if (!callback) return { ...base, status: 'unknown', destinationTxHash: composed.transactionHash, error: 'The compose was delivered, but our receiver recorded no callback.' }
  return { ...base, ...callback, destinationTxHash: composed.transactionHash }
}
