import * as grpc from '@grpc/grpc-js'
import type { DataServiceHandlers } from '../../grpc/generated/switchyard/data/v1/DataService.js'
import {
  cannedActions,
  cannedBridgePoolsResponse,
  cannedBridgeStatusResponse,
  cannedPrices,
  cannedProjectsResponse,
  cannedProtocolsResponse,
  cannedStandard,
  cannedTokensResponse,
  cannedWalletBalancesResponse,
  FAKE_ACCOUNT_ID,
} from './cannedGrpcResponses.js'
import type { FakeGrpcServer } from './fakeGrpcServer.js'
import { grpcError } from './grpcError.js'
import { rateLimitMetadata } from './rateLimitMetadata.js'
import { recordCall } from './recordCall.js'

/**
 * The fake server's DataService: each method records the call, then runs the test's handler if it set
 * one, else answers the canned response (rate-limit metadata on the rate-limited methods, NOT_FOUND for
 * an unknown slug or project).
 */
export function createFakeDataHandlers(fake: FakeGrpcServer): DataServiceHandlers {
  return {
    Networks: (call, callback) => {
      recordCall(fake, 'Networks', call)
      if (fake.handlers.Networks) return fake.handlers.Networks(call, callback)
      const all = [{ id: 1, name: 'mainnet', is_connected: true }, { id: 8453, name: 'base', is_connected: false }]
      const { name, chain_id } = call.request
      callback(null, { networks: all.filter((n) => (name === undefined || n.name.includes(name.toLowerCase())) && (chain_id === undefined || String(n.id) === chain_id)) })
    },
    Account: (call, callback) => {
      recordCall(fake, 'Account', call)
      if (fake.handlers.Account) return fake.handlers.Account(call, callback)
      callback(null, { account_id: FAKE_ACCOUNT_ID })
    },
    Protocols: (call, callback) => {
      recordCall(fake, 'Protocols', call)
      if (fake.handlers.Protocols) return fake.handlers.Protocols(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, cannedProtocolsResponse)
    },
    Standards: (call, callback) => {
      recordCall(fake, 'Standards', call)
      if (fake.handlers.Standards) return fake.handlers.Standards(call, callback)
      const { slug } = call.request
      if (slug !== undefined && slug !== cannedStandard.protocol?.slug) {
        return callback(grpcError({ status: grpc.status.NOT_FOUND, envelope: { code: 'NOT_FOUND', message: `Unknown protocol slug "${slug}".` } }))
      }
      call.sendMetadata(rateLimitMetadata())
      callback(null, { standards: [cannedStandard] })
    },
    Projects: (call, callback) => {
      recordCall(fake, 'Projects', call)
      if (fake.handlers.Projects) return fake.handlers.Projects(call, callback)
      callback(null, cannedProjectsResponse)
    },
    Tokens: (call, callback) => {
      recordCall(fake, 'Tokens', call)
      if (fake.handlers.Tokens) return fake.handlers.Tokens(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, cannedTokensResponse)
    },
    Nontokenized: (call, callback) => {
      recordCall(fake, 'Nontokenized', call)
      if (fake.handlers.Nontokenized) return fake.handlers.Nontokenized(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, { data: [], meta: { total: '0', last_page: 1, current_page: 1, per_page: 1000 } })
    },
    Volume: (call, callback) => {
      recordCall(fake, 'Volume', call)
      if (fake.handlers.Volume) return fake.handlers.Volume(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, {
        chain_id: call.request.chain_id, from_block: '1', to_block: '100', volume_usd: 1234.5, swaps: '3', routes: '1',
        by_protocol: [{ protocol: 'uniswap-v2', volume_usd: 1234.5, swaps: '3' }],
      })
    },
    BridgePools: (call, callback) => {
      recordCall(fake, 'BridgePools', call)
      if (fake.handlers.BridgePools) return fake.handlers.BridgePools(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, cannedBridgePoolsResponse)
    },
    BridgeStatus: (call, callback) => {
      recordCall(fake, 'BridgeStatus', call)
      if (fake.handlers.BridgeStatus) return fake.handlers.BridgeStatus(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, { ...cannedBridgeStatusResponse, source_chain_id: call.request.chain_id, source_tx_hash: call.request.tx_hash })
    },
    WalletBalances: (call, callback) => {
      recordCall(fake, 'WalletBalances', call)
      if (fake.handlers.WalletBalances) return fake.handlers.WalletBalances(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, cannedWalletBalancesResponse)
    },
    Actions: (call, callback) => {
      recordCall(fake, 'Actions', call)
      if (fake.handlers.Actions) return fake.handlers.Actions(call, callback)
      const { slug } = call.request
      if (slug !== undefined && slug !== 'erc20') {
        return callback(grpcError({ status: grpc.status.NOT_FOUND, envelope: { code: 'NOT_FOUND', message: `Unknown protocol "${slug}".` } }))
      }
      call.sendMetadata(rateLimitMetadata())
      callback(null, { actions: cannedActions })
    },
    Aggregators: (call, callback) => {
      recordCall(fake, 'Aggregators', call)
      if (fake.handlers.Aggregators) return fake.handlers.Aggregators(call, callback)
      call.sendMetadata(rateLimitMetadata())
      callback(null, { aggregators: [] })
    },
    ProjectProtocols: (call, callback) => {
      recordCall(fake, 'ProjectProtocols', call)
      if (fake.handlers.ProjectProtocols) return fake.handlers.ProjectProtocols(call, callback)
      if (call.request.project !== 'uniswap') {
        return callback(grpcError({ status: grpc.status.NOT_FOUND, envelope: { code: 'NOT_FOUND', message: `Unknown project "${call.request.project}".` } }))
      }
      call.sendMetadata(rateLimitMetadata())
      callback(null, cannedProtocolsResponse)
    },
    Prices: (call, callback) => {
      recordCall(fake, 'Prices', call)
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
}
