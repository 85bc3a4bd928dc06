import { Server, ServerCredentials, type ServerOptions, type ServiceDefinition } from '@grpc/grpc-js'
import type { PackageDefinition } from '@grpc/proto-loader'
import { ReflectionService } from '@grpc/reflection'
import { HealthImplementation } from 'grpc-health-check'
import type { Logger } from 'pino'
import type { AuthContext } from '../service/auth/authenticate.js'
import type { ApiKeyStore } from '../service/auth/createApiKeyStore.js'
import { createRateLimiter, DEFAULT_IP_RATE_LIMIT, DEFAULT_KEY_RATE_LIMIT, type RateLimitOptions } from '../service/auth/createRateLimiter.js'
import type { SwitchyardServices } from '../service/switchyardServices.js'
import { createAuthInterceptor } from './createAuthInterceptor.js'
import { createInflightLimiter, type InflightLimiter } from './createInflightLimiter.js'
import { keepRepeatedAuthorization } from './keepRepeatedAuthorization.js'
import type { HandlerContext } from './createUnaryHandler.js'
import { loadProtoDefinition, SERVICE_NAMES } from './loadProtoDefinition.js'
import { createDataService } from './services/dataService.js'
import { createRoutingService } from './services/routingService.js'
import { createRouteStreamService } from './services/routeStreamService.js'
import type { RouteStreamServices } from '../service/createRouteStreamServices.js'
import { SubscriptionEndedError } from '../errors/watch.js'

/** Largest request accepted: grpc-js's default, pinned (bigger → RESOURCE_EXHAUSTED, THREATS F5). */
export const MAX_RECEIVE_MESSAGE_BYTES = 4 * 1024 * 1024

export type CreateGrpcServerParameters = {
  /** The use cases (injected; tests pass a fake). */
  services: SwitchyardServices
  auth: {
    /** From `createApiKeyStore({ keys: config.apiKeys })`. */
    apiKeys: ApiKeyStore
    /** Budget per API key; default 600 per 60 s. */
    keyRateLimit?: RateLimitOptions | undefined
    /** Budget per client IP for requests without a valid key; default 60 per 60 s. */
    ipRateLimit?: RateLimitOptions | undefined
    /**
     * The budgets themselves, shared with the in-process gateway so a key has one budget on both
     * transports (as startSwitchyard builds it); wins over `apiKeys` and the two rate limits.
     */
    context?: AuthContext | undefined
    /**
     * The gateway's credential (`SWITCHYARD_GATEWAY_SECRET`): only callers presenting it may state
     * the client IP (`x-forwarded-for`) or say they already charged the key. Without it, never.
     */
    gatewaySecret?: string | undefined
    /** When given, the credential is believed only from these peer IPs; default any peer. */
    trustedProxies?: readonly string[] | undefined
  }
  /**
   * The streamed and batched routes (RouteStreamService: WatchRoute, RouteBatch) and the most events a
   * subscriber may leave unread; without it the service is not served (UNIMPLEMENTED).
   */
  routeStream?: { services: RouteStreamServices; buffer: number } | undefined
  /** Most route, quote, bundle and non-tokenized route calls in flight; past it OVERLOADED (503). Default unbounded. */
  maxInflight?: number | undefined
  logger: Logger
  /** Directory holding `switchyard/…/*.proto`; default `<repo>/proto`. */
  protoDir?: string | undefined
  /** How long {@link GrpcServer.shutdown} waits for in-flight calls before cancelling them; default 10 s. */
  shutdownTimeoutMs?: number | undefined
}

export type GrpcServer = {
  server: Server
  /** The key store and budgets the calls are charged to. */
  authContext: AuthContext
  /** The bound on in-flight route work, when configured. */
  inflight: InflightLimiter | undefined
  /** The streamed and batched route use cases, when served (their subscriptions' stats). */
  routeStream: RouteStreamServices | undefined
  /** Health statuses (`''` and both service names); set NOT_SERVING to drain. */
  health: HealthImplementation
  /**
   * Binds (insecure credentials) and starts serving.
   * @param address - e.g. `127.0.0.1:50051`, or port 0 for any free port
   * @returns the bound port
   */
  bind(address: string): Promise<number>
  /**
   * Graceful stop: health NOT_SERVING, no new calls, in-flight calls finish; after the timeout the
   * rest are cancelled. Safe to call more than once.
   */
  shutdown(): Promise<void>
}

