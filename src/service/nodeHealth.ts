import { AsyncLocalStorage } from 'node:async_hooks'
import { HttpRequestError, SocketClosedError, TimeoutError, WebSocketRequestError } from 'viem'
import { NodeDownError } from '../errors/admission.js'

/** Where a chain's node stands. */
export type NodeState =
  /** Calls go through. */
  | { state: 'up' }
  /** Calls fail at once until `retryAt`; then one probe is let through. `failures`: times marked down in a row. */
  | { state: 'down'; reason: string; since: number; retryAt: number; failures: number }
  /** One probe call is in flight; the others still fail at once. */
  | { state: 'probing'; reason: string; since: number; probeStartedAt: number; failures: number }

/** What {@link NodeHealth.admit} hands back: settle it with the call's outcome. */
export type NodeAdmission = {
  /** True when this call is the half-open probe: its outcome decides whether the node is up. */
  probe: boolean
  /** The node answered (or the call failed for a reason of its own). A probe marks the node up. */
  succeeded(): void
  /** The node failed (no answer, timeout, transport error): the circuit opens (again). */
  failed(reason: string): void
}

export type CreateNodeHealthParameters = {
  /**
   * The longest a node stays down before one probe is let through, ms. Default 5 000. The first wait
   * is `firstRetryMs`, doubled after each failed probe up to this bound: a node that restarts in half a
   * second answers again within about a second, a dead one costs one probe per `retryMs`.
   */
  retryMs?: number | undefined
  /** The first wait after a node is marked down, ms (at most `retryMs`). Default 200. */
  firstRetryMs?: number | undefined
  /** A probe that has not settled after this long no longer blocks the next one, ms. Default 30 000. */
  probeTimeoutMs?: number | undefined
  /**
   * Whether {@link NodeAdmission.failed} opens the circuit. Explicit {@link NodeHealth.markDown}
   * always does. Default true.
   */
  tripOnFailure?: boolean | undefined
  /** Clock in ms; injectable for tests. Default `Date.now`. */
  now?: (() => number) | undefined
}

/**
 * Per-chain circuit state of the JSON-RPC nodes. A failure of the node marks its chain down; while
 * down, calls fail at once with UPSTREAM_UNAVAILABLE (503, `Retry-After`) instead of each waiting
 * for the node to time out; after `retryMs` one call is let through as a probe (half-open): its
 * success marks the chain up, its failure marks it down for another `retryMs`.
 *
 * Contract for detectors (the chain layer's chainId-mismatch / head-jump checks): call
 * `markDown(chainId, reason)` when a node must not be used; it may be called any time, from any
 * module, and never throws. `markUp` clears the state (a detector that knows the node is healthy
 * again); otherwise the half-open probe does.
 */
export type NodeHealth = {
  /** Opens the chain's circuit now, for `retryMs` (or `options.retryMs`). */
  markDown(chainId: number, reason: string, options?: { retryMs?: number | undefined }): void
  /** Closes the chain's circuit. */
  markUp(chainId: number): void
  /** True while the chain is down or probing (a call now would fail fast, unless it is the probe). */
  isDown(chainId: number): boolean
  stateOf(chainId: number): NodeState
  /**
   * Admission of one call to the chain's node.
   * @returns the admission to settle with the outcome
   * @throws NodeDownError (UPSTREAM_UNAVAILABLE) while the chain is down and this call is not the probe
   */
  admit(chainId: number): NodeAdmission
  /** Changes the settings of a running registry (startSwitchyard applies the configuration). */
  configure(settings: Pick<CreateNodeHealthParameters, 'retryMs' | 'firstRetryMs' | 'tripOnFailure'>): void
}

/**
 * Builds a {@link NodeHealth} registry.
 * @example
 * const health = createNodeHealth({ retryMs: 5_000 })
 * const admission = health.admit(1) // throws NodeDownError while chain 1 is down
 * try { const block = await client.getBlockNumber(); admission.succeeded() } catch (e) { admission.failed(String(e)); throw e }
 * @param params - {@link CreateNodeHealthParameters}
 * @returns the registry
 */
