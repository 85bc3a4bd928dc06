import * as grpc from '@grpc/grpc-js'
import type { ProtoGrpcType as DataProto } from '../../grpc/generated/data_service.js'
import type { ProtoGrpcType as RoutingProto } from '../../grpc/generated/routing_service.js'
import type { AccountRequest } from '../../grpc/generated/switchyard/data/v1/AccountRequest.js'
import type { AccountResponse__Output } from '../../grpc/generated/switchyard/data/v1/AccountResponse.js'
import type { BridgePoolsRequest } from '../../grpc/generated/switchyard/data/v1/BridgePoolsRequest.js'
import type { BridgePoolsResponse__Output } from '../../grpc/generated/switchyard/data/v1/BridgePoolsResponse.js'
import type { BridgeStatusRequest } from '../../grpc/generated/switchyard/data/v1/BridgeStatusRequest.js'
import type { BridgeStatusResponse__Output } from '../../grpc/generated/switchyard/data/v1/BridgeStatusResponse.js'
import type { DataServiceClient } from '../../grpc/generated/switchyard/data/v1/DataService.js'
import type { NetworksRequest } from '../../grpc/generated/switchyard/data/v1/NetworksRequest.js'
import type { NetworksResponse__Output } from '../../grpc/generated/switchyard/data/v1/NetworksResponse.js'
import type { PricesRequest } from '../../grpc/generated/switchyard/data/v1/PricesRequest.js'
import type { PricesResponse__Output } from '../../grpc/generated/switchyard/data/v1/PricesResponse.js'
import type { VolumeRequest } from '../../grpc/generated/switchyard/data/v1/VolumeRequest.js'
import type { VolumeResponse__Output } from '../../grpc/generated/switchyard/data/v1/VolumeResponse.js'
import type { ActionsRequest } from '../../grpc/generated/switchyard/data/v1/ActionsRequest.js'
import type { ActionsResponse__Output } from '../../grpc/generated/switchyard/data/v1/ActionsResponse.js'
import type { AggregatorsRequest } from '../../grpc/generated/switchyard/data/v1/AggregatorsRequest.js'
import type { AggregatorsResponse__Output } from '../../grpc/generated/switchyard/data/v1/AggregatorsResponse.js'
import type { ProjectProtocolsRequest } from '../../grpc/generated/switchyard/data/v1/ProjectProtocolsRequest.js'
import type { ProjectProtocolsResponse__Output } from '../../grpc/generated/switchyard/data/v1/ProjectProtocolsResponse.js'
import type { WalletBalancesRequest } from '../../grpc/generated/switchyard/data/v1/WalletBalancesRequest.js'
import type { WalletBalancesResponse__Output } from '../../grpc/generated/switchyard/data/v1/WalletBalancesResponse.js'
import type { ProjectsRequest } from '../../grpc/generated/switchyard/data/v1/ProjectsRequest.js'
import type { ProjectsResponse__Output } from '../../grpc/generated/switchyard/data/v1/ProjectsResponse.js'
import type { ProtocolsRequest } from '../../grpc/generated/switchyard/data/v1/ProtocolsRequest.js'
import type { ProtocolsResponse__Output } from '../../grpc/generated/switchyard/data/v1/ProtocolsResponse.js'
import type { StandardsRequest } from '../../grpc/generated/switchyard/data/v1/StandardsRequest.js'
import type { StandardsResponse__Output } from '../../grpc/generated/switchyard/data/v1/StandardsResponse.js'
import type { TokensRequest } from '../../grpc/generated/switchyard/data/v1/TokensRequest.js'
import type { TokensResponse__Output } from '../../grpc/generated/switchyard/data/v1/TokensResponse.js'
import type { ApproveRequest } from '../../grpc/generated/switchyard/routing/v1/ApproveRequest.js'
import type { ApproveResponse__Output } from '../../grpc/generated/switchyard/routing/v1/ApproveResponse.js'
import type { BundleRequest } from '../../grpc/generated/switchyard/routing/v1/BundleRequest.js'
import type { ReplayRequest } from '../../grpc/generated/switchyard/routing/v1/ReplayRequest.js'
import type { ReplayResponse__Output } from '../../grpc/generated/switchyard/routing/v1/ReplayResponse.js'
import type { NontokenizedRouteRequest } from '../../grpc/generated/switchyard/routing/v1/NontokenizedRouteRequest.js'
import type { NontokenizedRouteResponse__Output } from '../../grpc/generated/switchyard/routing/v1/NontokenizedRouteResponse.js'
import type { NontokenizedRequest } from '../../grpc/generated/switchyard/data/v1/NontokenizedRequest.js'
import type { NontokenizedResponse__Output } from '../../grpc/generated/switchyard/data/v1/NontokenizedResponse.js'
import type { BundleResponse__Output } from '../../grpc/generated/switchyard/routing/v1/BundleResponse.js'
import type { RouteRequest } from '../../grpc/generated/switchyard/routing/v1/RouteRequest.js'
import type { QuoteResponse__Output } from '../../grpc/generated/switchyard/routing/v1/QuoteResponse.js'
import type { RouteResponse__Output } from '../../grpc/generated/switchyard/routing/v1/RouteResponse.js'
import type { RoutingServiceClient } from '../../grpc/generated/switchyard/routing/v1/RoutingService.js'
import type { ProtoGrpcType as RouteStreamProto } from '../../grpc/generated/route_stream_service.js'
import type { RouteBatchRequest } from '../../grpc/generated/switchyard/routing/v1/RouteBatchRequest.js'
import type { RouteBatchResponse__Output } from '../../grpc/generated/switchyard/routing/v1/RouteBatchResponse.js'
import type { RouteStreamServiceClient } from '../../grpc/generated/switchyard/routing/v1/RouteStreamService.js'
import type { WatchRouteResponse__Output } from '../../grpc/generated/switchyard/routing/v1/WatchRouteResponse.js'
import { GATEWAY_AUTHENTICATED_METADATA, GATEWAY_SECRET_METADATA } from '../../grpc/gatewayCredential.js'
import { loadProtoDefinition, PROTO_DIR } from '../../grpc/loadProtoDefinition.js'
import { globalPlugin } from './globalPlugin.js'

