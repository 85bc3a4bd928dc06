import { isAddressEqual, type Address, type Log, type TransactionReceipt } from 'viem'
import type { ChainAddressBook } from '../../chain/addressBook.js'
import { decodeAcrossDeposits, type AcrossDeposit } from '../../chain/devnet/decodeAcrossDeposits.js'
import { findAcrossFill } from '../../chain/devnet/findAcrossFill.js'
import { getAcrossFillStatus } from '../../chain/devnet/getAcrossFillStatus.js'
import { withUpstream } from '../withUpstream.js'
import { findCallbackEvent } from './findCallbackEvent.js'
import { getLogWindowStart } from './getLogWindowStart.js'
import type { BridgeLegStatus, StatusChain } from './types.js'

/** The chain's Across SpokePool, when the address book has one. */
function spokePoolOf(book: ChainAddressBook): Address | undefined {
  return book.across?.spokePool
}

/** Parameters of {@link getAcrossBridgeStatus}. */
export type GetAcrossBridgeStatusParameters = {
  /** The chain the deposit was made on. */
  source: StatusChain
  /** Every served chain: the destination is the deposit's `destinationChainId`. */
  chains: readonly StatusChain[]
  /** The mined, successful source transaction. */
  receipt: Pick<TransactionReceipt, 'logs'>
}

/**
 * Follows an Across V3 deposit from its source transaction: the `V3FundsDeposited` of the chain's
 * SpokePool in the receipt, then its fill on the destination SpokePool (`FilledV3Relay`; inflight until
 * then, failed once the fill deadline passed unfilled). A fill to our bridge receiver with a message
 * ran our callback in the same transaction: executed → delivered, refunded → failed.
 * @returns the destination side of the status
 * @throws UpstreamUnavailableError when the destination node does not answer
 */
export async function getAcrossBridgeStatus({ source, chains, receipt }: GetAcrossBridgeStatusParameters): Promise<BridgeLegStatus> {
  const spokePool = spokePoolOf(source.addressBook)
  if (!spokePool) return { status: 'unknown', error: `Across is not deployed on chain ${source.chainId}.` }
  const [deposit] = decodeAcrossDeposits({ logs: receipt.logs as Log[], originChainId: source.chainId, spokePool })
  if (!deposit) return { status: 'unknown', error: 'The transaction made no Across deposit (no V3FundsDeposited from the SpokePool).' }
  const destination = chains.find((c) => c.chainId === deposit.destinationChainId)
  const destinationPool = destination && spokePoolOf(destination.addressBook)
  if (!destination || !destinationPool) {
    return { destinationChainId: deposit.destinationChainId, status: 'unknown', error: `The deposit goes to chain ${deposit.destinationChainId}, where switchyard serves no Across SpokePool.` }
  }
  return withUpstream(destination.chainId, () => followDeposit(destination, destinationPool, deposit))
}

async function followDeposit(destination: StatusChain, spokePool: Address, deposit: AcrossDeposit): Promise<BridgeLegStatus> {
  const base = { destinationChainId: destination.chainId }
  const fill = await findAcrossFill(destination.client, { deposit, spokePool, fromBlock: await getLogWindowStart(destination.client) })
  if (!fill) {
    // Filled before the searched window: delivered, though the fill transaction is out of reach.
    if ((await getAcrossFillStatus(destination.client, { deposit, spokePool })) === 'filled') return { ...base, status: 'delivered' }
    const { timestamp } = await destination.client.getBlock({ blockTag: 'latest' })
    if (timestamp > BigInt(deposit.fillDeadline)) {
      return { ...base, status: 'failed', error: `The deposit was not filled before its deadline (${deposit.fillDeadline}); it is refunded on chain ${deposit.originChainId}.` }
    }
    return { ...base, status: 'inflight' }
  }
  const sy = destination.addressBook.switchyard
  const receiver = sy?.['bridgeReceiver'] as Address | undefined
  if (!receiver || !isAddressEqual(fill.updatedRecipient, receiver) || fill.updatedMessage === '0x') return { ...base, status: 'delivered', destinationTxHash: fill.transactionHash }
  const { logs } = await destination.client.getTransactionReceipt({ hash: fill.transactionHash })
  const callback = findCallbackEvent({ chainId: destination.chainId, logs, receiver, executor: sy?.['bridgeReceiverExecutor'] as Address | undefined })
  if (!callback) return { ...base, status: 'unknown', destinationTxHash: fill.transactionHash, error: 'The deposit was filled, but our receiver recorded no callback.' }
  return { ...base, ...callback, destinationTxHash: fill.transactionHash }
}
