import type { ChannelCredentials } from '@grpc/grpc-js'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import type { AuthContext } from '../service/auth/authenticate.js'
import { handleClientError } from './mapping/handleClientError.js'
import { openApiPlugin } from './openapi/openApiPlugin.js'
import { authPlugin } from './plugins/auth.js'
import { admissionPlugin, type GatewayAdmission } from './plugins/admission.js'
import { emptyQueryValuesPlugin } from './plugins/emptyQueryValues.js'
import { errorHandlerPlugin } from './plugins/errorHandler.js'
import { grpcClientPlugin, type GatewayClients } from './plugins/grpcClient.js'
import { jsonDepthGuardPlugin } from './plugins/jsonDepthGuard.js'
import { genRequestId, requestIdPlugin } from './plugins/requestId.js'
import { accountRoutes } from './routes/account.js'
import { actionsRoutes } from './routes/actions.js'
import { aggregatorsRoutes } from './routes/aggregators.js'
import { projectProtocolsRoutes } from './routes/projectProtocols.js'
import { walletBalancesRoutes } from './routes/walletBalances.js'
import { bridgeRoutes } from './routes/bridge.js'
import { explorerRoutes } from './routes/explorer.js'
import { networksRoutes } from './routes/networks.js'
import { pricesRoutes } from './routes/prices.js'
import { volumeRoutes } from './routes/volume.js'
import { nontokenizedRoutes } from './routes/nontokenized.js'
import { projectsRoutes } from './routes/projects.js'
import { routeBatchRoutes } from './routes/routeBatch.js'
import { routeStreamRoutes } from './routes/routeStream.js'
import { protocolsRoutes } from './routes/protocols.js'
import { shortcutsRoutes } from './routes/shortcuts.js'
import { standardsRoutes } from './routes/standards.js'
import { tokensRoutes } from './routes/tokens.js'
import { unservedRoutes } from './routes/unserved.js'
import { walletRoutes } from './routes/wallet.js'

/** Default per-call gRPC deadline. */
export const DEFAULT_DEADLINE_MS = 10_000
/** Default body limit: 1 MiB (THREATS F1). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024
/** Default time to receive a whole request (THREATS F6: slow bodies get 408). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000

/** Options of {@link buildApp}. Give `grpcAddress` (the app owns and closes the clients) or `clients`. */
export type BuildAppParameters = {
  /** `host:port` of the switchyard gRPC server. */
  grpcAddress?: string
  /** Pre-built clients (tests); the caller closes them. Wins over `grpcAddress`. */
  clients?: GatewayClients
  /** Channel credentials for `grpcAddress`; insecure by default. */
  credentials?: ChannelCredentials
  /** A pino logger, `true` for Fastify's default, `false` (default) for none. */
  logger?: FastifyBaseLogger | boolean
  /** Deadline of every gRPC call. Default {@link DEFAULT_DEADLINE_MS}. */
  deadlineMs?: number
  /** Largest accepted body in bytes. Default {@link DEFAULT_BODY_LIMIT}. */
  bodyLimit?: number
  /** Time allowed to receive a whole request. Default {@link DEFAULT_REQUEST_TIMEOUT_MS}. */
  requestTimeoutMs?: number
  /** When given, `GET /metrics` serves it (Prometheus text format, outside `/api/v1`, no API key). */
  metrics?: { contentType: string; metrics(): Promise<string> } | undefined
  /** Fastify `trustProxy`: set it behind a reverse proxy so the forwarded client IP is used. */
  trustProxy?: boolean | string | string[]
  /**
   * The gRPC server's key store and budgets (the same instances, in-process): keys are checked and
   * charged in an `onRequest` hook, before any body is read, and calls go to gRPC marked as
   * authenticated. Without it the gRPC server authenticates every call (the body is read first).
   */
  auth?: AuthContext | undefined
  /** The gRPC server's gateway credential (`SWITCHYARD_GATEWAY_SECRET`), sent with every call. */
  gatewaySecret?: string | undefined
  /**
   * The service's in-flight bound (in-process, or in shared memory from the gateway's thread): route work
   * is refused OVERLOADED at the door, before its body is parsed, while the bound is reached, unless it
   * is identical to route work forwarded in the last minute and can join it (see {@link admissionPlugin}).
   */
  admission?: GatewayAdmission | undefined
  /** Most events a route stream's client may leave unread before it is dropped (`SWITCHYARD_WATCH_BUFFER`); default 16. */
  watchBuffer?: number | undefined
  /**
   * Most route stream subscribers one API key, and the gateway, may hold (`SWITCHYARD_WATCH_MAX_PER_KEY`,
   * `SWITCHYARD_WATCH_MAX_TOTAL`): with `auth`, identical streams share one gRPC call, so the gateway
   * bounds its subscribers itself; defaults 20 and 10,000.
   */
  watchMaxPerKey?: number | undefined
  watchMaxTotal?: number | undefined
  /** The built route explorer served at `/explorer` (default: `dist/explorer` of this package). */
  explorerDir?: string | undefined
}

