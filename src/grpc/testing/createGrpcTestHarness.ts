import { credentials, loadPackageDefinition, Metadata, type Client, type ServiceError } from '@grpc/grpc-js'
import { pino, type Logger } from 'pino'
import { createApiKeyStore } from '../../service/auth/createApiKeyStore.js'
import type { RateLimitOptions } from '../../service/auth/createRateLimiter.js'
import type {
  BridgePoolAnswer,
  BridgeStatusAnswer,
  BundleAnswer,
  NontokenizedAnswer,
  NontokenizedRouteAnswer,
  ApproveAnswer, CallOptions, NetworkAnswer, PriceAnswer, ProjectAnswer, ProtocolAnswer, RouteAnswer, StandardAnswer, TokensAnswer, VolumeAnswer } from '../../service/types.js'
import type { SwitchyardServices } from '../../service/switchyardServices.js'
import type { ProtoGrpcType as DataProto } from '../generated/data_service.js'
import type { ProtoGrpcType as RoutingProto } from '../generated/routing_service.js'
import type { DataServiceClient } from '../generated/switchyard/data/v1/DataService.js'
import type { RoutingServiceClient } from '../generated/switchyard/routing/v1/RoutingService.js'
import type { WalletBalancesAnswer } from '../../service/getWalletBalances.js'
import type { QuoteAnswer } from '../../service/getQuote.js'
import type { ActionAnswer } from '../../service/listActions.js'
import { loadProtoDefinition } from '../loadProtoDefinition.js'
import { createGrpcServer, type GrpcServer } from '../server.js'

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

/** One recorded use-case call. */
export type RecordedCall = {
  method: 'route' | 'quote' | 'approve' | 'bundle' | 'nontokenizedRoute' | 'nontokenized' | 'networks' | 'protocols' | 'standards' | 'projects' | 'tokens' | 'prices' | 'volume' | 'bridgePools' | 'bridgeStatus' | 'walletBalances' | 'actions' | 'aggregators' | 'projectProtocols'
  request: unknown
  options: CallOptions & { requireVariableEstimates?: boolean }
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

/** A fake {@link SwitchyardServices}: records every call; behaviour per method is replaceable. */
export type FakeServices = SwitchyardServices & {
  calls: RecordedCall[]
  impl: SwitchyardServices
}

/**
 * Builds a {@link FakeServices} answering the canned samples. `prices` answers {@link samplePrice}
 * (with the requested chain and address) for WETH and null for any other address.
 */
export function createFakeServices(): FakeServices {
  const calls: RecordedCall[] = []
  const impl: FakeServices['impl'] = {
    route: async () => sampleRouteAnswer,
    quote: async () => sampleQuoteAnswer,
    approve: async () => sampleApproveAnswer,
    bundle: async () => sampleBundleAnswer,
    nontokenizedRoute: async () => sampleNontokenizedRouteAnswer,
    nontokenized: async () => sampleNontokenizedAnswer,
    networks: async () => sampleNetworks,
    protocols: async () => sampleProtocols,
    standards: async () => sampleStandards,
    projects: async () => sampleProjects,
    tokens: async () => sampleTokens,
    volume: async () => sampleVolume,
    bridgePools: async () => [sampleBridgePool],
    bridgeStatus: async () => sampleBridgeStatus,
    walletBalances: async () => sampleWalletBalances,
    actions: async () => sampleActions,
    aggregators: async () => [],
    projectProtocols: async () => sampleProtocols,
    prices: async ({ chainId, addresses }) =>
      addresses.map((address) => (address.toLowerCase() === samplePrice.address.toLowerCase() ? { ...samplePrice, chainId, address } : null)),
  }
  return {
    calls,
    impl,
    route: (request, options) => {
      calls.push({ method: 'route', request, options })
      return impl.route(request, options)
    },
    quote: (request, options) => {
      calls.push({ method: 'quote', request, options })
      return impl.quote(request, options)
    },
    approve: (request, options) => {
      calls.push({ method: 'approve', request, options })
      return impl.approve(request, options)
    },
    bundle: (request, options) => {
      calls.push({ method: 'bundle', request, options })
      return impl.bundle(request, options)
    },
    nontokenizedRoute: (request, options) => {
      calls.push({ method: 'nontokenizedRoute', request, options })
      return impl.nontokenizedRoute(request, options)
    },
    nontokenized: (filter, options) => {
      calls.push({ method: 'nontokenized', request: filter, options })
      return impl.nontokenized(filter, options)
    },
    networks: (filter, options) => {
      calls.push({ method: 'networks', request: filter, options })
      return impl.networks(filter, options)
    },
    protocols: (filter, options) => {
      calls.push({ method: 'protocols', request: filter, options })
      return impl.protocols(filter, options)
    },
    standards: (filter, options) => {
      calls.push({ method: 'standards', request: filter, options })
      return impl.standards(filter, options)
    },
    projects: (options) => {
      calls.push({ method: 'projects', request: undefined, options })
      return impl.projects(options)
    },
    tokens: (filter, options) => {
      calls.push({ method: 'tokens', request: filter, options })
      return impl.tokens(filter, options)
    },
    prices: (request, options) => {
      calls.push({ method: 'prices', request, options })
      return impl.prices(request, options)
    },
    volume: (request, options) => {
      calls.push({ method: 'volume', request, options })
      return impl.volume(request, options)
    },
    bridgePools: (request, options) => {
      calls.push({ method: 'bridgePools', request, options })
      return impl.bridgePools(request, options)
    },
    bridgeStatus: (request, options) => {
      calls.push({ method: 'bridgeStatus', request, options })
      return impl.bridgeStatus(request, options)
    },
    walletBalances: (request, options) => {
      calls.push({ method: 'walletBalances', request, options })
      return impl.walletBalances(request, options)
    },
    actions: (filter, options) => {
      calls.push({ method: 'actions', request: filter, options })
      return impl.actions(filter, options)
    },
    aggregators: (filter, options) => {
      calls.push({ method: 'aggregators', request: filter, options })
      return impl.aggregators(filter, options)
    },
    projectProtocols: (filter, options) => {
      calls.push({ method: 'projectProtocols', request: filter, options })
      return impl.projectProtocols(filter, options)
    },
  }
}

/** Keys configured in the harness: one with a UUID accountId, one without. */
export const TEST_KEYS = {
  alice: 'alice-test-key-0123456789',
  aliceAccountUuid: '123e4567-e89b-12d3-a456-426614174000',
  bob: 'bob.test~key+0123456789/=',
} as const

export type GrpcTestHarnessParameters = {
  keyRateLimit?: RateLimitOptions
  ipRateLimit?: RateLimitOptions
  trustedProxies?: readonly string[]
  /** The gateway credential the server believes `x-forwarded-for` from. */
  gatewaySecret?: string
  /** Bound on in-flight route work. */
  maxInflight?: number
  shutdownTimeoutMs?: number
}

export type GrpcTestHarness = {
  services: FakeServices
  grpc: GrpcServer
  port: number
  address: string
  routing: RoutingServiceClient
  data: DataServiceClient
  /** Every log line the server wrote (JSON). */
  logLines: string[]
  /** Closes the clients and stops the server. */
  stop(): Promise<void>
}

/**
 * Starts the real gRPC server on 127.0.0.1:0 with {@link createFakeServices} and two keys
 * ({@link TEST_KEYS}), and connects grpc-js clients built from the same protos.
 */
export async function createGrpcTestHarness(params: GrpcTestHarnessParameters = {}): Promise<GrpcTestHarness> {
  const services = createFakeServices()
  const logLines: string[] = []
  const logger: Logger = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) })
  const grpc = createGrpcServer({
    services,
    logger,
    auth: {
      apiKeys: createApiKeyStore({ keys: [`${TEST_KEYS.alice}:${TEST_KEYS.aliceAccountUuid}`, TEST_KEYS.bob] }),
      keyRateLimit: params.keyRateLimit,
      ipRateLimit: params.ipRateLimit,
      trustedProxies: params.trustedProxies,
      gatewaySecret: params.gatewaySecret,
    },
    maxInflight: params.maxInflight,
    shutdownTimeoutMs: params.shutdownTimeoutMs,
  })
  const port = await grpc.bind('127.0.0.1:0')
  const address = `127.0.0.1:${port}`
  const proto = loadPackageDefinition(loadProtoDefinition()) as unknown as RoutingProto & DataProto
  const routing = new proto.switchyard.routing.v1.RoutingService(address, credentials.createInsecure())
  const data = new proto.switchyard.data.v1.DataService(address, credentials.createInsecure())
  return {
    services, grpc, port, address, routing, data, logLines,
    async stop() {
      routing.close()
      data.close()
      await grpc.shutdown()
    },
  }
}

