import type {
  ApproveAnswer,
  BridgePoolAnswer,
  BridgeStatusAnswer,
  BundleAnswer,
  NetworkAnswer,
  NontokenizedAnswer,
  NontokenizedRouteAnswer,
  PriceAnswer,
  ProjectAnswer,
  ProtocolAnswer,
  RouteAnswer,
  StandardAnswer,
  TokensAnswer,
  VolumeAnswer,
} from '../../service/types.js'
import type { QuoteAnswer } from '../../service/getQuote.js'
import type { WalletBalancesAnswer } from '../../service/getWalletBalances.js'
import type { ActionAnswer } from '../../service/listActions.js'

/**
 * Canned use-case answers, one per method of the services (`createFakeServices` answers them), for
 * tests of the gRPC server and of the mapping of answers to proto messages.
 */

/** A canned quote answer: the route's amounts. */
export const sampleQuoteAnswer: QuoteAnswer = {
  amountOut: '1000', amountsOut: ['1000'], priceImpact: 12.5, route: [], feeAmount: ['0'], ensoFeeAmount: ['0'], gas: '150000', createdAt: 19_000_000,
}

/** A canned route answer. */
export const sampleRouteAnswer: RouteAnswer = {
  gas: '123456',
  amountOut: '1000',
  minAmountOut: '995',
  amountsOut: ['1000'],
  minAmountsOut: ['995'],
  feeAmount: ['0'],
  ensoFeeAmount: ['0'],
  priceImpact: 12.5,
  createdAt: 19_000_000,
  blockNumber: 19_000_000,
  validUntil: 1_700_000_060,
  tx: { data: '0xdeadbeef', to: '0x1111111111111111111111111111111111111111', from: '0x2222222222222222222222222222222222222222', value: '0' },
  route: [{
    tokenIn: ['0x3333333333333333333333333333333333333333'],
    tokenOut: ['0x4444444444444444444444444444444444444444'],
    protocol: 'uniswap-v2',
    action: 'swap',
    primary: '0x5555555555555555555555555555555555555555',
    internalRoutes: [],
    args: { amountIn: '1000', path: ['a', 'b'] },
    chainId: 1,
  }],
  externalContracts: ['0x6666666666666666666666666666666666666666'],
}

/** A canned approve answer. */
export const sampleApproveAnswer: ApproveAnswer = {
  tx: { data: '0x095ea7b3', to: '0x3333333333333333333333333333333333333333', from: '0x2222222222222222222222222222222222222222', value: '0' },
  gas: '46000',
  token: '0x3333333333333333333333333333333333333333',
  amount: '1000',
  spender: '0x1111111111111111111111111111111111111111',
  prerequisites: [],
  requiresZeroAllowanceFirst: false,
}

/** A canned networks answer. */
export const sampleNetworks: NetworkAnswer[] = [{ id: 1, name: 'ethereum', isConnected: true }, { id: 8453, name: 'base', isConnected: false }]

/** A canned protocols answer. */
export const sampleProtocols: ProtocolAnswer[] = [{
  project: 'uniswap',
  slug: 'uniswap-v2',
  name: 'Uniswap V2',
  description: 'Constant-product AMM.',
  url: 'https://app.uniswap.org',
  logosUri: ['https://icons.example/uniswap-v2.png'],
  chains: [{ id: 1, name: 'ethereum' }, { id: 8453, name: 'base' }],
}]

/** A canned standards answer. */
export const sampleStandards: StandardAnswer[] = [{
  protocol: { slug: 'uniswap-v2', name: 'Uniswap V2', url: 'https://app.uniswap.org' },
  forks: [{ slug: 'sushiswap', name: 'SushiSwap', url: 'https://www.sushi.com' }],
  actions: [{ action: 'swap', name: 'Swap', functionNames: ['swapExactTokensForTokens'], supportedChains: [{ id: 1, name: 'Ethereum' }, { id: 8453, name: 'Base' }], inputs: ['tokenIn', 'tokenOut', 'amountIn'] }],
  details: { project: 'uniswap', slug: 'uniswap-v2', name: 'Uniswap V2', description: 'Constant-product AMM.', url: 'https://app.uniswap.org', logosUri: [], chains: [{ id: 1, name: 'Ethereum' }, { id: 8453, name: 'Base' }] },
}]

