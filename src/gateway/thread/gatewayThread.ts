/**
 * Entry of the REST gateway's own thread (see startGatewayThread.ts): builds the Fastify app on the
 * data the main thread handed over and listens. The route work stays on the main thread, behind gRPC;
 * this thread only parses, authenticates, admits or refuses, forwards and answers, so a refusal never
 * waits behind route work.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { pino } from 'pino'
import type { AuthContext } from '../../service/auth/authenticate.js'
import { createApiKeyStore } from '../../service/auth/createApiKeyStore.js'
import { createSharedRateLimiter } from '../../service/auth/createSharedRateLimiter.js'
import { createRedisStore } from '../../service/store/createRedisStore.js'
import type { Store } from '../../service/store/types.js'
import { isInflightFull } from '../../grpc/createInflightLimiter.js'
import { startIdleCollector } from '../../threads/startIdleCollector.js'
import { buildApp } from '../app.js'
import type { GatewayThreadData, GatewayThreadEvent } from './gatewayThreadData.js'

const data = workerData as GatewayThreadData
const port = parentPort!
const logger = pino({ level: data.logLevel, base: { component: 'gateway' } }, pino.destination({ dest: 1, sync: false }))

const developmentKey = data.developmentKey
const apiKeys = createApiKeyStore({ keys: data.apiKeys, ...(developmentKey === undefined ? {} : { generateKey: () => developmentKey }) })
let store: Store | undefined
let auth: AuthContext
if (data.budgets.kind === 'redis') {
  store = await createRedisStore({ url: data.budgets.url, logger })
  auth = { apiKeys, keyLimiter: store.createRateLimiter(data.keyRateLimit), ipLimiter: store.createRateLimiter(data.ipRateLimit) }
} else {
  auth = {
    apiKeys,
    keyLimiter: createSharedRateLimiter({ ...data.keyRateLimit, buffer: data.budgets.key }),
    ipLimiter: createSharedRateLimiter({ ...data.ipRateLimit, buffer: data.budgets.ip }),
  }
}

let nextMetricsId = 0
const metricsWaiting = new Map<number, (text: string) => void>()
data.metricsPort.on('message', ({ id, text }: { id: number; text: string }) => {
  metricsWaiting.get(id)?.(text)
  metricsWaiting.delete(id)
})
// The port must not keep the thread alive once the app is closed.
data.metricsPort.unref()
const metrics = {
  contentType: data.metricsContentType,
  metrics: () => new Promise<string>((resolve) => {
    const id = nextMetricsId++
    metricsWaiting.set(id, resolve)
    data.metricsPort.postMessage({ id })
  }),
}

const inflight = data.inflight
const app = await buildApp({
  grpcAddress: data.grpcAddress,
  logger,
  metrics,
  auth,
  gatewaySecret: data.gatewaySecret,
  admission: inflight === undefined ? undefined : { isFull: () => isInflightFull(inflight) },
  watchBuffer: data.watchBuffer,
  watchMaxPerKey: data.watchMaxPerKey,
  watchMaxTotal: data.watchMaxTotal,
})
// A failure before this line (a port in use) ends the thread with it, so the main thread sees why.
const url = await app.listen({ host: data.host, port: data.port })
// From here on, as on the main thread: whatever escapes a handler is logged, and the thread keeps serving.
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'))
process.on('uncaughtException', (err) => logger.error({ err }, 'uncaught exception'))
port.postMessage({ type: 'listening', url } satisfies GatewayThreadEvent)
// A stream's fan-out writes a block's events to every subscriber at once: collect in the quiet after.
if (data.idleGc === true) startIdleCollector()

port.on('message', (message: { type: 'close' }) => {
  if (message.type !== 'close') return
  void (async () => {
    await app.close().catch((err: unknown) => logger.error({ err }, 'gateway close failed'))
    await store?.close().catch(() => {})
    port.postMessage({ type: 'closed' } satisfies GatewayThreadEvent)
    logger.flush()
    port.close()
  })()
})