export { PROTO_DIR }

/**
 * The generated gRPC clients the gateway calls. Without `routeStream` (clients built by a test for the
 * other services) the stream and batch routes answer 501.
 */
export type GatewayClients = { routing: RoutingServiceClient; data: DataServiceClient; routeStream?: RouteStreamServiceClient | undefined }

/**
 * Loads the protos (runtime, proto-loader) and creates one client per service on one address.
 * @param options.address - `host:port` of the switchyard gRPC server
 * @param options.credentials - defaults to insecure (loopback or a private network)
 * @param options.protoDir - defaults to {@link PROTO_DIR}
 * @returns the clients; close them with `client.close()`
 */
export function createGatewayClients({ address, credentials = grpc.credentials.createInsecure(), protoDir = PROTO_DIR }: {
  address: string
  credentials?: grpc.ChannelCredentials
  protoDir?: string
}): GatewayClients {
  const definition = loadProtoDefinition({ protoDir })
  const proto = grpc.loadPackageDefinition(definition) as unknown as RoutingProto & DataProto & RouteStreamProto
  // Channelz (per-call counters and traces for channelz clients) is not served: off.
  const options = { 'grpc.enable_channelz': 0 }
  return {
    routing: new proto.switchyard.routing.v1.RoutingService(address, credentials, options),
    data: new proto.switchyard.data.v1.DataService(address, credentials, options),
    routeStream: new proto.switchyard.routing.v1.RouteStreamService(address, credentials, options),
  }
}

/** Per-call context: outgoing metadata and an optional cancellation signal. */
export type CallContext = {
  /** Sent as request metadata (authorization, x-forwarded-for, x-request-id). */
  metadata: grpc.Metadata
  /** Aborting cancels the call (the HTTP client went away). */
  signal?: AbortSignal | undefined
}

