import { createPublicClient, type PublicClient } from 'viem'
import type { ChainRuntime } from '../../chain/connectChains.js'
import { createNodeRequester } from '../../chain/createNodeRequester.js'
import { jsonRpcBatchTransport } from '../../chain/jsonRpcBatchTransport.js'
import type { ServiceContext } from '../context.js'

/** How the batching clients batch: calls per HTTP request and requests in flight per node (0: unbounded); `auto` by the node's kind. */
export type RpcBatching = { batchSize: 'auto' | number; inFlight: 'auto' | number }

/**
 * `auto` per node kind. The embedded devnet's anvil runs one call at a time: concurrent batches of
 * simulations run interleaved and every one is answered near the end of the whole, so a head's first
 * re-quotes would wait for its last. Batches of 10, two in flight (one running, the next already there),
 * answer in order: on the devnet, 100 re-quotes at 1,000 subscribers reached their median subscriber
 * ~40 ms sooner (bench:stream, 2026-11-29). An external node runs calls in parallel and may be far away:
 * large batches, all at once.
 */
const AUTO = { devnet: { batchSize: 10, inFlight: 2 }, external: { batchSize: 100, inFlight: 0 } } as const

/**
 * One JSON-RPC client per chain that sends the calls issued in the same turn of the event loop as one
 * JSON-RPC batch (one HTTP request, one answer array). A batch's items reach the engine together and
 * their searches come back together, so their simulations (`eth_simulateV1`), sender reads and head
 * checks leave in few HTTP requests, as many at once as suit the node ({@link RpcBatching}). Each simulation stays
 * its own call: they carry different state overrides, and one call's blocks would see each other's
 * state. An external node's calls still pass its chain-id guard. The batches' bytes are never one
 * string either way ({@link jsonRpcBatchTransport}).
 * @param chains - the served chains
 * @param batching - {@link RpcBatching} (default `auto` for both)
 * @returns a batching client per chain id
 */
export function createBatchingClients(chains: Readonly<Record<number, ChainRuntime>>, batching: RpcBatching = { batchSize: 'auto', inFlight: 'auto' }): Record<number, PublicClient> {
  const clients: Record<number, PublicClient> = {}
  const request = createNodeRequester()
  for (const chain of Object.values(chains)) {
    const auto = AUTO[chain.source]
    const batchSize = batching.batchSize === 'auto' ? auto.batchSize : batching.batchSize
    const inFlight = batching.inFlight === 'auto' ? auto.inFlight : batching.inFlight
    const transport = jsonRpcBatchTransport(chain.rpcUrl, { request, batchSize, maxInFlight: inFlight === 0 ? undefined : inFlight })
    clients[chain.chainId] = createPublicClient({ chain: chain.client.chain, transport: chain.chainIdGuard ? chain.chainIdGuard.transport(transport) : transport, cacheTime: 0 }) as PublicClient
  }
  return clients
}

/**
 * The context with each chain's client replaced by its batching one ({@link createBatchingClients}).
 * @param ctx - the service context
 * @param clients - from {@link createBatchingClients}
 * @returns the same context, its chains talking through the batching clients
 */
export function withBatchingClients<C extends Pick<ServiceContext, 'chains'>>(ctx: C, clients: Readonly<Record<number, PublicClient>>): C {
  const chains: Record<number, ChainRuntime> = {}
  for (const [id, chain] of Object.entries(ctx.chains)) chains[Number(id)] = { ...chain, client: clients[Number(id)] ?? chain.client }
  return { ...ctx, chains }
}