export function createNodeHealth({ retryMs = 5_000, firstRetryMs = 200, probeTimeoutMs = 30_000, tripOnFailure = true, now = () => Date.now() }: CreateNodeHealthParameters = {}): NodeHealth {
  const settings = { retryMs, firstRetryMs, tripOnFailure }
  const states = new Map<number, NodeState>()
  const up: NodeState = { state: 'up' }
  const stateOf = (chainId: number): NodeState => states.get(chainId) ?? up
  /** The wait before the next probe after `failures` times down in a row: doubling from the first wait. */
  const backoff = (failures: number): number => Math.min(settings.retryMs, Math.min(settings.firstRetryMs, settings.retryMs) * 2 ** Math.min(failures - 1, 30))
  const markDown = (chainId: number, reason: string, options?: { retryMs?: number | undefined }) => {
    const t = now()
    const previous = stateOf(chainId)
    const since = previous.state === 'up' ? t : previous.since
    const failures = previous.state === 'up' ? 1 : previous.failures + 1
    states.set(chainId, { state: 'down', reason, since, retryAt: t + (options?.retryMs ?? backoff(failures)), failures })
  }
  const refuse = (chainId: number, reason: string, retryAt: number): never => {
    throw new NodeDownError({ chainId, reason, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now()) / 1000)) })
  }
  return {
    markDown,
    markUp: (chainId) => void states.delete(chainId),
    isDown: (chainId) => stateOf(chainId).state !== 'up',
    stateOf,
    configure(next) {
      if (next.retryMs !== undefined) settings.retryMs = next.retryMs
      if (next.firstRetryMs !== undefined) settings.firstRetryMs = next.firstRetryMs
      if (next.tripOnFailure !== undefined) settings.tripOnFailure = next.tripOnFailure
    },
    admit(chainId) {
      const current = stateOf(chainId)
      const t = now()
      let probe = false
      if (current.state === 'down') {
        if (t < current.retryAt) refuse(chainId, current.reason, current.retryAt)
        probe = true
      } else if (current.state === 'probing') {
        if (t - current.probeStartedAt < probeTimeoutMs) refuse(chainId, current.reason, t + backoff(current.failures))
        probe = true
      }
      if (probe && current.state !== 'up') states.set(chainId, { state: 'probing', reason: current.reason, since: current.since, probeStartedAt: t, failures: current.failures })
      let settled = false
      return {
        probe,
        succeeded() {
          if (settled) return
          settled = true
          // Only the probe closes the circuit: a call admitted before the node went down may have
          // been served from a cache without reaching the node at all.
          if (probe) states.delete(chainId)
        },
        failed(reason) {
          if (settled) return
          settled = true
          const state = stateOf(chainId).state
          if (probe || (state === 'up' && settings.tripOnFailure)) markDown(chainId, reason)
        },
      }
    },
  }
}

/**
 * True when an error means the node itself failed: no connection, a reset or closed socket, a
 * timeout, an HTTP error status. A JSON-RPC error answer (a revert, a bad parameter) is not one: the
 * node answered, and a caller must not be able to take a chain down for everyone by sending a
 * request that reverts.
 */
export function isNodeFailure(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 16; e = e.cause, depth++) {
    if (e instanceof HttpRequestError || e instanceof TimeoutError || e instanceof SocketClosedError || e instanceof WebSocketRequestError) return true
    if (/fetch failed|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|socket hang up/i.test(e.message)) return true
  }
  return false
}

/**
 * The process's registry, shared by `withUpstream` (which every use case calls with only a chain id)
 * and the chain layer's detectors. One process serves one set of chains, so the chain id names the
 * node. Automatic tripping is off until `startSwitchyard` turns it on with the configured
 * `SWITCHYARD_NODE_RETRY_MS`, so use-case tests that swap a chain's client for a dead one do not
 * leave the chain marked down for the next test; explicit `markDown` always applies.
 */
export const nodeHealth: NodeHealth = createNodeHealth({ tripOnFailure: false })

/** Chains whose admission the current async call chain already holds. */
const admitted = new AsyncLocalStorage<ReadonlySet<number>>()
/** Node failures, by the chain whose step saw them first (the wrappers above only pass them on). */
const failedChainOf = new WeakMap<object, number>()

/** The chain a node failure was charged to; charges it to `chainId` when nobody has yet. */
function chargeFailure(error: unknown, chainId: number): number | undefined {
  for (let e: unknown = error, depth = 0; typeof e === 'object' && e !== null && depth < 16; e = (e as { cause?: unknown }).cause, depth++) {
    const charged = failedChainOf.get(e)
    if (charged !== undefined) return charged
  }
  if (!isNodeFailure(error) || typeof error !== 'object' || error === null) return undefined
  failedChainOf.set(error, chainId)
  return chainId
}

/** First line of an error's message, for the state's `reason`. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '').slice(0, 200) || error.name : 'node failure'
}

/**
 * Runs one step against a chain's node under its circuit: refused at once while the chain is down
 * (unless this is the half-open probe), and settles the admission with the outcome (a node failure
 * of this chain marks it down; any other outcome means the node answered). A step nested inside
 * another for the same chain (a route that builds bundles, balances that list tokens) runs under the
 * outer admission, so a probe is never refused by itself; a failure is charged to the chain whose
 * step saw it first, so a destination node's failure never marks the source chain down.
 * @param health - the registry
 * @param chainId - the chain whose node the step uses
 * @param fn - the step
 * @returns what `fn` returns
 * @throws NodeDownError while the chain is down; whatever `fn` throws, unchanged
 */
export async function runGuarded<T>(health: NodeHealth, chainId: number, fn: () => Promise<T>): Promise<T> {
  const outer = admitted.getStore()
  if (outer?.has(chainId)) {
    try {
      return await fn()
    } catch (error) {
      chargeFailure(error, chainId)
      throw error
    }
  }
  const admission = health.admit(chainId)
  const chains = new Set(outer)
  chains.add(chainId)
  try {
    const value = await admitted.run(chains, fn)
    admission.succeeded()
    return value
  } catch (error) {
    if (chargeFailure(error, chainId) === chainId) admission.failed(reasonOf(error))
    else admission.succeeded()
    throw error
  }
}