/** Metadata with `authorization` (and optional extra keys). */
export function authMetadata(authorization?: string, extra: Record<string, string> = {}): Metadata {
  const md = new Metadata()
  if (authorization !== undefined) md.set('authorization', authorization)
  for (const [k, v] of Object.entries(extra)) md.set(k, v)
  return md
}

/** Outcome of {@link callUnary}: the response or the error, plus the initial metadata. */
export type UnaryOutcome<Res> = { response: Res | undefined; error: ServiceError | undefined; initial: Metadata | undefined }

type AnyUnary<Req, Res> = (request: Req, metadata: Metadata, options: { deadline?: number }, cb: (err: ServiceError | null, res?: Res) => void) => { on(e: 'metadata', l: (m: Metadata) => void): unknown; cancel(): void }

/**
 * Calls a unary method and resolves with its outcome instead of rejecting.
 * @param client - the generated client
 * @param method - e.g. `'Route'`
 */
export function callUnary<C extends Client, Req, Res = Record<string, unknown>>(
  client: C,
  method: string,
  request: Req,
  { metadata = new Metadata(), deadline, onCall }: { metadata?: Metadata; deadline?: number; onCall?: (call: { cancel(): void }) => void } = {},
): Promise<UnaryOutcome<Res>> {
  const fn = (client as unknown as Record<string, AnyUnary<Req, Res>>)[method]
  if (!fn) throw new Error(`no method ${method}`)
  return new Promise((resolve) => {
    let initial: Metadata | undefined
    const call = fn.call(client, request, metadata, deadline === undefined ? {} : { deadline }, (err, res) => {
      resolve({ response: err ? undefined : res, error: err ?? undefined, initial })
    })
    call.on('metadata', (m) => {
      initial = m
    })
    onCall?.(call)
  })
}

/** Parses the JSON envelope in a gRPC error's `details`. */
export function detailsOf(error: ServiceError | undefined): { code: string; message: string; details?: { field: string; reason: string }[]; detail?: string } {
  if (!error) throw new Error('expected an error')
  return JSON.parse(error.details) as ReturnType<typeof detailsOf>
}
