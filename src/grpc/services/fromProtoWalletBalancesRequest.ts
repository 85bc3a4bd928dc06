import type { WalletBalancesRequest__Output } from '../generated/switchyard/data/v1/WalletBalancesRequest.js'
import { hasField } from './hasField.js'

/**
 * Maps a gRPC wallet-balances request to the REST-shaped request the use case validates: an unset
 * `chain_id` is `"all"`, and `useEoa` is passed only when it was set (the validator requires it).
 * @param request - the decoded request
 * @returns `{ chainId, eoaAddress, useEoa? }`
 */
export function fromProtoWalletBalancesRequest(request: WalletBalancesRequest__Output): Record<string, unknown> {
  return {
    chainId: hasField(request, 'chain_id') && request.chain_id !== undefined ? Number(request.chain_id) : 'all',
    eoaAddress: request.eoa_address,
    ...(hasField(request, 'use_eoa') ? { useEoa: request.use_eoa } : {}),
  }
}