function serviceOf(definition: PackageDefinition, name: string): ServiceDefinition {
  return definition[name] as ServiceDefinition
}

/**
 * Creates the switchyard gRPC server: RoutingService and DataService (authenticated and
 * rate-limited per call), the standard health service, and server reflection.
 *
 * @example
 * const apiKeys = createApiKeyStore({ keys: config.apiKeys })
 * const grpc = createGrpcServer({ services, auth: { apiKeys }, logger })
 * const port = await grpc.bind(`${config.host}:${config.grpcPort}`)
 * process.on('SIGTERM', () => void grpc.shutdown())
 * @param params - {@link CreateGrpcServerParameters}
 * @returns {@link GrpcServer}
 */
export function createGrpcServer({ services, auth, logger, protoDir, maxInflight, routeStream, shutdownTimeoutMs = 10_000 }: CreateGrpcServerParameters): GrpcServer {
  const definition = loadProtoDefinition({ protoDir })
  const authContext: AuthContext = auth.context ?? {
    apiKeys: auth.apiKeys,
    keyLimiter: createRateLimiter(auth.keyRateLimit ?? DEFAULT_KEY_RATE_LIMIT),
    ipLimiter: createRateLimiter(auth.ipRateLimit ?? DEFAULT_IP_RATE_LIMIT),
  }
  const callers = {
    auth: authContext,
    gatewaySecret: auth.gatewaySecret,
    trustedProxies: auth.trustedProxies === undefined ? undefined : new Set(auth.trustedProxies),
  }
  // Keys are checked and charged when a call's metadata arrives, before its message is read (as the
  // gateway does before it reads a body); health and reflection need no key.
  const admission = createAuthInterceptor({ ...callers, logger, services: [SERVICE_NAMES.routing, SERVICE_NAMES.routeStream, SERVICE_NAMES.data] })
  const options: ServerOptions = { 'grpc.max_receive_message_length': MAX_RECEIVE_MESSAGE_BYTES, interceptors: [admission.interceptor] }
  const server = new Server(options)
  const inflight = maxInflight === undefined ? undefined : createInflightLimiter({ max: maxInflight })
  const ctx: HandlerContext = { ...callers, logger, inflight, admittedOf: admission.admittedOf }
  createRoutingService({ ...ctx, services, definition: serviceOf(definition, SERVICE_NAMES.routing) }).addToServer(server)
  createDataService({ ...ctx, services, definition: serviceOf(definition, SERVICE_NAMES.data) }).addToServer(server)
  if (routeStream) {
    createRouteStreamService({ ...ctx, services: routeStream.services, buffer: routeStream.buffer, definition: serviceOf(definition, SERVICE_NAMES.routeStream) }).addToServer(server)
  }
  const names = ['', SERVICE_NAMES.routing, SERVICE_NAMES.data, ...(routeStream ? [SERVICE_NAMES.routeStream] : [])]
  const health = new HealthImplementation(Object.fromEntries(names.map((n) => [n, 'SERVING'])))
  health.addToServer(server)
  new ReflectionService(definition).addToServer(server)

  let stopping: Promise<void> | undefined
  return {
    server,
    authContext,
    inflight,
    routeStream: routeStream?.services,
    health,
    bind: (address) =>
      new Promise((resolve, reject) => {
        server.bindAsync(address, ServerCredentials.createInsecure(), (err, port) => {
          if (err) reject(err)
          else {
            keepRepeatedAuthorization(server)
            logger.info({ address, port }, 'gRPC server listening')
            resolve(port)
          }
        })
      }),
    shutdown: () =>
      (stopping ??= new Promise<void>((resolve) => {
        for (const n of names) health.setStatus(n, 'NOT_SERVING')
        // Subscriptions never end on their own: end them, so the graceful stop need not wait them out.
        routeStream?.services.watches.close(new SubscriptionEndedError())
        const timer = setTimeout(() => {
          logger.warn({ timeoutMs: shutdownTimeoutMs }, 'gRPC graceful shutdown timed out; cancelling in-flight calls')
          server.forceShutdown()
          resolve()
        }, shutdownTimeoutMs)
        server.tryShutdown((err) => {
          clearTimeout(timer)
          if (err) {
            logger.warn({ err }, 'gRPC graceful shutdown failed; forcing')
            server.forceShutdown()
          }
          resolve()
        })
      })),
  }
}
