import type { Address, Hex } from 'viem'
import type { AcrossDeposit } from './decodeAcrossDeposits.js'

/** `V3SpokePoolInterface.V3RelayData` (3.0.17): the fields that identify one deposit, in struct order. */
export type AcrossRelayData = {
  depositor: Address
  recipient: Address
  exclusiveRelayer: Address
  inputToken: Address
  outputToken: Address
  inputAmount: bigint
  outputAmount: bigint
  originChainId: bigint
  depositId: number
  fillDeadline: number
  exclusivityDeadline: number
  message: Hex
}

/**
 * The relay data a relayer passes to `fillV3Relay` for a deposit: the deposit event's fields plus its
 * origin chain id. Any difference (another message, a rounded amount) names a different relay, which
 * the SpokePool would fill as a separate relay and which would never be refunded.
 * @returns the struct, ready for viem encoding
 */
export function toAcrossRelayData(deposit: AcrossDeposit): AcrossRelayData {
  return {
    depositor: deposit.depositor,
    recipient: deposit.recipient,
    exclusiveRelayer: deposit.exclusiveRelayer,
    inputToken: deposit.inputToken,
    outputToken: deposit.outputToken,
    inputAmount: deposit.inputAmount,
    outputAmount: deposit.outputAmount,
    originChainId: BigInt(deposit.originChainId),
    depositId: deposit.depositId,
    fillDeadline: deposit.fillDeadline,
    exclusivityDeadline: deposit.exclusivityDeadline,
    message: deposit.message,
  }
}
