import type { BridgeStatusRequest__Output } from '../generated/switchyard/data/v1/BridgeStatusRequest.js'

/**
 * Maps a gRPC bridge status request to the use case's REST-shaped input.
 * @param request - the decoded request
 * @returns `{ bridgeProtocol, chainId, txHash }`
 */
export function fromProtoBridgeStatusRequest(request: BridgeStatusRequest__Output): { bridgeProtocol: string; chainId: number; txHash: string } {
  return { bridgeProtocol: request.bridge_protocol, chainId: Number(request.chain_id), txHash: request.tx_hash }
}
