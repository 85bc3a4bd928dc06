import * as grpc from '@grpc/grpc-js'
import { loadSync } from '@grpc/proto-loader'
import type { ProtoGrpcType as DataProto } from '../../grpc/generated/data_service.js'
import type { ProtoGrpcType as RoutingProto } from '../../grpc/generated/routing_service.js'
import type { DataServiceHandlers } from '../../grpc/generated/switchyard/data/v1/DataService.js'
import type { BridgePoolsResponse } from '../../grpc/generated/switchyard/data/v1/BridgePoolsResponse.js'
import type { BridgeStatusResponse } from '../../grpc/generated/switchyard/data/v1/BridgeStatusResponse.js'
import type { Price } from '../../grpc/generated/switchyard/data/v1/Price.js'
import type { ProjectsResponse } from '../../grpc/generated/switchyard/data/v1/ProjectsResponse.js'
import type { ProtocolsResponse } from '../../grpc/generated/switchyard/data/v1/ProtocolsResponse.js'
import type { Standard } from '../../grpc/generated/switchyard/data/v1/Standard.js'
import type { Action } from '../../grpc/generated/switchyard/data/v1/Action.js'
import type { WalletBalancesResponse } from '../../grpc/generated/switchyard/data/v1/WalletBalancesResponse.js'
import type { TokensResponse } from '../../grpc/generated/switchyard/data/v1/TokensResponse.js'
import type { RoutingServiceHandlers } from '../../grpc/generated/switchyard/routing/v1/RoutingService.js'
import type { RouteResponse } from '../../grpc/generated/switchyard/routing/v1/RouteResponse.js'
import type { ApproveResponse } from '../../grpc/generated/switchyard/routing/v1/ApproveResponse.js'
import type { BundleResponse } from '../../grpc/generated/switchyard/routing/v1/BundleResponse.js'
import { PROTO_DIR } from '../plugins/grpcClient.js'

/** One received call, for assertions. */
export type RecordedCall = {
  method: 'Route' | 'Quote' | 'Approve' | 'Bundle' | 'RouteNontokenized' | 'Nontokenized' | 'Networks' | 'Account' | 'Protocols' | 'Standards' | 'Projects' | 'Tokens' | 'Prices' | 'Volume' | 'BridgePools' | 'BridgeStatus' | 'WalletBalances' | 'Actions' | 'Aggregators' | 'ProjectProtocols'
  request: unknown
  metadata: Record<string, string>
}

/** Handlers a test can swap; unset ones answer with the canned fixtures. */
export type FakeHandlers = Partial<RoutingServiceHandlers & DataServiceHandlers>

/** A running fake server. */
export type FakeGrpcServer = {
  address: string
  calls: RecordedCall[]
  /** Replace handlers (reset with `{}`). */
  handlers: FakeHandlers
  stop(): Promise<void>
}

export const FAKE_ACCOUNT_ID = '0x00000000000000000000000000000000000000000000000000000000000000a1'

