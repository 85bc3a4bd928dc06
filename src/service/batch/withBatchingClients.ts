import { createPublicClient, type PublicClient } from 'viem'
import type { ChainRuntime } from '../../chain/connectChains.js'
import { createNodeRequester } from '../../chain/createNodeRequester.js'
import { jsonRpcBatchTransport } from '../../chain/jsonRpcBatchTransport.js'
import type { ServiceContext } from '../context.js'

/** Most JSON-RPC calls one HTTP request carries. */
const BATCH_SIZE = 100

/**
 * One JSON-RPC client per chain that sends the calls issued in the same turn of the event loop as one
 * JSON-RPC batch (one HTTP request, one answer array). A batch's items reach the engine together and
 * their searches come back together, so their simulations (`eth_simulateV1`), sender reads and head
 * checks leave in as few HTTP requests as the node takes (at most 100 calls each). Each simulation stays
 * its own call: they carry different state overrides, and one call's blocks would see each other's
 * state. An external node's calls still pass its chain-id guard. The batches' bytes are never one
 * string either way ({@link jsonRpcBatchTransport}).
 * @param chains - the served chains
 * @returns a batching client per chain id
 */
export function createBatchingClients(chains: Readonly<Record<number, ChainRuntime>>): Record<number, PublicClient> {
  const clients: Record<number, PublicClient> = {}
  const request = createNodeRequester()
  for (const chain of Object.values(chains)) {
    const transport = jsonRpcBatchTransport(chain.rpcUrl, { request, batchSize: BATCH_SIZE })
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
