import { existsSync, readFileSync } from 'node:fs'
import { z } from 'zod'

/**
 * The only module that reads `process.env`. Every setting can come from the environment or from a
 * JSON config file (`SWITCHYARD_CONFIG=path`); the environment wins.
 */

const chainIdList = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean).map(Number))
  .pipe(z.array(z.number().int().positive()).min(1))

export const configSchema = z.strictObject({
  /** Chains switchyard serves. */
  chains: z.array(z.number().int().positive()).min(1).default([1, 8453]),
  /** External JSON-RPC node per chain; chains without one run on the embedded anvil devnet. */
  rpc: z.record(z.string().regex(/^\d+$/), z.url()).default({}),
  /** WebSocket endpoints of external nodes by chain id (`SWITCHYARD_WS_<id>`): route streams follow new heads there instead of polling. */
  ws: z.record(z.string().regex(/^\d+$/), z.url().regex(/^wss?:\/\//, 'a ws:// or wss:// URL')).default({}),
  /** Fixed loopback port of each embedded devnet node. */
  devnetPorts: z.record(z.string().regex(/^\d+$/), z.number().int().min(0).max(65535)).default({ '1': 8545, '8453': 8546 }),
  /** Scenario file the devnet seeds; defaults to the shipped scenario. */
  scenarioPath: z.string().optional(),
  /** Where the devnet manifest and the state cache live. */
  stateDir: z.string().default('.switchyard'),
  /** REST gateway port. */
  httpPort: z.number().int().min(0).max(65535).default(8080),
  /** Interface the gateway and gRPC server bind to. */
  host: z.string().default('127.0.0.1'),
  /** gRPC server port. */
  grpcPort: z.number().int().min(0).max(65535).default(50051),
  /** API keys, `key[:accountId]` each. */
  apiKeys: z.array(z.string().min(1)).default([]),
  /** Requests per minute per API key (shared by REST and gRPC). */
  rateLimitPerMinute: z.number().int().positive().default(600),
  /** Engine worker threads; default: available parallelism. */
  engineThreads: z.number().int().positive().optional(),
  /** Most paths a route leg is split across. */
  maxSplits: z.number().int().min(1).max(8).default(4),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Redis shared by every replica (`redis://…`, `rediss://…`): rate-limit buckets, route computations
   * and bridge-status records. Unset: all of it stays in this process.
   */
  redisUrl: z.string().regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL').optional(),
  /**
   * The bridge relayer between the devnet chains (LayerZero verifier and executor, Across relayer).
   * `auto`: on when two or more chains run on the embedded devnet; external nodes never get one, since
   * real networks have real relayers. `off` leaves bridged messages undelivered.
   */
  relayer: z.enum(['auto', 'off']).default('auto'),
  /** Relayer polling interval, ms. */
  relayerPollMs: z.number().int().min(10).max(60_000).default(100),
  /**
   * The gateway's credential towards the gRPC server: only callers presenting it may state the
   * client IP or pass on an authenticated key. Generated per process when unset (the in-process
   * gateway); set the same value on both sides when the gateway runs elsewhere.
   */
  gatewaySecret: z.string().regex(/^[\x21-\x7e]{32,256}$/, 'must be 32-256 printable ASCII characters').optional(),
  /**
   * Run the REST gateway in a thread of its own (default), so that parsing, refusing and answering never
   * wait behind the route work of the main thread; `false` runs it on the main thread.
   */
  gatewayThread: z.boolean().default(true),
  /**
   * Run the garbage collections of the main, gateway and engine threads in the quiet after each burst of
   * work (a new head's re-quotes), not inside the next one (src/threads/createIdleCollector.ts); `false`
   * leaves them to V8's own schedule.
   */
  idleGc: z.boolean().default(true),
  /** Most route, quote, bundle and non-tokenized route calls in flight; default engine threads × 16. */
  maxInflight: z.number().int().positive().optional(),
  /**
   * The longest a chain whose node failed answers 503 at once before one call probes the node again, ms;
   * the first wait is `nodeFirstRetryMs`, doubled after each failed probe up to this.
   */
  nodeRetryMs: z.number().int().min(100).max(600_000).default(5_000),
  /** The first wait after a chain's node failed before one call probes it, ms. */
  nodeFirstRetryMs: z.number().int().min(10).max(600_000).default(200),
  /**
   * External nodes: least USD TVL of a discovered pool in the search graph. Pools below it stay in the
   * index (and are counted) but are not routed through; 0 serves every pool, priced or not.
   */
  minPoolTvlUsd: z.number().min(0).default(10_000),
  /** External nodes: first block pool discovery reads logs from, per chain; default: see docs/operations.md. */
  discoveryStartBlocks: z.record(z.string().regex(/^\d+$/), z.number().int().min(0)).default({}),
  /** External nodes: largest `eth_getLogs` block range pool discovery asks for (it shrinks when a node refuses). */
  logBlockRange: z.number().int().min(1).max(100_000_000).default(10_000),
  /** Route subscriptions (WatchRoute, GET /shortcuts/route/stream) one API key may hold at once. */
  watchMaxPerKey: z.number().int().positive().default(20),
  /** Route subscriptions the server holds at once, all keys together. */
  watchMaxTotal: z.number().int().positive().default(10_000),
  /** Events a subscriber may leave unread before it is dropped (SLOW_READER). */
  watchBuffer: z.number().int().min(1).max(10_000).default(16),
  /**
   * Calls one JSON-RPC batch of a route batch's or a head's re-quotes carries. `auto`: 10 on the embedded
   * devnet, 100 on an external node.
   */
  rpcBatchSize: z.union([z.literal('auto'), z.number().int().min(1).max(1_000)]).default('auto'),
  /**
   * Such batches in flight to one node at once (0: unbounded); the others wait in order. `auto`: 2 on the
   * embedded devnet (anvil runs one call at a time, so concurrent batches all finish near the end of the
   * whole), unbounded on an external node.
   */
  rpcBatchInFlight: z.union([z.literal('auto'), z.number().int().min(0).max(1_000)]).default('auto'),
  /** How often a watched chain's head is read, ms. */
  watchPollMs: z.number().int().min(10).max(60_000).default(25),
  /** Least gas move a subscriber is sent a new answer for, basis points of the gas it holds. */
  watchGasChangeBps: z.number().int().min(0).max(1_000_000).default(1_000),
  /** External nodes: an operator's token list (Uniswap token-list JSON, optional `priceUsd` per token). */
  tokenListPath: z.string().optional(),
})

/** Parsed configuration. */
export type Config = z.infer<typeof configSchema>

/**
 * Builds the configuration from an environment and an optional config file.
 * @param env - defaults to `process.env`
 * @returns the validated configuration
 * @throws ZodError describing every invalid setting
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const file = env.SWITCHYARD_CONFIG
  const fromFile: Record<string, unknown> = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {}
  const fromEnv: Record<string, unknown> = {}
  if (env.SWITCHYARD_CHAINS) fromEnv.chains = chainIdList.parse(env.SWITCHYARD_CHAINS)
  const rpc: Record<string, string> = { ...((fromFile.rpc as Record<string, string> | undefined) ?? {}) }
  const ws: Record<string, string> = { ...((fromFile.ws as Record<string, string> | undefined) ?? {}) }
  const ports: Record<string, number> = { ...((fromFile.devnetPorts as Record<string, number> | undefined) ?? { '1': 8545, '8453': 8546 }) }
  const startBlocks: Record<string, number> = { ...((fromFile.discoveryStartBlocks as Record<string, number> | undefined) ?? {}) }
  for (const [k, v] of Object.entries(env)) {
    const rpcMatch = /^SWITCHYARD_RPC_(\d+)$/.exec(k)
    if (rpcMatch?.[1] && v) rpc[rpcMatch[1]] = v
    const wsMatch = /^SWITCHYARD_WS_(\d+)$/.exec(k)
    if (wsMatch?.[1] && v) ws[wsMatch[1]] = v
    const portMatch = /^SWITCHYARD_DEVNET_PORT_(\d+)$/.exec(k)
    if (portMatch?.[1] && v) ports[portMatch[1]] = Number(v)
    const startMatch = /^SWITCHYARD_DISCOVERY_START_BLOCK_(\d+)$/.exec(k)
    if (startMatch?.[1] && v) startBlocks[startMatch[1]] = Number(v)
  }
  fromEnv.rpc = rpc
  fromEnv.ws = ws
  fromEnv.devnetPorts = ports
  fromEnv.discoveryStartBlocks = startBlocks
  if (env.SWITCHYARD_SCENARIO) fromEnv.scenarioPath = env.SWITCHYARD_SCENARIO
  if (env.SWITCHYARD_STATE_DIR) fromEnv.stateDir = env.SWITCHYARD_STATE_DIR
  if (env.PORT) fromEnv.httpPort = Number(env.PORT)
  if (env.SWITCHYARD_HOST) fromEnv.host = env.SWITCHYARD_HOST
  if (env.SWITCHYARD_GRPC_PORT) fromEnv.grpcPort = Number(env.SWITCHYARD_GRPC_PORT)
  if (env.SWITCHYARD_API_KEYS) fromEnv.apiKeys = env.SWITCHYARD_API_KEYS.split(',').map((s) => s.trim()).filter(Boolean)
  if (env.LOG_LEVEL) fromEnv.logLevel = env.LOG_LEVEL
  if (env.SWITCHYARD_REDIS_URL) fromEnv.redisUrl = env.SWITCHYARD_REDIS_URL
  if (env.SWITCHYARD_RATE_LIMIT_PER_MINUTE) fromEnv.rateLimitPerMinute = Number(env.SWITCHYARD_RATE_LIMIT_PER_MINUTE)
  if (env.SWITCHYARD_ENGINE_THREADS) fromEnv.engineThreads = Number(env.SWITCHYARD_ENGINE_THREADS)
  if (env.SWITCHYARD_MAX_SPLITS) fromEnv.maxSplits = Number(env.SWITCHYARD_MAX_SPLITS)
  if (env.SWITCHYARD_RELAYER) fromEnv.relayer = env.SWITCHYARD_RELAYER
  if (env.SWITCHYARD_RELAYER_POLL_MS) fromEnv.relayerPollMs = Number(env.SWITCHYARD_RELAYER_POLL_MS)
  if (env.SWITCHYARD_GATEWAY_SECRET) fromEnv.gatewaySecret = env.SWITCHYARD_GATEWAY_SECRET
  if (env.SWITCHYARD_GATEWAY_THREAD) fromEnv.gatewayThread = !['0', 'false', 'off', 'no'].includes(env.SWITCHYARD_GATEWAY_THREAD.toLowerCase())
  if (env.SWITCHYARD_IDLE_GC) fromEnv.idleGc = !['0', 'false', 'off', 'no'].includes(env.SWITCHYARD_IDLE_GC.toLowerCase())
  if (env.SWITCHYARD_MAX_INFLIGHT) fromEnv.maxInflight = Number(env.SWITCHYARD_MAX_INFLIGHT)
  if (env.SWITCHYARD_NODE_RETRY_MS) fromEnv.nodeRetryMs = Number(env.SWITCHYARD_NODE_RETRY_MS)
  if (env.SWITCHYARD_NODE_FIRST_RETRY_MS) fromEnv.nodeFirstRetryMs = Number(env.SWITCHYARD_NODE_FIRST_RETRY_MS)
  if (env.SWITCHYARD_MIN_POOL_TVL_USD) fromEnv.minPoolTvlUsd = Number(env.SWITCHYARD_MIN_POOL_TVL_USD)
  if (env.SWITCHYARD_LOG_BLOCK_RANGE) fromEnv.logBlockRange = Number(env.SWITCHYARD_LOG_BLOCK_RANGE)
  if (env.SWITCHYARD_TOKEN_LIST) fromEnv.tokenListPath = env.SWITCHYARD_TOKEN_LIST
  if (env.SWITCHYARD_WATCH_MAX_PER_KEY) fromEnv.watchMaxPerKey = Number(env.SWITCHYARD_WATCH_MAX_PER_KEY)
  if (env.SWITCHYARD_WATCH_MAX_TOTAL) fromEnv.watchMaxTotal = Number(env.SWITCHYARD_WATCH_MAX_TOTAL)
  if (env.SWITCHYARD_WATCH_BUFFER) fromEnv.watchBuffer = Number(env.SWITCHYARD_WATCH_BUFFER)
  if (env.SWITCHYARD_WATCH_POLL_MS) fromEnv.watchPollMs = Number(env.SWITCHYARD_WATCH_POLL_MS)
  const autoOrNumber = (value: string) => (value === 'auto' ? 'auto' : Number(value))
  if (env.SWITCHYARD_RPC_BATCH_SIZE) fromEnv.rpcBatchSize = autoOrNumber(env.SWITCHYARD_RPC_BATCH_SIZE)
  if (env.SWITCHYARD_RPC_BATCH_IN_FLIGHT) fromEnv.rpcBatchInFlight = autoOrNumber(env.SWITCHYARD_RPC_BATCH_IN_FLIGHT)
  if (env.SWITCHYARD_WATCH_GAS_CHANGE_BPS) fromEnv.watchGasChangeBps = Number(env.SWITCHYARD_WATCH_GAS_CHANGE_BPS)
  return configSchema.parse({ ...fromFile, ...fromEnv })
}

/** Secrets of `npm run contracts:deploy`; read from the environment only, never from a config file. */
export type DeployerSecrets = {
  /** `SWITCHYARD_DEPLOYER_KEY`: the deployer's private key. */
  privateKey?: string | undefined
  /** `SWITCHYARD_DEPLOYER_PASSWORD`: the password of the deployer's keystore. */
  password?: string | undefined
}

/**
 * Reads the deploy command's secrets from the environment.
 * @param env - defaults to `process.env`
 * @returns {@link DeployerSecrets}; empty values count as unset
 */
export function loadDeployerSecrets(env: NodeJS.ProcessEnv = process.env): DeployerSecrets {
  return {
    ...(env.SWITCHYARD_DEPLOYER_KEY ? { privateKey: env.SWITCHYARD_DEPLOYER_KEY } : {}),
    ...(env.SWITCHYARD_DEPLOYER_PASSWORD ? { password: env.SWITCHYARD_DEPLOYER_PASSWORD } : {}),
  }
}
