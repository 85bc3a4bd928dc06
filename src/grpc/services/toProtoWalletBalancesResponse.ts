import type { WalletBalancesAnswer } from '../../service/getWalletBalances.js'
import type { WalletBalancesResponse } from '../generated/switchyard/data/v1/WalletBalancesResponse.js'

/**
 * Maps the wallet-balances answer to the proto message (chain ids and blocks as decimal strings,
 * uint64; null price, name, symbol and logo left unset).
 * @param answer - the use case's answer
 * @returns the `WalletBalancesResponse` message
 */
export function toProtoWalletBalancesResponse(answer: WalletBalancesAnswer): WalletBalancesResponse {
  return {
    address: answer.address,
    balances: answer.balances.map((b) => ({
      token: b.token,
      amount: b.amount,
      chain_id: String(b.chainId),
      decimals: b.decimals,
      ...(b.price !== null ? { price: b.price } : {}),
      ...(b.name !== null ? { name: b.name } : {}),
      ...(b.symbol !== null ? { symbol: b.symbol } : {}),
      ...(b.logoUri !== null ? { logo_uri: b.logoUri } : {}),
    })),
    blocks: answer.blocks.map((b) => ({ chain_id: String(b.chainId), block_number: String(b.blockNumber) })),
  }
}
