import { erc20Abi, multicall3Abi, type Address, type ContractFunctionParameters } from 'viem'
import type { ChainRuntime } from '../chain/connectChains.js'
import { switchyardSmartWalletFactoryAbi } from '../contracts/generated/abis.js'
import { tokenPricesFor } from '../data/tokenPricesFor.js'
import { InvalidRequestError, UnsupportedChainError } from '../errors/request.js'
import { NATIVE_ADDRESS } from '../schemas/fields.js'
import { MAX_TOKENS_PAGE } from '../schemas/tokensQuery.js'
import { parseWalletBalancesQuery, type WalletBalancesParams } from '../schemas/walletBalancesQuery.js'
import type { ServiceContext } from './context.js'
import { formatUsdPrice } from './formatUsdPrice.js'
import { listTokens } from './listTokens.js'
import type { TokenAnswer } from './types.js'
import { withUpstream } from './withUpstream.js'

/** One non-zero balance (OpenAPI `WalletBalance`). */
export type WalletBalanceAnswer = {
  /** Token address; {@link NATIVE_ADDRESS} for the native coin. */
  token: Address
  /** Raw balance in base units, decimal string. */
  amount: string
  chainId: number
  decimals: number
  /** USD price of one token (decimal string), null when we have no price. */
  price: string | null
  name: string | null
  symbol: string | null
  logoUri: string | null
}

/** The balances of one account on the chains read, and the snapshot block of each chain. */
export type WalletBalancesAnswer = {
  /** The account read: the EOA, or its smart wallet (the same address on every chain: CREATE2). */
  address: Address
  balances: WalletBalanceAnswer[]
  blocks: { chainId: number; blockNumber: number }[]
}

export type GetWalletBalancesErrorType = InvalidRequestError | UnsupportedChainError

/** Every token of the chain we know (base and DeFi position tokens), as the tokens endpoint lists them. */
async function knownTokens(ctx: ServiceContext, chainId: number): Promise<TokenAnswer[]> {
  const out: TokenAnswer[] = []
  let cursor: string | undefined
  do {
    const page = await listTokens(ctx, { chainId, pageSize: MAX_TOKENS_PAGE, ...(cursor !== undefined ? { cursor } : {}) })
    out.push(...page.data)
    // An empty page ends the walk too, whatever the cursor says.
    cursor = page.data.length > 0 ? page.meta.nextCursor : undefined
  } while (cursor !== undefined)
  return out
}

/** The account to read on a chain: the EOA, or the smart wallet the chain's factory derives for it. */
async function accountOn(chain: ChainRuntime, params: WalletBalancesParams, blockNumber: bigint): Promise<Address> {
  if (params.useEoa) return params.eoaAddress
  const factory = (chain.addressBook.switchyard as { smartWalletFactory?: Address } | undefined)?.smartWalletFactory
  if (!factory) {
    throw new InvalidRequestError({
      code: 'INVALID_ARGUMENT',
      message: `useEoa: chain ${chain.chainId} has no smart-wallet factory; ask with useEoa=true`,
      issues: [{ field: 'useEoa', reason: 'no smart wallet on this chain' }],
    })
  }
  return chain.client.readContract({ address: factory, abi: switchyardSmartWalletFactoryAbi, functionName: 'walletAddress', args: [params.eoaAddress], blockNumber })
}

/** Reads the native and token balances of one chain at its snapshot block (one Multicall3 batch). */
async function balancesOn(ctx: ServiceContext, chain: ChainRuntime, params: WalletBalancesParams) {
  const snapshot = await ctx.snapshots[chain.chainId]!.current()
  const blockNumber = snapshot.blockNumber
  const account = await accountOn(chain, params, blockNumber)
  const tokens = await knownTokens(ctx, chain.chainId)
  const multicall3 = chain.addressBook.multicall3
  const calls: ContractFunctionParameters[] = [
    { address: multicall3, abi: multicall3Abi, functionName: 'getEthBalance', args: [account] },
    ...tokens.map((t): ContractFunctionParameters => ({ address: t.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [account] })),
  ]
  const amounts = (await chain.client.multicall({ allowFailure: false, blockNumber, multicallAddress: multicall3, contracts: calls })) as bigint[]
  const prices = tokenPricesFor(snapshot, chain.addressBook)
  const priceOf = (address: string) => {
    const p = prices.get(address.toLowerCase())
    return p ? formatUsdPrice(p.price) : null
  }
  const balances: WalletBalanceAnswer[] = []
  const [native = 0n, ...rest] = amounts
  if (native > 0n) {
    balances.push({ token: NATIVE_ADDRESS, amount: native.toString(), chainId: chain.chainId, decimals: 18, price: priceOf(chain.addressBook.weth), name: 'Ether', symbol: 'ETH', logoUri: null })
  }
  tokens.forEach((t, i) => {
    const amount = rest[i] ?? 0n
    if (amount === 0n) return
    balances.push({ token: t.address as Address, amount: amount.toString(), chainId: chain.chainId, decimals: t.decimals, price: priceOf(t.address), name: t.name, symbol: t.symbol, logoUri: t.logosUri[0] ?? null })
  })
  return { account, balances, blockNumber: Number(blockNumber) }
}

/**
 * The wallet-balances use case (GET /wallet/balances): the non-zero balances of an account, read from
 * chain state at each chain's snapshot block through Multicall3 — the native coin (`getEthBalance`)
 * and `balanceOf` of every token we know on the chain (base and DeFi position tokens) — with USD
 * prices from our pool-derived prices. `useEoa=false` reads the account's smart wallet (the address
 * `SwitchyardSmartWalletFactory.walletAddress(eoa)` derives, deployed or not).
 * @param request - `{ chainId: number | 'all', eoaAddress, useEoa }`, validated inside
 * @throws InvalidRequestError | UnsupportedChainError | UpstreamUnavailableError
 */
export async function getWalletBalances(ctx: ServiceContext, request: unknown): Promise<WalletBalancesAnswer> {
  const params = parseWalletBalancesQuery(request)
  const served = Object.keys(ctx.chains).map(Number)
  if (params.chainId !== undefined && !ctx.chains[params.chainId]) throw new UnsupportedChainError({ chainId: params.chainId, supported: served })
  const chains = params.chainId === undefined ? Object.values(ctx.chains) : [ctx.chains[params.chainId]!]
  const reads = await Promise.all(chains.map((chain) => withUpstream(chain.chainId, () => balancesOn(ctx, chain, params))))
  return {
    address: reads[0]?.account ?? params.eoaAddress,
    balances: reads.flatMap((r) => r.balances),
    blocks: reads.map((r, i) => ({ chainId: chains[i]!.chainId, blockNumber: r.blockNumber })),
  }
}