/** The canned RouteResponse (wire values as a real server would send them). */
export const cannedRouteResponse: RouteResponse = {
  gas: '181234',
  amount_out: '500000000000000000',
  min_amount_out: '497500000000000000',
  fee_amount: ['0'],
  enso_fee_amount: ['0'],
  price_impact: 12.5,
  created_at: '19000000',
  amounts_out: ['500000000000000000'],
  min_amounts_out: ['497500000000000000'],
  block_number: '19000000',
  valid_until: '1700000060',
  tx: { data: '0xdeadbeef', to: '0x1111111111111111111111111111111111111111', from: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', value: '0' },
  route: [{
    token_in: ['0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
    token_out: ['0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'],
    protocol: 'uniswap-v2',
    action: 'swap',
    primary: '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc',
    internal_routes: [],
    args_json: '{"amountIn":"1000000000","tokenIn":"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"}',
    chain_id: 1,
  }],
  external_contracts: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'],
}

/** The canned ApproveResponse. */
export const cannedBundleResponse: BundleResponse = {
  bundle_json: '[{"protocol":"enso","action":"balance","args":{"token":"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"}}]',
  gas: '150000',
  created_at: '100',
  tx: { data: '0xf52e33f5', to: '0x0000000000000000000000000000000000000002', from: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', value: '0' },
  amounts_out: { '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2': '1000' },
  min_amounts_out: { '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2': '995' },
  route: [],
  fee_amount: {},
  approvals: [],
  valid_until: '1700000060',
  external_contracts: ['0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'],
}

export const cannedApproveResponse: ApproveResponse = {
  tx: { data: '0x095ea7b3', to: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', from: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', value: '0' },
  gas: '46000',
  token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  amount: '1000000000',
  spender: '0x1111111111111111111111111111111111111111',
  prerequisites: [],
  requires_zero_allowance_first: false,
}

/** The canned ProtocolsResponse. */
export const cannedProtocolsResponse: ProtocolsResponse = {
  protocols: [{
    project: 'uniswap', slug: 'uniswap-v2', name: 'Uniswap V2', description: 'Constant-product AMM.', url: 'https://app.uniswap.org',
    logos_uri: ['https://icons.example/uniswap-v2.png'], chains: [{ id: '1', name: 'mainnet' }, { id: '8453', name: 'base' }],
  }],
}

/** The canned standard, served for slug `uniswap-v2` (any other slug is NOT_FOUND). */
export const cannedStandard: Standard = {
  protocol: { slug: 'uniswap-v2', name: 'Uniswap V2', url: 'https://app.uniswap.org' },
  forks: [{ slug: 'sushiswap', name: 'SushiSwap', url: 'https://www.sushi.com' }],
  actions: [{
    action: 'swap', name: 'Swap', function_names: ['swapExactTokensForTokens'], supported_chains: [{ id: '1', name: 'Ethereum' }, { id: '8453', name: 'Base' }],
    inputs: ['tokenIn', 'tokenOut', 'amountIn'],
  }],
  details: {
    project: 'uniswap', slug: 'uniswap-v2', name: 'Uniswap V2', description: 'Constant-product AMM.', url: 'https://app.uniswap.org', logos_uri: [],
    chains: [{ id: '1', name: 'Ethereum' }, { id: '8453', name: 'Base' }],
  },
}

/** The canned WalletBalancesResponse: native ETH with every field, a token with no price nor metadata. */
export const cannedWalletBalancesResponse: WalletBalancesResponse = {
  address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  balances: [
    { token: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', amount: '1500000000000000000', chain_id: '1', decimals: 18, price: '3012.25', name: 'Ether', symbol: 'ETH', logo_uri: 'https://icons.example/eth.png' },
    { token: '0x6B175474E89094C44Da98b954EedeAC495271d0F', amount: '42', chain_id: '1', decimals: 18 },
  ],
  blocks: [{ chain_id: '1', block_number: '19000000' }],
}

/** The canned actions, served for slug `erc20` and for the whole list (any other slug is NOT_FOUND). */
export const cannedActions: Action[] = [{
  action: 'transfer',
  inputs: [
    { name: 'token', type: 'address', description: 'Token address', optional: false },
    { name: 'receiver', type: 'address', description: 'Receiver of the output', optional: false },
    { name: 'amount', type: 'uint256', description: 'Amount in base units (wei)', optional: true },
  ],
}]

/** The canned ProjectsResponse. */
export const cannedProjectsResponse: ProjectsResponse = { projects: [{ id: 'uniswap', chains: ['1', '8453'], protocols: ['uniswap-v2'] }] }

const USDC_WIRE = { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', chain_id: '1', type: 'base', decimals: 6, symbol: 'USDC', name: 'USD Coin' }
const WETH_WIRE = { address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', chain_id: '1', type: 'base', decimals: 18, symbol: 'WETH', name: 'Wrapped Ether' }

/** The canned TokensResponse: a defi token with every optional field (apy 0), and a base token with none. */
export const cannedTokensResponse: TokensResponse = {
  data: [
    {
      address: '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc', chain_id: '1', type: 'defi', decimals: 18, symbol: 'UNI-V2', name: 'Uniswap V2',
      logos_uri: [], underlying_tokens: [USDC_WIRE, WETH_WIRE],
      project: 'uniswap', protocol: 'uniswap-v2', apy: 0, tvl: 1234567.5, primary_address: '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc',
    },
    { ...USDC_WIRE, logos_uri: ['https://icons.example/usdc.png'], underlying_tokens: [] },
  ],
  meta: { total: '3', next_cursor: 'c2', page_size: 2 },
}

/** Canned prices by lowercase address (on any chain); other addresses have no price. */
export const cannedPrices: Record<string, Price> = {
  [WETH_WIRE.address.toLowerCase()]: {
    chain_id: '1', address: WETH_WIRE.address, decimals: 18, symbol: 'WETH', name: 'Wrapped Ether',
    price: 3012.25, timestamp: '1700000000', confidence: 0.93, block_number: '19000000',
  },
  [USDC_WIRE.address.toLowerCase()]: {
    chain_id: '1', address: USDC_WIRE.address, decimals: 6, symbol: 'USDC', name: 'USD Coin',
    price: 1, timestamp: '1700000000', confidence: 1, block_number: '19000000',
  },
}

/** The canned BridgePoolsResponse: USDC on chain 1 paired with USDC on 8453 (served for any request). */
export const cannedBridgePoolsResponse: BridgePoolsResponse = {
  pools: [{
    pool: '0xc026395860Db2d07ee33e05fE50ed7bD583189C7', chain_id: '1', destination_chain_id: '8453', token: USDC_WIRE.address, decimals: 6,
    destination_data: { pool: '0x27a16dc786820B16E5c9028b75B99F6f604b5d26', token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6 },
  }],
}

/** The canned BridgeStatusResponse: delivered, with both events (echoes the request's chain and hash). */
export const cannedBridgeStatusResponse: BridgeStatusResponse = {
  source_chain_id: '1',
  source_tx_hash: `0x${'aa'.repeat(32)}`,
  destination_chain_id: '8453',
  destination_tx_hash: `0x${'bb'.repeat(32)}`,
  status: 'delivered',
  source_event_json: JSON.stringify({ chainId: 1, transactionHash: `0x${'aa'.repeat(32)}`, blockNumber: 10, success: true, accountId: `0x${'01'.repeat(32)}`, requestId: `0x${'02'.repeat(32)}` }),
  destination_event_json: JSON.stringify({ event: 'CallbackExecuted', chainId: 8453, transactionHash: `0x${'bb'.repeat(32)}`, blockNumber: 20, success: true, amount: '1000' }),
}

function plain(metadata: grpc.Metadata): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(metadata.getMap())) out[k] = String(v)
  return out
}

/** Rate-limit state sent as initial metadata on every successful canned answer. */
export function rateLimitMetadata(): grpc.Metadata {
  const md = new grpc.Metadata()
  md.set('x-ratelimit-limit', '100')
  md.set('x-ratelimit-remaining', '99')
  md.set('x-ratelimit-reset', '60')
  return md
}

/**
 * An error as the real server sends it: status, JSON envelope in `details`, code trailer.
 * @param options.status - gRPC status
 * @param options.envelope - JSON envelope (omit, or pass a string for garbage details)
 * @param options.trailers - extra trailer keys
 */
export function grpcError({ status, envelope, trailers = {} }: {
  status: grpc.status
  envelope?: { code: string; message: string; details?: unknown; detail?: string } | string
  trailers?: Record<string, string>
}): Partial<grpc.StatusObject> {
  const metadata = new grpc.Metadata()
  if (typeof envelope === 'object') metadata.set('switchyard-error-code', envelope.code)
  for (const [k, v] of Object.entries(trailers)) metadata.set(k, v)
  return { code: status, details: typeof envelope === 'string' ? envelope : envelope ? JSON.stringify(envelope) : '', metadata }
}

/**
 * Starts an in-process gRPC server on 127.0.0.1:0 serving RoutingService and DataService with
 * canned answers, recording each call's request and metadata.
 * @returns the server handle
 */
export async function startFakeGrpcServer(): Promise<FakeGrpcServer> {
  const definition = loadSync(['switchyard/routing/v1/routing_service.proto', 'switchyard/data/v1/data_service.proto'], {
    keepCase: true, longs: String, enums: String, defaults: true, oneofs: true, includeDirs: [PROTO_DIR],
  })
  const proto = grpc.loadPackageDefinition(definition) as unknown as RoutingProto & DataProto
  const server = new grpc.Server()
  const fake: FakeGrpcServer = { address: '', calls: [], handlers: {}, stop: async () => {} }
  const record = (method: RecordedCall['method'], call: grpc.ServerUnaryCall<unknown, unknown>) => {
    fake.calls.push({ method, request: call.request, metadata: plain(call.metadata) })
  }
  const routing: RoutingServiceHandlers = {
    Route: (call, callback) => {
      record('Route', call)
      if (fake.handlers.Route) return fake.handlers.Route(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, cannedRouteResponse)
    },
    Quote: (call, callback) => {
      record('Quote', call)
      if (fake.handlers.Quote) return fake.handlers.Quote(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, { amount_out: '1000', amounts_out: ['1000'], price_impact: 12.5, route: cannedRouteResponse.route ?? [], fee_amount: ['0'], enso_fee_amount: ['0'], gas: '150000', block_number: '100', unknown_filters: [] })
    },
    Approve: (call, callback) => {
      record('Approve', call)
      if (fake.handlers.Approve) return fake.handlers.Approve(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, cannedApproveResponse)
    },
    Bundle: (call, callback) => {
      record('Bundle', call)
      if (fake.handlers.Bundle) return fake.handlers.Bundle(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, cannedBundleResponse)
    },
    RouteNontokenized: (call, callback) => {
      record('RouteNontokenized', call)
      if (fake.handlers.RouteNontokenized) return fake.handlers.RouteNontokenized(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, { created_at: '100', gas: '200000', amount_deposited: '1000', tx: cannedBundleResponse.tx!, route: [], fee_amount: ['0'], enso_fee_amount: ['0'] })
    },
  }
  const data: DataServiceHandlers = {
    Networks: (call, callback) => {
      record('Networks', call)
      if (fake.handlers.Networks) return fake.handlers.Networks(call, callback)
      const all = [{ id: 1, name: 'mainnet', is_connected: true }, { id: 8453, name: 'base', is_connected: false }]
      const { name, chain_id } = call.request
      callback(null, { networks: all.filter((n) => (name === undefined || n.name.includes(name.toLowerCase())) && (chain_id === undefined || String(n.id) === chain_id)) })
    },
    Account: (call, callback) => {
      record('Account', call)
      if (fake.handlers.Account) return fake.handlers.Account(call, callback)
      callback(null, { account_id: FAKE_ACCOUNT_ID })
    },
    Protocols: (call, callback) => {
      record('Protocols', call)
      if (fake.handlers.Protocols) return fake.handlers.Protocols(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, cannedProtocolsResponse)
    },
    Standards: (call, callback) => {
      record('Standards', call)
      if (fake.handlers.Standards) return fake.handlers.Standards(call, callback)
      const { slug } = call.request
      if (slug !== undefined && slug !== cannedStandard.protocol?.slug) {
        return callback(grpcError({ status: grpc.status.NOT_FOUND, envelope: { code: 'NOT_FOUND', message: `Unknown protocol slug "${slug}".` } }))
      }
      call.sendMetadata(rateLimitMetadata())
      callback(null, { standards: [cannedStandard] })
    },
    Projects: (call, callback) => {
      record('Projects', call)
      if (fake.handlers.Projects) return fake.handlers.Projects(call, callback)
      callback(null, cannedProjectsResponse)
    },
    Tokens: (call, callback) => {
      record('Tokens', call)
      if (fake.handlers.Tokens) return fake.handlers.Tokens(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, cannedTokensResponse)
    },
    Nontokenized: (call, callback) => {
      record('Nontokenized', call)
      if (fake.handlers.Nontokenized) return fake.handlers.Nontokenized(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, { data: [], meta: { total: '0', last_page: 1, current_page: 1, per_page: 1000 } })
    },
    Volume: (call, callback) => {
      record('Volume', call)
      if (fake.handlers.Volume) return fake.handlers.Volume(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, {
        chain_id: call.request.chain_id, from_block: '1', to_block: '100', volume_usd: 1234.5, swaps: '3', routes: '1',
        by_protocol: [{ protocol: 'uniswap-v2', volume_usd: 1234.5, swaps: '3' }],
      })
    },
    BridgePools: (call, callback) => {
      record('BridgePools', call)
      if (fake.handlers.BridgePools) return fake.handlers.BridgePools(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, cannedBridgePoolsResponse)
    },
    BridgeStatus: (call, callback) => {
      record('BridgeStatus', call)
      if (fake.handlers.BridgeStatus) return fake.handlers.BridgeStatus(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, { ...cannedBridgeStatusResponse, source_chain_id: call.request.chain_id, source_tx_hash: call.request.tx_hash })
    },
    WalletBalances: (call, callback) => {
      record('WalletBalances', call)
      if (fake.handlers.WalletBalances) return fake.handlers.WalletBalances(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, cannedWalletBalancesResponse)
    },
    Actions: (call, callback) => {
      record('Actions', call)
      if (fake.handlers.Actions) return fake.handlers.Actions(call, callback)
      const { slug } = call.request
      if (slug !== undefined && slug !== 'erc20') {
        return callback(grpcError({ status: grpc.status.NOT_FOUND, envelope: { code: 'NOT_FOUND', message: `Unknown protocol "${slug}".` } }))
      }
      call.sendMetadata(rateLimitMetadata())
      callback(null, { actions: cannedActions })
    },
    Aggregators: (call, callback) => {
      record('Aggregators', call)
      if (fake.handlers.Aggregators) return fake.handlers.Aggregators(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, { aggregators: [] })
    },
    ProjectProtocols: (call, callback) => {
      record('ProjectProtocols', call)
      if (fake.handlers.ProjectProtocols) return fake.handlers.ProjectProtocols(call, callback)
      if (call.request.project !== 'uniswap') {
        return callback(grpcError({ status: grpc.status.NOT_FOUND, envelope: { code: 'NOT_FOUND', message: `Unknown project "${call.request.project}".` } }))
      }
      call.sendMetadata(rateLimitMetadata())
      callback(null, cannedProtocolsResponse)
    },
    Prices: (call, callback) => {
      record('Prices', call)
      if (fake.handlers.Prices) return fake.handlers.Prices(call, callback)
      call.sendMetadata(rateLimitMetadata())
      const { chain_id, addresses } = call.request
      callback(null, {
        prices: addresses.map((a) => {
          const price = cannedPrices[a.toLowerCase()]
          return price ? { price: { ...price, chain_id, address: a } } : {}
        }),
      })
    },
  }
  server.addService(proto.switchyard.routing.v1.RoutingService.service, routing)
  server.addService(proto.switchyard.data.v1.DataService.service, data)
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p)))
  })
  fake.address = `127.0.0.1:${port}`
  fake.stop = () => new Promise((resolve) => server.tryShutdown(() => resolve()))
  return fake
}