/** A successful unary call: the response and the server's initial metadata (rate-limit headers). */
export type UnaryResult<T> = { response: T; metadata: grpc.Metadata }

/**
 * Typed promise wrappers over the RPCs. Every call carries a deadline. A failed call rejects
 * with grpc-js's `ServiceError`, whose `metadata` holds the trailers merged with any initial metadata.
 */
export type GatewayGrpc = {
  route(ctx: CallContext, request: RouteRequest): Promise<UnaryResult<RouteResponse__Output>>
  quote(ctx: CallContext, request: RouteRequest): Promise<UnaryResult<QuoteResponse__Output>>
  replay(ctx: CallContext, request: ReplayRequest): Promise<UnaryResult<ReplayResponse__Output>>
  approve(ctx: CallContext, request: ApproveRequest): Promise<UnaryResult<ApproveResponse__Output>>
  bundle(ctx: CallContext, request: BundleRequest): Promise<UnaryResult<BundleResponse__Output>>
  nontokenizedRoute(ctx: CallContext, request: NontokenizedRouteRequest): Promise<UnaryResult<NontokenizedRouteResponse__Output>>
  nontokenized(ctx: CallContext, request: NontokenizedRequest): Promise<UnaryResult<NontokenizedResponse__Output>>
  networks(ctx: CallContext, request: NetworksRequest): Promise<UnaryResult<NetworksResponse__Output>>
  account(ctx: CallContext, request: AccountRequest): Promise<UnaryResult<AccountResponse__Output>>
  protocols(ctx: CallContext, request: ProtocolsRequest): Promise<UnaryResult<ProtocolsResponse__Output>>
  standards(ctx: CallContext, request: StandardsRequest): Promise<UnaryResult<StandardsResponse__Output>>
  projects(ctx: CallContext, request: ProjectsRequest): Promise<UnaryResult<ProjectsResponse__Output>>
  tokens(ctx: CallContext, request: TokensRequest): Promise<UnaryResult<TokensResponse__Output>>
  prices(ctx: CallContext, request: PricesRequest): Promise<UnaryResult<PricesResponse__Output>>
  volume(ctx: CallContext, request: VolumeRequest): Promise<UnaryResult<VolumeResponse__Output>>
  bridgePools(ctx: CallContext, request: BridgePoolsRequest): Promise<UnaryResult<BridgePoolsResponse__Output>>
  bridgeStatus(ctx: CallContext, request: BridgeStatusRequest): Promise<UnaryResult<BridgeStatusResponse__Output>>
  walletBalances(ctx: CallContext, request: WalletBalancesRequest): Promise<UnaryResult<WalletBalancesResponse__Output>>
  actions(ctx: CallContext, request: ActionsRequest): Promise<UnaryResult<ActionsResponse__Output>>
  aggregators(ctx: CallContext, request: AggregatorsRequest): Promise<UnaryResult<AggregatorsResponse__Output>>
  projectProtocols(ctx: CallContext, request: ProjectProtocolsRequest): Promise<UnaryResult<ProjectProtocolsResponse__Output>>
  routeBatch(ctx: CallContext, request: RouteBatchRequest): Promise<UnaryResult<RouteBatchResponse__Output>>
  /**
   * Opens a WatchRoute stream (no deadline: it lasts until either side ends it); aborting `ctx.signal`
   * cancels it. Undefined when the clients have no RouteStreamService.
   */
  watchRoute(ctx: CallContext, request: RouteRequest): grpc.ClientReadableStream<WatchRouteResponse__Output> | undefined
}

type UnaryMethod<Req, Res> = (
  request: Req, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<Res>,
) => grpc.ClientUnaryCall

/** How the gateway identifies itself to the gRPC server. */
export type GatewayCredential = {
  /** The shared secret the server believes `x-forwarded-for` from (`SWITCHYARD_GATEWAY_SECRET`). */
  secret: string
  /** True when the gateway authenticated every call's key and charged its budget itself. */
  authenticated: boolean
}

