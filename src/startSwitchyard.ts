import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import { connectChains, type ConnectChainsOptions, type ConnectedChains } from './chain/connectChains.js'
import type { Config } from './config.js'
import { buildApp } from './gateway/app.js'
import { createGrpcServer, type GrpcServer } from './grpc/server.js'
import type { AuthContext } from './service/auth/authenticate.js'
import { createApiKeyStore, type ApiKeyStore } from './service/auth/createApiKeyStore.js'
import { DEFAULT_IP_RATE_LIMIT } from './service/auth/createRateLimiter.js'
import { isSharedRateLimiter } from './service/auth/createSharedRateLimiter.js'
import type { GatewayThreadBudgets } from './gateway/thread/gatewayThreadData.js'
import { startGatewayThread, type GatewayThread } from './gateway/thread/startGatewayThread.js'
import { createMemoryStore } from './service/store/createMemoryStore.js'
import { createRedisStore } from './service/store/createRedisStore.js'
import type { Store } from './service/store/types.js'
import { nodeHealth } from './service/nodeHealth.js'
import { join } from 'node:path'
import { createRelayer, fileCursorStore, type Relayer } from './relayer/createRelayer.js'
import { createEnginePool } from './engine/pool.js'
import { startIdleCollector } from './threads/startIdleCollector.js'
import { createServiceContext, engineVersionsKept } from './service/createServiceContext.js'
import { createServices } from './service/createServices.js'
import { createRouteStreamServices } from './service/createRouteStreamServices.js'
import { createMetrics } from './service/metrics/createMetrics.js'
import { instrumentServices } from './service/metrics/instrumentServices.js'

/** A running switchyard: chains, engine, gRPC server and REST gateway. */
export type RunningSwitchyard = {
  connected: ConnectedChains
  grpc: GrpcServer
  grpcAddress: string
  /** The REST gateway when it runs on the main thread (`gatewayThread: false`); else see {@link gatewayThread}. */
  app: FastifyInstance | undefined
  /** The REST gateway's own thread (the default, `gatewayThread: true`). */
  gatewayThread: GatewayThread | undefined
  /** `http://host:port`, without `/api/v1`. */
  httpUrl: string
  apiKeys: ApiKeyStore
  /** The devnet bridge relayer, when it runs (see `Config.relayer`). */
  relayer: Relayer | undefined
  /** Stops the gateway, then the gRPC server (draining), the workers and the devnet nodes. */
  stop(): Promise<void>
}

/**
 * Starts everything `npm start` runs, in this process: chains (devnet or external), the engine's
 * worker pool and snapshot stores, the gRPC server and the Fastify gateway. Tests and benchmarks
 * call it with ports 0. Logs how long each phase took (`phase`, `ms`): the devnet (a line per chain
 * as it boots from the state cache or is deployed, `atMs` since the devnet started, then the
 * total), worker pool, services (proto loading, handlers), gRPC listen, gateway listen, and per
 * chain snapshot load and worker warm.
 * @returns handles and a `stop()`
 */
