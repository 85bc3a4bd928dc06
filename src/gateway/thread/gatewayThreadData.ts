import type { MessagePort } from 'node:worker_threads'
import type { RateLimitOptions } from '../../service/auth/createRateLimiter.js'

/**
 * Where the gateway thread finds the budgets the gRPC server charges too: the same shared-memory
 * tables (the in-process store), or the same Redis (every replica's buckets).
 */
export type GatewayThreadBudgets =
  | { kind: 'memory'; key: SharedArrayBuffer; ip: SharedArrayBuffer }
  | { kind: 'redis'; url: string }

/** What the main thread hands the gateway thread (`workerData`): plain data, shared memory and one port. */
export type GatewayThreadData = {
  /** `host:port` of the gRPC server, on the same machine. */
  grpcAddress: string
  /** Interface and port to listen on; port 0 picks one (reported in the `listening` message). */
  host: string
  port: number
  /** pino level of the gateway's log (`silent` for none). */
  logLevel: string
  /** The gRPC server's gateway credential. */
  gatewaySecret: string
  /** Configured `key[:accountId]` entries, and the generated development key when none was configured. */
  apiKeys: readonly string[]
  developmentKey: string | undefined
  keyRateLimit: RateLimitOptions
  ipRateLimit: RateLimitOptions
  budgets: GatewayThreadBudgets
  /** The gRPC server's `[inflight, max]` ({@link isInflightFull}); absent when calls are not bounded. */
  inflight: Int32Array | undefined
  /** Most events a route stream's client may leave unread (`SWITCHYARD_WATCH_BUFFER`). */
  watchBuffer?: number | undefined
  /** Most route stream subscribers per API key, and in all (`SWITCHYARD_WATCH_MAX_PER_KEY`, `SWITCHYARD_WATCH_MAX_TOTAL`). */
  watchMaxPerKey?: number | undefined
  watchMaxTotal?: number | undefined
  /** Run this thread's garbage collections in the quiet after its bursts (`SWITCHYARD_IDLE_GC`). */
  idleGc?: boolean | undefined
  /** Prometheus content type of the main thread's registry. */
  metricsContentType: string
  /** Answers `{ id }` with `{ id, text }`: the main thread's metrics, for `GET /metrics`. */
  metricsPort: MessagePort
}

/** Messages of the gateway thread to the main thread. */
export type GatewayThreadEvent = { type: 'listening'; url: string } | { type: 'closed' }
