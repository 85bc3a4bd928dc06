import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import { connectChains, type ConnectedChains } from './chain/connectChains.js'
import type { Config } from './config.js'
import { buildApp } from './gateway/app.js'
import { createGrpcServer, type GrpcServer } from './grpc/server.js'
import { createApiKeyStore, type ApiKeyStore } from './service/auth/createApiKeyStore.js'
import { join } from 'node:path'
import { createRelayer, fileCursorStore, type Relayer } from './relayer/createRelayer.js'
import { createServiceContext } from './service/createServiceContext.js'
import { createServices } from './service/createServices.js'
import { createMetrics } from './service/metrics/createMetrics.js'
import { instrumentServices } from './service/metrics/instrumentServices.js'

/** A running switchyard: chains, engine, gRPC server and REST gateway. */
export type RunningSwitchyard = {
  connected: ConnectedChains
  grpc: GrpcServer
  grpcAddress: string
  app: FastifyInstance
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
 * call it with ports 0.
 * @returns handles and a `stop()`
 */
export async function startSwitchyard({ config, logger }: { config: Config; logger: Logger }): Promise<RunningSwitchyard> {
  const connected = await connectChains(config, { log: (m) => logger.info(m) })
  const ctx = createServiceContext({ chains: connected.chains, logger, threads: config.engineThreads, maxSplits: config.maxSplits })
  const apiKeys = createApiKeyStore({ keys: config.apiKeys })
  const metrics = createMetrics({ engine: ctx.engine })
  const grpc = createGrpcServer({
    services: instrumentServices(createServices(ctx), metrics),
    auth: { apiKeys, keyRateLimit: { limit: config.rateLimitPerMinute, windowMs: 60_000 } },
    logger,
  })
  let app: FastifyInstance | undefined
  let relayer: Relayer | undefined
  try {
    const grpcPort = await grpc.bind(`${config.host}:${config.grpcPort}`)
    const grpcAddress = `${config.host}:${grpcPort}`
    app = await buildApp({ grpcAddress, logger: logger.child({ component: 'gateway' }), metrics: metrics.registry })
    const httpUrl = await app.listen({ host: config.host, port: config.httpPort })
    // Warm the snapshots and the workers so the first request does not pay for them.
    await Promise.all(Object.values(ctx.snapshots).map(async (s) => ctx.engine.setSnapshot(await s.current())))
    relayer = startRelayer(config, connected, logger)
    let stopped = false
    const gateway = app
    const running = relayer
    return {
      connected, grpc, grpcAddress, app: gateway, httpUrl, apiKeys, relayer: running,
      async stop() {
        if (stopped) return
        stopped = true
        await running?.stop().catch(() => {})
        await gateway.close().catch(() => {})
        await grpc.shutdown().catch(() => {})
        await ctx.close().catch(() => {})
        await connected.stop()
      },
    }
  } catch (cause) {
    await relayer?.stop().catch(() => {})
    await app?.close().catch(() => {})
    await grpc.shutdown().catch(() => {})
    await ctx.close().catch(() => {})
    await connected.stop()
    throw cause
  }
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
