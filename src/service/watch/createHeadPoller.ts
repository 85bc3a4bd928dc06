/** Parameters of {@link createHeadPoller}. */
export type CreateHeadPollerParameters = {
  /** Reads the chain's head block number (`eth_blockNumber`). */
  readHead(): Promise<bigint>
  /** Time between two reads, ms. */
  intervalMs: number
  /** Called for the first head read, then once per new head (any other number than the last seen: a revert counts too). */
  onHead(blockNumber: bigint): void
  /** A failed read (the node down): logged by the caller; polling goes on. */
  onError(error: unknown): void
}

/** A running poller. */
export type HeadPoller = {
  /** Stops polling at once; a read in flight is ignored. Idempotent. */
  stop(): void
  /** Whether it still polls. */
  readonly running: boolean
}

/**
 * Follows one chain's head by polling: one read every `intervalMs` (never two at once), `onHead` for
 * the first head read and every number other than the last seen after it. Timers are unref'd: a poller never keeps the process alive.
 * @param params - {@link CreateHeadPollerParameters}
 * @returns the poller, already running
 */
export function createHeadPoller({ readHead, intervalMs, onHead, onError }: CreateHeadPollerParameters): HeadPoller {
  let running = true
  let last: bigint | undefined
  let timer: NodeJS.Timeout | undefined
  const tick = async () => {
    try {
      const head = await readHead()
      if (!running) return
      if (head !== last) onHead(head)
      last = head
    } catch (error) {
      if (running) onError(error)
    }
    if (running) {
      timer = setTimeout(() => void tick(), intervalMs)
      timer.unref()
    }
  }
  void tick()
  return {
    get running() {
      return running
    },
    stop() {
      running = false
      if (timer) clearTimeout(timer)
    },
  }
}
