import type { EIP1193RequestFn, Transport } from 'viem'
import { ChainIdMismatchError, InvalidNodeResponseError } from '../errors/chain.js'
import { redactRpcUrl } from './redactRpcUrl.js'

/** Parameters of {@link guardChainId}. */
export type GuardChainIdParameters = {
  /** The chain the node is configured for. */
  chainId: number
  /** The node's URL (only its redacted form appears in errors). */
  url: string
  /** Longest time between two `eth_chainId` checks while calls flow (ms); a new head also triggers one. */
  intervalMs?: number | undefined
  /** Called when the node starts or stops lying about its chain (for health reporting). */
  onChange?: ((error: ChainIdMismatchError | undefined) => void) | undefined
}

/** A transport wrapper that keeps checking the node serves the configured chain. */
export type ChainIdGuard = {
  /** Wraps a transport: every call through it fails with the mismatch while the node reports another chain. */
  transport(inner: Transport): Transport
  /** Reads `eth_chainId` now; throws {@link ChainIdMismatchError} when it differs. */
  check(): Promise<void>
  /** The current mismatch, if any. */
  mismatch(): ChainIdMismatchError | undefined
}

/** Default longest time between two chain id checks. */
export const defaultChainIdCheckMs = 5_000

const headMethods = new Set(['eth_blockNumber', 'eth_getBlockByNumber'])

/**
 * Guards one node against serving another chain (a provider switched networks, a URL pointing at
 * the wrong node). `eth_chainId` is read before the first call, again whenever the node announces a
 * new head, after a failed call (the node may have been replaced) and at least every `intervalMs`.
 * While the answer differs, every call fails with {@link ChainIdMismatchError} (code
 * UPSTREAM_UNAVAILABLE → 503) before it reaches the node, re-asking at most every second (or every
 * `intervalMs` if shorter); the guard clears by itself when the node reports the right id again.
 * @returns the guard
 */
export function guardChainId({ chainId, url, intervalMs = defaultChainIdCheckMs, onChange }: GuardChainIdParameters): ChainIdGuard {
  /**
   * The request `eth_chainId` checks go through: the first wrapped transport's. Each wrapped transport
   * sends its own calls through its own inner request (its batching, retries and timeout): one guard
   * serves a chain's plain, log and batching clients, and a later wrap must never reroute an earlier
   * client's calls (a snapshot load's chunks would otherwise leave as one JSON-RPC batch of megabytes,
   * which a node refuses whole).
   */
  let request: EIP1193RequestFn | undefined
  let checkedAt = -Infinity
  let lastHead: string | undefined
  let current: ChainIdMismatchError | undefined
  let inflight: Promise<void> | undefined

  const set = (next: ChainIdMismatchError | undefined) => {
    const changed = (next === undefined) !== (current === undefined)
    current = next
    if (changed) onChange?.(next)
  }

  async function readChainId(): Promise<void> {
    if (!request) throw new InvalidNodeResponseError({ method: 'eth_chainId', reason: 'guard used before its transport' })
    const raw: unknown = await request({ method: 'eth_chainId' })
    if (typeof raw !== 'string' || !/^0x[0-9a-f]{1,16}$/i.test(raw)) throw new InvalidNodeResponseError({ method: 'eth_chainId', reason: 'not a quantity' })
    const reported = Number(BigInt(raw))
    checkedAt = Date.now()
    set(reported === chainId ? undefined : new ChainIdMismatchError({ chainId, reportedChainId: reported, url: redactRpcUrl(url) }))
  }

  async function check(): Promise<void> {
    if (!inflight) inflight = readChainId().finally(() => { inflight = undefined })
    await inflight
    if (current) throw current
  }

  /** The head a `latest` read announced, if the call was one. */
  const headOf = (args: { method: string; params?: unknown }, result: unknown): string | undefined => {
    if (!headMethods.has(args.method)) return undefined
    if (args.method === 'eth_blockNumber') return typeof result === 'string' ? result : undefined
    const params = args.params as unknown[] | undefined
    if (params?.[0] !== 'latest' || !result || typeof result !== 'object') return undefined
    const number = (result as { number?: unknown }).number
    return typeof number === 'string' ? number : undefined
  }

  const guard = (inner: EIP1193RequestFn) => (async (args: { method: string; params?: unknown }, options?: unknown) => {
    if (args.method === 'eth_chainId') return inner(args as never, options as never)
    const since = Date.now() - checkedAt
    // While lying, re-ask at most every second (a busy gateway must not turn into an eth_chainId flood).
    if (current && since < Math.min(intervalMs, 1_000)) throw current
    if (current || since >= intervalMs) await check()
    let result: unknown
    try {
      result = await inner(args as never, options as never)
    } catch (error) {
      // A failed call may mean the node went away and another answers next: check again first.
      checkedAt = -Infinity
      throw error
    }
    const head = headOf(args, result)
    if (head !== undefined && head !== lastHead) {
      // A new head is when a node that switched chains shows it: re-check before anyone uses it.
      const first = lastHead === undefined
      lastHead = head
      if (!first) await check()
    }
    return result
  }) as EIP1193RequestFn

  return {
    transport(inner) {
      return ((params: Parameters<Transport>[0]) => {
        const t = inner(params)
        request ??= t.request
        return { ...t, request: guard(t.request) }
      }) as Transport
    },
    check,
    mismatch: () => current,
  }
}