/**
 * Builds the REST gateway: `/api/v1` (Enso shortcuts API) translated to gRPC calls. Does not listen
 * (fastify Testing guide): call `app.listen()` or `app.inject()`. With `auth`, keys and budgets are
 * checked before the body is read (see {@link authPlugin}); otherwise the gRPC server enforces them.
 * The gateway forwards `authorization`, the client IP (believed with `gatewaySecret`) and a request id.
 *
 * @example
 * const app = await buildApp({ grpcAddress: '127.0.0.1:50051' })
 * await app.listen({ port: 8080, host: '127.0.0.1' })
 *
 * @param parameters - {@link BuildAppParameters}
 * @returns the ready-to-listen Fastify instance
 * @throws Error when neither `grpcAddress` nor `clients` is given
 */
export async function buildApp(parameters: BuildAppParameters): Promise<FastifyInstance> {
  const { grpcAddress, clients, credentials, logger = false, deadlineMs = DEFAULT_DEADLINE_MS } = parameters
  const requestTimeout = parameters.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
  if (clients === undefined && grpcAddress === undefined) throw new Error('buildApp needs grpcAddress or clients')
  const app = Fastify({
    ...(typeof logger === 'boolean' ? { logger } : { loggerInstance: logger }),
    bodyLimit: parameters.bodyLimit ?? DEFAULT_BODY_LIMIT,
    genReqId: genRequestId,
    requestIdHeader: false,
    trustProxy: parameters.trustProxy ?? false,
    requestTimeout,
    // Node 20 only enforces requestTimeout when given to the server constructor (setting the property
    // afterwards, as Fastify does, is ignored), and checks on an interval (30 s by default).
    http: { requestTimeout, connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(requestTimeout / 2))) },
    clientErrorHandler: handleClientError,
  })
  // JSON only: without this, text/plain bodies reach handlers as strings (THREATS F4 → 415).
  app.removeContentTypeParser('text/plain')
  await app.register(requestIdPlugin)
  await app.register(errorHandlerPlugin)
  await app.register(jsonDepthGuardPlugin)
  await app.register(emptyQueryValuesPlugin)
  // Before the routes: its onRoute hook reads the route table (GET /api/v1/openapi.json, /docs).
  await app.register(openApiPlugin)
  const credential = parameters.gatewaySecret ? { secret: parameters.gatewaySecret, authenticated: parameters.auth !== undefined } : undefined
  await app.register(grpcClientPlugin, clients
    ? { clients, deadlineMs, credential }
    : { grpcAddress: grpcAddress ?? '', deadlineMs, credential, ...(credentials ? { credentials } : {}) })
  await app.register(async (api) => {
    // First in the scope: keys are checked before any body of these routes is read; then load shedding.
    await api.register(authPlugin, { auth: parameters.auth })
    await api.register(admissionPlugin, { admission: parameters.admission, bodyLimit: parameters.bodyLimit ?? DEFAULT_BODY_LIMIT })
    await api.register(shortcutsRoutes)
    await api.register(routeStreamRoutes, { auth: parameters.auth, buffer: parameters.watchBuffer, maxPerKey: parameters.watchMaxPerKey, maxTotal: parameters.watchMaxTotal })
    await api.register(routeBatchRoutes, { auth: parameters.auth })
    await api.register(walletRoutes)
    await api.register(accountRoutes)
    await api.register(networksRoutes)
    await api.register(protocolsRoutes)
    await api.register(standardsRoutes)
    await api.register(projectsRoutes)
    await api.register(tokensRoutes)
    await api.register(pricesRoutes)
    await api.register(volumeRoutes)
    await api.register(nontokenizedRoutes)
    await api.register(bridgeRoutes)
    await api.register(walletBalancesRoutes)
    await api.register(actionsRoutes)
    await api.register(aggregatorsRoutes)
    await api.register(projectProtocolsRoutes)
    // Published operations we do not serve: a documented 400, never 404.
    await api.register(unservedRoutes)
  }, { prefix: '/api/v1' })
  // The route explorer: a static page outside /api/v1 (no key to load it; its API calls carry one).
  await app.register(explorerRoutes, { dir: parameters.explorerDir })
  const metrics = parameters.metrics
  if (metrics) {
    app.get('/metrics', async (_request, reply) => reply.type(metrics.contentType).send(await metrics.metrics()))
  }
  return app
}