function withCredential(metadata: grpc.Metadata, credential: GatewayCredential | undefined): grpc.Metadata {
  if (credential === undefined) return metadata
  const sent = metadata.clone()
  sent.set(GATEWAY_SECRET_METADATA, credential.secret)
  if (credential.authenticated) sent.set(GATEWAY_AUTHENTICATED_METADATA, '1')
  else sent.remove(GATEWAY_AUTHENTICATED_METADATA)
  return sent
}

function callUnaryWith<Req, Res>(method: UnaryMethod<Req, Res>, deadlineMs: number, ctx: CallContext, request: Req, credential?: GatewayCredential): Promise<UnaryResult<Res>> {
  return new Promise((resolve, reject) => {
    let initial = new grpc.Metadata()
    const onAbort = () => call.cancel()
    const call = method(request, withCredential(ctx.metadata, credential), { deadline: Date.now() + deadlineMs }, (err, response) => {
      ctx.signal?.removeEventListener('abort', onAbort)
      if (err) {
        // Rate-limit keys may arrive in either metadata block; trailers win.
        for (const [key, value] of Object.entries(initial.getMap())) {
          if (err.metadata.get(key).length === 0) err.metadata.set(key, value)
        }
        reject(err)
        return
      }
      if (response === undefined) {
        reject(Object.assign(new Error('empty gRPC response'), { code: grpc.status.INTERNAL, details: '', metadata: initial }))
        return
      }
      resolve({ response, metadata: initial })
    })
    call.on('metadata', (metadata: grpc.Metadata) => {
      initial = metadata
    })
    if (ctx.signal?.aborted) call.cancel()
    else ctx.signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** The error of a call to a service the clients lack (grpc-js's own shape, so it maps to 501). */
function unimplemented(): grpc.ServiceError {
  return Object.assign(new Error('RouteStreamService is not served'), { code: grpc.status.UNIMPLEMENTED, details: '', metadata: new grpc.Metadata() })
}

/**
 * Binds the wrappers to a set of clients.
 * @param clients - from {@link createGatewayClients} or a test
 * @param options.deadlineMs - per-call deadline
 * @param options.credential - sent with every call, when the server knows the gateway's secret
 */
export function createGatewayGrpc(clients: GatewayClients, { deadlineMs, credential }: { deadlineMs: number; credential?: GatewayCredential | undefined }): GatewayGrpc {
  const { routing, data, routeStream } = clients
  const callUnary = <Req, Res>(method: UnaryMethod<Req, Res>, limit: number, ctx: CallContext, request: Req) => callUnaryWith<Req, Res>(method, limit, ctx, request, credential)
  return {
    route: (ctx, request) => callUnary<RouteRequest, RouteResponse__Output>(routing.Route.bind(routing), deadlineMs, ctx, request),
    quote: (ctx, request) => callUnary<RouteRequest, QuoteResponse__Output>(routing.Quote.bind(routing), deadlineMs, ctx, request),
    approve: (ctx, request) => callUnary<ApproveRequest, ApproveResponse__Output>(routing.Approve.bind(routing), deadlineMs, ctx, request),
    bundle: (ctx, request) => callUnary<BundleRequest, BundleResponse__Output>(routing.Bundle.bind(routing), deadlineMs, ctx, request),
    replay: (ctx, request) => callUnary<ReplayRequest, ReplayResponse__Output>(routing.Replay.bind(routing), deadlineMs, ctx, request),
    nontokenizedRoute: (ctx, request) => callUnary<NontokenizedRouteRequest, NontokenizedRouteResponse__Output>(routing.RouteNontokenized.bind(routing), deadlineMs, ctx, request),
    nontokenized: (ctx, request) => callUnary<NontokenizedRequest, NontokenizedResponse__Output>(data.Nontokenized.bind(data), deadlineMs, ctx, request),
    networks: (ctx, request) => callUnary<NetworksRequest, NetworksResponse__Output>(data.Networks.bind(data), deadlineMs, ctx, request),
    account: (ctx, request) => callUnary<AccountRequest, AccountResponse__Output>(data.Account.bind(data), deadlineMs, ctx, request),
    protocols: (ctx, request) => callUnary<ProtocolsRequest, ProtocolsResponse__Output>(data.Protocols.bind(data), deadlineMs, ctx, request),
    standards: (ctx, request) => callUnary<StandardsRequest, StandardsResponse__Output>(data.Standards.bind(data), deadlineMs, ctx, request),
    projects: (ctx, request) => callUnary<ProjectsRequest, ProjectsResponse__Output>(data.Projects.bind(data), deadlineMs, ctx, request),
    tokens: (ctx, request) => callUnary<TokensRequest, TokensResponse__Output>(data.Tokens.bind(data), deadlineMs, ctx, request),
    prices: (ctx, request) => callUnary<PricesRequest, PricesResponse__Output>(data.Prices.bind(data), deadlineMs, ctx, request),
    volume: (ctx, request) => callUnary<VolumeRequest, VolumeResponse__Output>(data.Volume.bind(data), deadlineMs, ctx, request),
    bridgePools: (ctx, request) => callUnary<BridgePoolsRequest, BridgePoolsResponse__Output>(data.BridgePools.bind(data), deadlineMs, ctx, request),
    bridgeStatus: (ctx, request) => callUnary<BridgeStatusRequest, BridgeStatusResponse__Output>(data.BridgeStatus.bind(data), deadlineMs, ctx, request),
    walletBalances: (ctx, request) => callUnary<WalletBalancesRequest, WalletBalancesResponse__Output>(data.WalletBalances.bind(data), deadlineMs, ctx, request),
    actions: (ctx, request) => callUnary<ActionsRequest, ActionsResponse__Output>(data.Actions.bind(data), deadlineMs, ctx, request),
    aggregators: (ctx, request) => callUnary<AggregatorsRequest, AggregatorsResponse__Output>(data.Aggregators.bind(data), deadlineMs, ctx, request),
    projectProtocols: (ctx, request) => callUnary<ProjectProtocolsRequest, ProjectProtocolsResponse__Output>(data.ProjectProtocols.bind(data), deadlineMs, ctx, request),
    routeBatch: (ctx, request) => {
      if (routeStream === undefined) return Promise.reject(unimplemented())
      // A batch runs up to 50 routes on one block: a route's deadline, plus one for the simulations' tail.
      return callUnary<RouteBatchRequest, RouteBatchResponse__Output>(routeStream.RouteBatch.bind(routeStream), deadlineMs * 2, ctx, request)
    },
    watchRoute: (ctx, request) => {
      if (routeStream === undefined) return undefined
      const call = routeStream.WatchRoute(request, withCredential(ctx.metadata, credential))
      if (ctx.signal?.aborted) call.cancel()
      else ctx.signal?.addEventListener('abort', () => call.cancel(), { once: true })
      return call
    },
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Typed gRPC calls to the switchyard server. */
    grpc: GatewayGrpc
  }
}

/** Options of {@link grpcClientPlugin}: an address (the plugin owns and closes the clients) or ready clients (the caller owns them). */
export type GrpcClientPluginOptions = { deadlineMs: number; credential?: GatewayCredential | undefined } & (
  | { grpcAddress: string; credentials?: grpc.ChannelCredentials; clients?: undefined }
  | { clients: GatewayClients; grpcAddress?: undefined }
)

/** Decorates the instance with `grpc` ({@link GatewayGrpc}) and closes owned clients on `onClose`. */
export const grpcClientPlugin = globalPlugin<GrpcClientPluginOptions>(async (app, options) => {
  const owned = options.clients === undefined
  const clients = options.clients ?? createGatewayClients({
    address: options.grpcAddress,
    ...(options.credentials ? { credentials: options.credentials } : {}),
  })
  app.decorate('grpc', createGatewayGrpc(clients, { deadlineMs: options.deadlineMs, credential: options.credential }))
  if (owned) {
    app.addHook('onClose', async () => {
      clients.routing.close()
      clients.data.close()
      clients.routeStream?.close()
    })
  }
}, 'switchyard-grpc-client')
