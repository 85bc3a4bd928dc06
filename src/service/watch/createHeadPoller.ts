import type { SubscribeHeads } from '../../chain/subscribeNewHeads.js'

/** Parameters of {@link createHeadPoller}. */
export type CreateHeadPollerParameters = {
  /** Reads the chain's head block number (`eth_blockNumber`). */
  readHead(): Promise<bigint>
  /** Time between two reads, ms, while no subscription pushes heads. */
  intervalMs: number
  /**
   * The node's own announcements (a WebSocket `eth_subscribe("newHeads")`), when it offers them: heads
   * arrive as they are made, and reads only back them up every `pushedIntervalMs`. A subscription that
   * fails hands over to reads every `intervalMs` until it pushes again.
   */
  subscribe?: SubscribeHeads | undefined
  /** Time between two reads while the subscription pushes heads, ms (default 1,000). */
  pushedIntervalMs?: number | undefined
  /** Called for the first head read, then once per new head (any other number than the last seen: a revert counts too). */
  onHead(blockNumber: bigint): void
  /** A failed read (the node down) or a failed subscription: logged by the caller; following goes on. */
  onError(error: unknown): void
}

/** A running poller. */
export type HeadPoller = {
  /** Stops polling (and the subscription) at once; a read in flight is ignored. Idempotent. */
  stop(): void
  /** Whether it still polls. */
  readonly running: boolean
}

/**
 * Follows one chain's head: by the node's pushed announcements when `subscribe` is given, backed by a
 * read every `pushedIntervalMs`; by one read every `intervalMs` (never two at once) otherwise or while
 * the subscription is failing. `onHead` for the first head seen and every number other than the last
 * seen after it, whichever way it came (a read that a pushed head overtook while in flight is dropped: it
 * may be older, and a head going back is a revert). Timers are unref'd: a poller never keeps the process alive.
 * Reading `eth_blockNumber` every 25 ms costs the main thread ~0.7 ms a read through the chain's client,
 * ~70 ms for each 2 s block; a subscription costs one message a block.
 * @param params - {@link CreateHeadPollerParameters}
 * @returns the poller, already running
 */
export function createHeadPoller({ readHead, intervalMs, subscribe, pushedIntervalMs = 1_000, onHead, onError }: CreateHeadPollerParameters): HeadPoller {
  let running = true
  let last: bigint | undefined
  let timer: NodeJS.Timeout | undefined
  let pushing = false
  let reading = false
  /** Heads pushed so far: a read that a push overtook may be older than it, and is dropped. */
  let pushes = 0
  const seen = (head: bigint) => {
    if (!running) return
    if (head !== last) onHead(head)
    last = head
  }
  const unsubscribe = subscribe?.(
    (head) => {
      pushing = true
      pushes++
      seen(head)
    },
    (error) => {
      pushing = false
      if (!running) return
      onError(error)
      // The next read was scheduled at the slow pace: read now, then at `intervalMs`.
      if (!reading) {
        if (timer) clearTimeout(timer)
        void tick()
      }
    },
  )
  async function tick(): Promise<void> {
    reading = true
    const pushed = pushes
    try {
      const head = await readHead()
      if (pushes === pushed) seen(head)
    } catch (error) {
      if (running) onError(error)
    }
    reading = false
    if (running) {
      timer = setTimeout(() => void tick(), pushing ? Math.max(intervalMs, pushedIntervalMs) : intervalMs)
      timer.unref()
    }
  }
  void tick()
  return {
    get running() {
      return running
    },
    stop() {
      if (!running) return
      running = false
      if (timer) clearTimeout(timer)
      unsubscribe?.()
    },
  }
}
