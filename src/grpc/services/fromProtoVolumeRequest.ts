import type { VolumeRequest__Output } from '../generated/switchyard/data/v1/VolumeRequest.js'
import { hasField } from './hasField.js'

/**
 * Maps a gRPC volume request to the use case's REST-shaped input (`chain_id` as a number; `blocks`
 * only when the caller set it).
 * @param request - the decoded request
 * @returns `{ chainId, blocks? }`
 */
export function fromProtoVolumeRequest(request: VolumeRequest__Output): { chainId: number; blocks?: number } {
  return { chainId: Number(request.chain_id), ...(hasField(request, 'blocks') ? { blocks: request.blocks as number } : {}) }
}
