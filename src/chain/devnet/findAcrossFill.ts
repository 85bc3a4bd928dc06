import { getAbiItem, getAddress, type Address, type BlockNumber, type BlockTag, type Chain, type Hash, type Hex, type PublicActions, type Transport } from 'viem'
import { acrossSpokePoolAbi } from './acrossSpokePoolAbi.js'
import type { AcrossDeposit } from './decodeAcrossDeposits.js'
import { getAcrossRelayHash } from './getAcrossRelayHash.js'

/** `V3SpokePoolInterface.FillType`, in enum order. */
const fillTypes = ['fastFill', 'replacedSlowFill', 'slowFill'] as const

/** The destination-chain fill of one deposit (`FilledV3Relay`). */
export type AcrossFill = {
  transactionHash: Hash
  blockNumber: bigint
  logIndex: number
  /** Credited with the fill (the caller of `fillV3Relay`; the zero address for a slow fill). */
  relayer: Address
  repaymentChainId: number
  /** Who received the output tokens (differs from the deposit's recipient only after a depositor-signed speed-up). */
  updatedRecipient: Address
  updatedOutputAmount: bigint
  updatedMessage: Hex
  fillType: (typeof fillTypes)[number]
}

/** Parameters of {@link findAcrossFill}. */
export type FindAcrossFillParameters = {
  deposit: AcrossDeposit
  /** The SpokePool on the deposit's destination chain. */
  spokePool: Address
  /** First block to search; defaults to 0 (fine on a devnet; pass a recent block on a real node). */
  fromBlock?: BlockNumber | BlockTag | undefined
  toBlock?: BlockNumber | BlockTag | undefined
}

const filledEvent = getAbiItem({ abi: acrossSpokePoolAbi, name: 'FilledV3Relay' })

/**
 * Finds the transaction that filled a deposit on its destination chain. Narrows the log query by the
 * event's indexed `originChainId` and `depositId`, then keeps the log whose relay data hashes to the
 * deposit's relay hash (a fill of a look-alike relay, say with another message, does not count).
 * @param client - a client on the deposit's destination chain
 * @returns the fill, or `undefined` when the deposit has not been filled in the searched range
 * @throws Error when a matching log carries a fill type outside the enum
 */
export async function findAcrossFill(
  client: Pick<PublicActions<Transport, Chain>, 'getLogs'>,
  { deposit, spokePool, fromBlock = 0n, toBlock = 'latest' }: FindAcrossFillParameters,
): Promise<AcrossFill | undefined> {
  const logs = await client.getLogs({
    address: spokePool,
    event: filledEvent,
    args: { originChainId: BigInt(deposit.originChainId), depositId: deposit.depositId },
    fromBlock,
    toBlock,
  })
  const want = getAcrossRelayHash(deposit)
  for (const log of logs) {
    const a = log.args
    const filled: AcrossDeposit = {
      ...deposit,
      inputToken: a.inputToken!,
      outputToken: a.outputToken!,
      inputAmount: a.inputAmount!,
      outputAmount: a.outputAmount!,
      fillDeadline: a.fillDeadline!,
      exclusivityDeadline: a.exclusivityDeadline!,
      exclusiveRelayer: a.exclusiveRelayer!,
      depositor: a.depositor!,
      recipient: a.recipient!,
      message: a.message!,
    }
    if (getAcrossRelayHash(filled) !== want || log.transactionHash === null || log.blockNumber === null || log.logIndex === null) continue
    const info = a.relayExecutionInfo!
    const fillType = fillTypes[info.fillType]
    if (!fillType) throw new Error(`FilledV3Relay fillType ${info.fillType}: not a V3 SpokePool fill type`)
    return {
      transactionHash: log.transactionHash,
      blockNumber: log.blockNumber,
      logIndex: log.logIndex,
      relayer: getAddress(a.relayer!),
      repaymentChainId: Number(a.repaymentChainId!),
      updatedRecipient: info.updatedRecipient,
      updatedOutputAmount: info.updatedOutputAmount,
      updatedMessage: info.updatedMessage,
      fillType,
    }
  }
  return undefined
}