/** A canned wallet-balances answer: native ETH with a price, a token without one. */
export const sampleWalletBalances: WalletBalancesAnswer = {
  address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  balances: [
    { token: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', amount: '1500000000000000000', chainId: 1, decimals: 18, price: '3012.25', name: 'Ether', symbol: 'ETH', logoUri: null },
    { token: '0x6B175474E89094C44Da98b954EedeAC495271d0F', amount: '42', chainId: 1, decimals: 18, price: null, name: 'Dai Stablecoin', symbol: 'DAI', logoUri: 'https://icons.example/dai.png' },
  ],
  blocks: [{ chainId: 1, blockNumber: 19_000_000 }],
}

/** A canned actions answer. */
export const sampleActions: ActionAnswer[] = [{
  action: 'transfer',
  inputs: [
    { name: 'token', type: 'address', description: 'Token address', optional: false },
    { name: 'amount', type: 'uint256', description: 'Amount in base units (wei)', optional: true },
  ],
}]

/** A canned projects answer. */
export const sampleProjects: ProjectAnswer[] = [{ id: 'uniswap', chains: [1, 8453], protocols: ['uniswap-v2'] }]

/** A canned tokens answer: a defi token with every optional field, and a base token with none. */
export const sampleTokens: TokensAnswer = {
  data: [
    {
      address: '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc', chainId: 1, type: 'defi', decimals: 18, symbol: 'UNI-V2', name: 'Uniswap V2',
      logosUri: [],
      underlyingTokens: [
        { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', chainId: 1, type: 'base', decimals: 6, symbol: 'USDC', name: 'USD Coin' },
        { address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', chainId: 1, type: 'base', decimals: 18, symbol: 'WETH', name: 'Wrapped Ether' },
      ],
      project: 'uniswap', protocol: 'uniswap-v2', apy: 0, tvl: 1_234_567.5, primaryAddress: '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc',
    },
    {
      address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', chainId: 1, type: 'base', decimals: 6, symbol: 'USDC', name: 'USD Coin',
      logosUri: ['https://icons.example/usdc.png'], underlyingTokens: [],
    },
  ],
  meta: { total: 3, nextCursor: 'c2', pageSize: 2 },
}

/** A canned price. */
export const samplePrice: PriceAnswer = {
  chainId: 1, address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', decimals: 18, symbol: 'WETH', name: 'Wrapped Ether',
  price: 3012.25, timestamp: 1_700_000_000, confidence: 0.93, blockNumber: 19_000_000,
}

/** Canned volume answer. */
export const sampleVolume: VolumeAnswer = {
  chainId: 1, fromBlock: 1, toBlock: 100, volumeUsd: 1234.5, swaps: 3, routes: 1,
  byProtocol: [{ protocol: 'uniswap-v2', volumeUsd: 1234.5, swaps: 3 }],
}

/** Canned Stargate pool pair (USDC, chain 1 → 8453). */
export const sampleBridgePool: BridgePoolAnswer = {
  pool: '0xc026395860Db2d07ee33e05fE50ed7bD583189C7', chainId: 1, destinationChainId: 8453, token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6,
  destinationData: { pool: '0x27a16dc786820B16E5c9028b75B99F6f604b5d26', token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6 },
}

/** Canned delivered bridge status, with both events. */
export const sampleBridgeStatus: BridgeStatusAnswer = {
  sourceChainId: 1, sourceTxHash: `0x${'aa'.repeat(32)}`, destinationChainId: 8453, destinationTxHash: `0x${'bb'.repeat(32)}`, status: 'delivered',
  ensoSourceEvent: { chainId: 1, transactionHash: `0x${'aa'.repeat(32)}`, blockNumber: 10, success: true, accountId: `0x${'01'.repeat(32)}`, requestId: `0x${'02'.repeat(32)}` },
  ensoDestinationEvent: { event: 'CallbackExecuted', chainId: 8453, transactionHash: `0x${'bb'.repeat(32)}`, blockNumber: 20, success: true, amount: '1000' },
}

/** Canned bundle answer. */
export const sampleBundleAnswer: BundleAnswer = {
  bundle: [{ protocol: 'enso', action: 'balance', args: { token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' } }],
  gas: '123456',
  createdAt: 100,
  tx: { data: '0x1234', to: '0x0000000000000000000000000000000000000002', from: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', value: '0' },
  amountsOut: { '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2': '1000' },
  minAmountsOut: { '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2': '995' },
  route: [],
  priceImpact: null,
  feeAmount: {},
  approvals: [],
  validUntil: 1_700_000_060,
  externalContracts: ['0x7777777777777777777777777777777777777777'],
}

/** Canned non-tokenized route answer. */
export const sampleNontokenizedRouteAnswer: NontokenizedRouteAnswer = {
  createdAt: 100, gas: '200000', amountDeposited: '1000', priceImpact: 1.5,
  tx: { data: '0x1234', to: '0x0000000000000000000000000000000000000003', from: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', value: '0' },
  route: [], feeAmount: ['0'], ensoFeeAmount: ['0'], externalContracts: [],
}

/** Canned non-tokenized positions. */
export const sampleNontokenizedAnswer: NontokenizedAnswer = {
  data: [{
    chainId: 1, project: 'aave', protocol: 'aave-v3', address: '0x98C23E9d8f34FEFb1B7BD6a91B7FF122F4e16F5c', positionId: 'aave-v3:collateral:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    primaryAddress: '0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2', name: 'Aave V3 USDC collateral', logosUri: '',
    underlyingTokens: [{ address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', chainId: 1, type: 'base', decimals: 6, symbol: 'USDC', name: 'USD Coin' }],
  }],
  meta: { total: 1, lastPage: 1, currentPage: 1, perPage: 1000, prev: null, next: null, cursor: null },
}