export async function startSwitchyard({ config, logger, superviseDevnet }: { config: Config; logger: Logger; /** Passed to connectChains (default: supervised, state dumped every 5 s when the head moved). */ superviseDevnet?: ConnectChainsOptions['superviseDevnet'] }): Promise<RunningSwitchyard> {
  const phase = (name: string, started: number, fields: Record<string, unknown> = {}) => {
    const ms = Math.round(performance.now() - started)
    logger.info({ phase: name, ms, ...fields }, `startup: ${name} ${ms} ms`)
  }
  // Rate-limit buckets and shared results: Redis when configured (every replica shares them), else this
  // process. Opened first: external-node discovery shares its pool index there.
  const store: Store = config.redisUrl ? await createRedisStore({ url: config.redisUrl, logger }) : createMemoryStore()
  // The engine's worker threads start first: they load their modules while the chains connect (a warm
  // restart's discovery and snapshot reads), instead of after.
  let t = performance.now()
  const engine = createEnginePool({ threads: config.engineThreads, keepVersions: engineVersionsKept(config.chains.length), idleGc: config.idleGc })
  phase('worker pool', t, { threads: config.engineThreads })
  const devnetStarted = performance.now()
  const connected = await connectChains(config, {
    sharedIndex: config.redisUrl ? store.cache : undefined,
    ...(superviseDevnet === undefined ? {} : { superviseDevnet }),
    // The devnet reports each chain as it boots from cache or is deployed and seeded.
    log: (m) => logger.info({ phase: devnetPhaseOf(m), chainId: chainIdOf(m), atMs: Math.round(performance.now() - devnetStarted) }, m),
    // External nodes: what pool discovery found, and what it left out and why.
    logger: logger.child({ component: 'discovery' }),
  }).catch(async (cause: unknown) => {
    await Promise.all([store.close().catch(() => {}), engine.close().catch(() => {})])
    throw cause
  })
  phase('devnet', devnetStarted, {
    chains: Object.values(connected.chains).map((c) => ({ chainId: c.chainId, source: c.source, fromCache: connected.devnet?.chains[c.chainId]?.fromCache })),
  })
  t = performance.now()
  const ctx = createServiceContext({ chains: connected.chains, logger, engine, maxSplits: config.maxSplits, sharedCache: store.cache, stateDir: config.stateDir })
  const apiKeys = createApiKeyStore({ keys: config.apiKeys })
  // One key store and one pair of budgets for both transports: the gateway checks keys before it
  // reads a body, the gRPC server checks direct callers, and a key is charged once per request.
  const keyRateLimit = { limit: config.rateLimitPerMinute, windowMs: 60_000 }
  const auth: AuthContext = {
    apiKeys,
    keyLimiter: store.createRateLimiter(keyRateLimit),
    ipLimiter: store.createRateLimiter(DEFAULT_IP_RATE_LIMIT),
  }
  const gatewaySecret = config.gatewaySecret ?? randomBytes(32).toString('base64url')
  const maxInflight = config.maxInflight ?? (config.engineThreads ?? availableParallelism()) * 16
  nodeHealth.configure({ retryMs: config.nodeRetryMs, firstRetryMs: config.nodeFirstRetryMs, tripOnFailure: true })
  // The circuits are the process's: a stopped service leaves its chains' closed, so a later start in
  // the same process (a restart, a test) does not inherit a node it saw down.
  const closeCircuits = () => {
    for (const chainId of Object.keys(connected.chains)) nodeHealth.markUp(Number(chainId))
  }
  const discovery = Object.values(connected.chains).flatMap((c) => (c.discovery ? [c.discovery] : []))
  const metrics = createMetrics({ engine: ctx.engine, discovery: () => discovery })
  const grpc = createGrpcServer({
    services: instrumentServices(createServices(ctx), metrics),
    auth: { apiKeys, context: auth, gatewaySecret },
    maxInflight,
    logger,
    routeStream: {
      services: createRouteStreamServices(ctx, {
        pollMs: config.watchPollMs, gasChangeBps: config.watchGasChangeBps, maxPerKey: config.watchMaxPerKey, maxTotal: config.watchMaxTotal, buffer: config.watchBuffer,
        rpcBatching: { batchSize: config.rpcBatchSize, inFlight: config.rpcBatchInFlight },
      }),
      buffer: config.watchBuffer,
    },
  })
  phase('services', t, { maxInflight })
  // Warm the snapshots and the workers so the first request does not pay for them; this reads the
  // chains while the servers below bind, and is awaited before the start counts as done.
  const warming = Promise.all(
    Object.entries(ctx.snapshots).map(async ([chainId, store]) => {
      let started = performance.now()
      const snapshot = await store.current()
      phase('snapshot load', started, { chainId: Number(chainId) })
      started = performance.now()
      await ctx.engine.setSnapshot(snapshot)
      phase('worker warm', started, { chainId: Number(chainId) })
    }),
  )
  // A failure is thrown by the `await` below; this only keeps it from counting as unhandled when
  // binding fails first.
  warming.catch(() => {})
  let app: FastifyInstance | undefined
  let gatewayThread: GatewayThread | undefined
  let relayer: Relayer | undefined
  try {
    t = performance.now()
    const grpcPort = await grpc.bind(`${config.host}:${config.grpcPort}`)
    const grpcAddress = `${config.host}:${grpcPort}`
    phase('grpc listen', t, { address: grpcAddress })
    t = performance.now()
    // The gateway peeks at the service's in-flight bound, so surplus route calls are refused at the door.
    const inflight = grpc.inflight
    let httpUrl: string
    if (config.gatewayThread) {
      gatewayThread = await startGatewayThread({
        grpcAddress, host: config.host, port: config.httpPort, logLevel: logger.level, gatewaySecret,
        apiKeys: config.apiKeys, developmentKey: apiKeys.developmentKey, keyRateLimit, ipRateLimit: DEFAULT_IP_RATE_LIMIT,
        budgets: budgetsForThread(store, auth, config.redisUrl), inflight: inflight?.shared, watchBuffer: config.watchBuffer,
        watchMaxPerKey: config.watchMaxPerKey, watchMaxTotal: config.watchMaxTotal, idleGc: config.idleGc,
        metricsContentType: metrics.registry.contentType, metrics: () => metrics.registry.metrics(), logger,
      })
      httpUrl = gatewayThread.url
    } else {
      const admission = inflight ? { isFull: () => inflight.inflight >= inflight.max } : undefined
      app = await buildApp({ grpcAddress, logger: logger.child({ component: 'gateway' }), metrics: metrics.registry, auth, gatewaySecret, admission, watchBuffer: config.watchBuffer, watchMaxPerKey: config.watchMaxPerKey, watchMaxTotal: config.watchMaxTotal })
      httpUrl = await app.listen({ host: config.host, port: config.httpPort })
    }
    phase('gateway listen', t, { url: httpUrl })
    await warming
    relayer = startRelayer(config, connected, logger)
    // The main thread's bursts (a head's re-quotes and their simulations) collect in the quiet after them.
    const collector = config.idleGc ? startIdleCollector() : undefined
    let stopped = false
    const gateway = app
    const thread = gatewayThread
    const running = relayer
    return {
      connected, grpc, grpcAddress, app: gateway, gatewayThread: thread, httpUrl, apiKeys, relayer: running,
      async stop() {
        if (stopped) return
        stopped = true
        collector?.stop()
        await running?.stop().catch(() => {})
        await gateway?.close().catch(() => {})
        await thread?.close().catch(() => {})
        await grpc.shutdown().catch(() => {})
        // Keep each external chain's snapshot for the next start (a no-op for devnet chains).
        await Promise.all(Object.values(ctx.snapshots).map((s) => s.persist().catch(() => {})))
        await ctx.close().catch(() => {})
        await store.close().catch(() => {})
        await connected.stop()
        closeCircuits()
      },
    }
  } catch (cause) {
    await relayer?.stop().catch(() => {})
    await app?.close().catch(() => {})
    await gatewayThread?.close().catch(() => {})
    await grpc.shutdown().catch(() => {})
    await ctx.close().catch(() => {})
    await store.close().catch(() => {})
    await connected.stop()
    closeCircuits()
    throw cause
  }
}

