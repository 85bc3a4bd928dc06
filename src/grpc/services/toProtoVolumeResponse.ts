import type { VolumeAnswer } from '../../service/types.js'
import type { VolumeResponse } from '../generated/switchyard/data/v1/VolumeResponse.js'

/**
 * Maps the volume answer to the proto (64-bit counts as strings).
 * @param answer - the use case's answer
 * @returns the proto response
 */
export function toProtoVolumeResponse(answer: VolumeAnswer): VolumeResponse {
  return {
    chain_id: String(answer.chainId),
    from_block: String(answer.fromBlock),
    to_block: String(answer.toBlock),
    volume_usd: answer.volumeUsd,
    swaps: String(answer.swaps),
    routes: String(answer.routes),
    by_protocol: answer.byProtocol.map((p) => ({ protocol: p.protocol, volume_usd: p.volumeUsd, swaps: String(p.swaps) })),
  }
}
