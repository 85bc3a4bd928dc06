import { encodeAbiParameters, getAbiItem, keccak256, type Hash } from 'viem'
import { acrossSpokePoolAbi } from './acrossSpokePoolAbi.js'
import type { AcrossDeposit } from './decodeAcrossDeposits.js'
import { toAcrossRelayData } from './toAcrossRelayData.js'

/** The `V3RelayData` tuple type, taken from `fillV3Relay`'s first parameter so the two cannot drift. */
const relayDataParameter = getAbiItem({ abi: acrossSpokePoolAbi, name: 'fillV3Relay' }).inputs[0]

/**
 * The key of a deposit in the destination SpokePool's `fillStatuses`, computed as the contract's
 * `_getV3RelayHash` does: `keccak256(abi.encode(relayData, chainId()))`, where `chainId()` is the
 * chain the fill happens on (the deposit's destination), not the origin.
 * @returns the relay hash
 */
export function getAcrossRelayHash(deposit: AcrossDeposit): Hash {
  return keccak256(
    encodeAbiParameters([relayDataParameter, { type: 'uint256' }], [toAcrossRelayData(deposit), BigInt(deposit.destinationChainId)]),
  )
}
