import { TransactionReceiptNotFoundError, type Hash, type TransactionReceipt } from 'viem'
import { UnsupportedChainError, type InvalidRequestError, type UpstreamUnavailableError } from '../errors/request.js'
import { parseBridgeStatusQuery } from '../schemas/bridgeStatusQuery.js'
import { findEnsoSourceEvent } from './bridgeStatus/findEnsoSourceEvent.js'
import { getAcrossBridgeStatus } from './bridgeStatus/getAcrossBridgeStatus.js'
import { getLayerZeroBridgeStatus } from './bridgeStatus/getLayerZeroBridgeStatus.js'
import type { StatusChain } from './bridgeStatus/types.js'
import type { ServiceContext } from './context.js'
import type { BridgeStatusAnswer } from './types.js'
import { withUpstream } from './withUpstream.js'

export type GetBridgeStatusErrorType = InvalidRequestError | UnsupportedChainError | UpstreamUnavailableError

/** The receipt, or `undefined` while the node does not know the transaction as mined. */
async function receiptOf(chain: StatusChain, hash: Hash): Promise<TransactionReceipt | undefined> {
  try {
    return await chain.client.getTransactionReceipt({ hash })
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return undefined
    throw error
  }
}

/**
 * `GET /{bridgeProtocol}/bridge/check`: where a bridge transaction stands, read from the chains'
 * records only (so the answer survives a restart of switchyard):
 * - the source receipt is missing → `pending` (unknown hash, or not mined yet); reverted → `failed`;
 * - LayerZero / Stargate: see {@link getLayerZeroBridgeStatus}; Across: see {@link getAcrossBridgeStatus};
 * - `ensoSourceEvent`: our ShortcutExecuted and BridgeSent in the source transaction, when present.
 *
 * @example
 * await getBridgeStatus(ctx, { bridgeProtocol: 'stargate', chainId: 1, txHash: '0x…' })
 * // { sourceChainId: 1, sourceTxHash: '0x…', destinationChainId: 8453, destinationTxHash: '0x…', status: 'delivered' }
 *
 * @param ctx - the chains (clients and address books)
 * @param request - `{ bridgeProtocol, chainId, txHash }`, validated here
 * @returns the status
 * @throws {@link GetBridgeStatusErrorType}: InvalidRequestError (BRIDGE_NOT_SUPPORTED, INVALID_TX_HASH, ...), UnsupportedChainError, UpstreamUnavailableError
 */
export async function getBridgeStatus(ctx: ServiceContext, request: unknown): Promise<BridgeStatusAnswer> {
  const q = parseBridgeStatusQuery(request)
  const chains: StatusChain[] = Object.values(ctx.chains)
  const source = ctx.chains[q.chainId]
  if (!source) throw new UnsupportedChainError({ chainId: q.chainId, supported: chains.map((c) => c.chainId) })
  const base = { sourceChainId: q.chainId, sourceTxHash: q.txHash }
  // A final status (delivered, failed) never changes: one replica reads the chains, the others reuse its record.
  const recordKey = `bridge-status|${q.bridgeProtocol}|${q.chainId}|${q.txHash.toLowerCase()}`
  const record = await ctx.sharedCache?.get(recordKey)
  if (record !== undefined) return record as BridgeStatusAnswer
  const answer = await readBridgeStatus(source, chains, q, base)
  if (answer.status === 'delivered' || answer.status === 'failed') await ctx.sharedCache?.set(recordKey, answer, FINAL_STATUS_TTL_MS)
  return answer
}

/** How long a final bridge status is kept in the shared cache, ms. */
const FINAL_STATUS_TTL_MS = 24 * 3_600_000

/** The status read from the chains' records (see {@link getBridgeStatus}). */
async function readBridgeStatus(
  source: StatusChain,
  chains: StatusChain[],
  q: ReturnType<typeof parseBridgeStatusQuery>,
  base: { sourceChainId: number; sourceTxHash: Hash },
): Promise<BridgeStatusAnswer> {
  const receipt = await withUpstream(q.chainId, () => receiptOf(source, q.txHash))
  if (!receipt) return { ...base, status: 'pending' }
  const ensoSourceEvent = findEnsoSourceEvent({ chainId: q.chainId, receipt, book: source.addressBook })
  const withSource = ensoSourceEvent ? { ...base, ensoSourceEvent } : base
  if (receipt.status !== 'success') return { ...withSource, status: 'failed', error: `The source transaction reverted (block ${receipt.blockNumber}).` }
  const leg = q.bridgeProtocol === 'across'
    ? await getAcrossBridgeStatus({ source, chains, receipt })
    : await getLayerZeroBridgeStatus({ source, chains, receipt })
  return { ...withSource, ...dropUndefined(leg) }
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}
