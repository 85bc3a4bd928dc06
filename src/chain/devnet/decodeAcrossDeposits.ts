import { getAddress, isAddressEqual, parseEventLogs, type Address, type Hash, type Hex, type Log } from 'viem'
import { acrossSpokePoolAbi } from './acrossSpokePoolAbi.js'

/**
 * One Across V3 deposit as its origin SpokePool announced it (`V3FundsDeposited`, 3.0.17), plus the
 * origin chain id, which the event leaves out (it is the chain that emitted it). Together these are
 * the relay data a relayer passes to `fillV3Relay` on the destination chain.
 */
export type AcrossDeposit = {
  inputToken: Address
  /** Token the recipient receives on the destination; the zero address means "the input token's equivalent" (legacy `deposit()`). */
  outputToken: Address
  inputAmount: bigint
  /** Exactly what the recipient receives from a fast fill. */
  outputAmount: bigint
  originChainId: number
  destinationChainId: number
  /** Sequential per origin SpokePool (`numberOfDeposits`). */
  depositId: number
  quoteTimestamp: number
  /** Destination-chain timestamp after which the deposit can no longer be filled. */
  fillDeadline: number
  /** Until this destination timestamp (inclusive) only `exclusiveRelayer` may fill; 0 = no exclusivity. */
  exclusivityDeadline: number
  depositor: Address
  recipient: Address
  exclusiveRelayer: Address
  /** Passed to the recipient's `handleV3AcrossMessage` when non-empty and the recipient has code. */
  message: Hex
  /** The origin SpokePool that emitted the event. */
  spokePool: Address
  /** The origin transaction, when the log came from a mined receipt. */
  transactionHash?: Hash | undefined
  logIndex?: number | undefined
}

/** Parameters of {@link decodeAcrossDeposits}. */
export type DecodeAcrossDepositsParameters = {
  /** Logs to scan, e.g. a deposit transaction's `receipt.logs`. */
  logs: readonly Log[]
  /** The chain the logs come from (the deposits' origin chain). */
  originChainId: number
  /** Only events from this SpokePool count; omitted: any emitter of the event. */
  spokePool?: Address | undefined
}

/**
 * Decodes the `V3FundsDeposited` events in a set of logs into plain deposit objects. Logs of other
 * events (the token transfer of the same deposit, for instance) are skipped.
 * @example
 * const receipt = await sendTx(origin, { address: spokePool, abi: acrossSpokePoolAbi, functionName: 'depositV3', args, account: user })
 * const [deposit] = decodeAcrossDeposits({ logs: receipt.logs, originChainId: 1, spokePool })
 * @returns the deposits, in log order
 */
export function decodeAcrossDeposits({ logs, originChainId, spokePool }: DecodeAcrossDepositsParameters): AcrossDeposit[] {
  return parseEventLogs({ abi: acrossSpokePoolAbi, eventName: 'V3FundsDeposited', logs: logs as Log[] })
    .filter((log) => !spokePool || isAddressEqual(log.address, spokePool))
    .map(({ args, address, transactionHash, logIndex }) => ({
      inputToken: args.inputToken,
      outputToken: args.outputToken,
      inputAmount: args.inputAmount,
      outputAmount: args.outputAmount,
      originChainId,
      destinationChainId: Number(args.destinationChainId),
      depositId: args.depositId,
      quoteTimestamp: args.quoteTimestamp,
      fillDeadline: args.fillDeadline,
      exclusivityDeadline: args.exclusivityDeadline,
      depositor: args.depositor,
      recipient: args.recipient,
      exclusiveRelayer: args.exclusiveRelayer,
      message: args.message,
      spokePool: getAddress(address),
      transactionHash: transactionHash ?? undefined,
      logIndex: logIndex ?? undefined,
    }))
}
