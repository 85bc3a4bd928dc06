import { MessageChannel, type Worker } from 'node:worker_threads'
import type { Logger } from 'pino'
import { createThread } from '../../threads/createThread.js'
import type { GatewayThreadData, GatewayThreadEvent } from './gatewayThreadData.js'

/** Parameters of {@link startGatewayThread}: the thread's data, less the port the metrics travel on. */
export type StartGatewayThreadParameters = Omit<GatewayThreadData, 'metricsPort'> & {
  /** The main thread's metrics in Prometheus text. */
  metrics: () => Promise<string>
  logger: Logger
  /** First wait before a thread that died is started again, ms (doubles up to 5 s). Default 100. */
  restartDelayMs?: number | undefined
}

/** The REST gateway running in its own thread. */
export type GatewayThread = {
  /** `http://host:port` the gateway listens on (the same after a restart). */
  readonly url: string
  /** Times the thread died and was started again. */
  readonly restarts: number
  /** Closes the app (in-flight requests finish), then ends the thread. Safe to call twice. */
  close(): Promise<void>
  /** Terminates the thread as a crash would, without closing anything (chaos drills, tests); it is started again. */
  kill(): Promise<void>
}

/** Longest wait for a thread to close its app before it is terminated, ms. */
const CLOSE_TIMEOUT_MS = 10_000
const MAX_RESTART_DELAY_MS = 5_000

/**
 * Runs the REST gateway (buildApp) in a worker thread of its own. The main thread keeps the route
 * work (gRPC server, snapshots, simulations, the engine pool's dispatch); the gateway thread parses,
 * authenticates, admits and forwards over gRPC. Under a flood, a request the in-flight bound refuses
 * waits for no route work on its way in or out: its latency is the gateway thread's, not the main
 * thread's event loop (issue 24 item 7).
 *
 * The two threads share what must agree without messages: the budgets (shared-memory token buckets, or
 * the same Redis) and the in-flight counter (`Atomics`). `GET /metrics` asks the main thread for its
 * registry over a port. A thread that dies is logged and started again on the same port, with a backoff,
 * so a crash in the gateway never takes the service down.
 *
 * @param params - {@link StartGatewayThreadParameters}
 * @returns once the gateway listens
 * @throws the thread's error when the first start fails (a port in use, a bad address)
 */
export async function startGatewayThread(params: StartGatewayThreadParameters): Promise<GatewayThread> {
  const { metrics, logger, restartDelayMs = 100, ...data } = params
  let closing = false
  let restarts = 0
  let current: { worker: Worker; closed: Promise<void> } | undefined

  const spawn = (port: number) => new Promise<{ worker: Worker; url: string }>((resolve, reject) => {
    const channel = new MessageChannel()
    channel.port1.on('message', ({ id }: { id: number }) => {
      metrics().then(
        (text) => channel.port1.postMessage({ id, text }),
        (err: unknown) => channel.port1.postMessage({ id, text: `# metrics failed: ${String(err)}\n` }),
      )
    })
    channel.port1.unref()
    const workerData: GatewayThreadData = { ...data, port, metricsPort: channel.port2 }
    const worker = createThread(new URL('./gatewayThread.js', import.meta.url), { workerData, transferList: [channel.port2] })
    let listening = false
    worker.on('message', (event: GatewayThreadEvent) => {
      if (event.type === 'listening' && !listening) {
        listening = true
        resolve({ worker, url: event.url })
      }
    })
    worker.once('error', (err) => {
      if (!listening) reject(err)
      else logger.error({ err, component: 'gateway' }, 'gateway thread failed')
    })
    worker.once('exit', (code) => {
      channel.port1.close()
      if (!listening) reject(new Error(`gateway thread exited with code ${code} before it listened`))
      else if (!closing) void restart(code)
    })
  })

  const watch = (worker: Worker) => ({ worker, closed: new Promise<void>((resolve) => worker.once('exit', () => resolve())) })

  // The port the first thread bound (port 0 picks one): a restarted thread takes the same.
  let boundPort = data.port
  const restart = async (code: number) => {
    let delay = restartDelayMs
    while (!closing) {
      logger.error({ component: 'gateway', code, restarts, retryInMs: delay }, 'gateway thread exited; starting it again')
      await new Promise((r) => setTimeout(r, delay))
      if (closing) return
      try {
        const started = await spawn(boundPort)
        restarts++
        current = watch(started.worker)
        if (closing) await stopWorker(current)
        else logger.info({ component: 'gateway', restarts }, 'gateway thread started again')
        return
      } catch (err) {
        logger.error({ err, component: 'gateway' }, 'gateway thread failed to start again')
        delay = Math.min(MAX_RESTART_DELAY_MS, delay * 2)
      }
    }
  }

  const stopWorker = async ({ worker, closed }: { worker: Worker; closed: Promise<void> }) => {
    worker.postMessage({ type: 'close' })
    const timer = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS)
    await closed
    clearTimeout(timer)
  }

  const first = await spawn(data.port)
  current = watch(first.worker)
  const url = first.url
  boundPort = Number(new URL(url).port)
  return {
    url,
    get restarts() {
      return restarts
    },
    async close() {
      if (closing) return
      closing = true
      if (current) await stopWorker(current)
    },
    async kill() {
      if (current) await current.worker.terminate()
    },
  }
}