/** The phase a devnet progress line reports: a chain loaded from the state cache, or deployed. */
function devnetPhaseOf(message: string): string {
  if (message.includes('loaded cached state')) return 'devnet boot'
  if (message.includes('deployed and seeded')) return 'contract deploy'
  if (message.includes('linked')) return 'bridge link'
  return 'devnet'
}

/** `chain 8453: …` → 8453, for the devnet's progress lines. */
function chainIdOf(message: string): number | undefined {
  const match = /^chain (\d+):/.exec(message)
  return match ? Number(match[1]) : undefined
}

/** How the gateway thread reaches the budgets the gRPC server charges: the same tables, or the same Redis. */
function budgetsForThread(store: Store, auth: AuthContext, redisUrl: string | undefined): GatewayThreadBudgets {
  if (store.kind === 'redis' && redisUrl !== undefined) return { kind: 'redis', url: redisUrl }
  const { keyLimiter, ipLimiter } = auth
  if (!isSharedRateLimiter(keyLimiter) || !isSharedRateLimiter(ipLimiter)) throw new Error('the in-process budgets must be in shared memory to serve the gateway thread')
  return { kind: 'memory', key: keyLimiter.buffer, ip: ipLimiter.buffer }
}

/** The devnet relayer, when two or more chains run on the embedded devnet and the config allows it. */
function startRelayer(config: Config, connected: ConnectedChains, logger: Logger): Relayer | undefined {
  const devnet = connected.devnet
  if (config.relayer === 'off' || !devnet) return undefined
  const chains = Object.values(devnet.chains).map((c) => ({ chainId: c.chainId, client: c.client, book: c.addressBook }))
  if (chains.length < 2) return undefined
  const log = logger.child({ component: 'relayer' })
  log.info({ chains: chains.map((c) => c.chainId) }, 'bridge relayer started')
  return createRelayer({ chains, pollMs: config.relayerPollMs, store: fileCursorStore(join(config.stateDir, 'relayer.json')), log: (m) => log.info(m) })
}
