import type { WalletBalance__Output } from '../../grpc/generated/switchyard/data/v1/WalletBalance.js'
import type { RestWalletBalance } from '../schemas/walletBalancesResponse.js'

/**
 * Proto wallet balance → REST (chain id as a number; unset price, name, symbol, logo → null).
 * @param balance - the gRPC balance
 * @returns the REST balance
 */
export function toRestWalletBalance(balance: WalletBalance__Output): RestWalletBalance {
  return {
    token: balance.token,
    amount: balance.amount,
    chainId: Number(balance.chain_id),
    decimals: balance.decimals,
    price: balance.price ?? null,
    name: balance.name ?? null,
    symbol: balance.symbol ?? null,
    logoUri: balance.logo_uri ?? null,
  }
}
