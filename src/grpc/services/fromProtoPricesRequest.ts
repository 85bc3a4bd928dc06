import type { PricesRequest__Output } from '../generated/switchyard/data/v1/PricesRequest.js'

/**
 * Maps a gRPC prices request to the use case's parameters (`chain_id` as a number; values above
 * 2^53 stay out of the safe range for the use case to reject).
 * @param request - the decoded request
 * @returns the prices parameters
 */
export function fromProtoPricesRequest(request: PricesRequest__Output): { chainId: number; addresses: string[] } {
  return { chainId: Number(request.chain_id), addresses: request.addresses }
}
