import type { Address, Chain, PublicActions, Transport } from 'viem'
import { acrossSpokePoolAbi } from './acrossSpokePoolAbi.js'
import type { AcrossDeposit } from './decodeAcrossDeposits.js'
import { getAcrossRelayHash } from './getAcrossRelayHash.js'

/** `fillStatuses` values (`V3SpokePoolInterface.FillStatus`), in enum order. */
export const acrossFillStatuses = ['unfilled', 'requestedSlowFill', 'filled'] as const

/** Where a deposit stands on its destination SpokePool. */
export type AcrossFillStatus = (typeof acrossFillStatuses)[number]

/** Parameters of {@link getAcrossFillStatus}. */
export type GetAcrossFillStatusParameters = {
  deposit: AcrossDeposit
  /** The SpokePool on the deposit's destination chain. */
  spokePool: Address
}

/**
 * Reads a deposit's fill status on its destination chain: `fillStatuses(relayHash)`.
 * @param client - a client on the deposit's destination chain
 * @returns `unfilled`, `requestedSlowFill` or `filled`
 * @throws Error when the node answers a value outside the enum (not a 3.0.x SpokePool)
 */
export async function getAcrossFillStatus(
  client: Pick<PublicActions<Transport, Chain>, 'readContract'>,
  { deposit, spokePool }: GetAcrossFillStatusParameters,
): Promise<AcrossFillStatus> {
  const raw = await client.readContract({ address: spokePool, abi: acrossSpokePoolAbi, functionName: 'fillStatuses', args: [getAcrossRelayHash(deposit)] })
  const status = acrossFillStatuses[Number(raw)]
  if (!status) throw new Error(`fillStatuses returned ${raw}: not a V3 SpokePool fill status`)
  return status
}
