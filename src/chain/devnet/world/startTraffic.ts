import type { ChainAddressBook } from '../../addressBook.js'
import type { DevnetClient } from '../createDevnetClient.js'
import { createTraffic, type TrafficParameters, type TrafficStats } from './createTraffic.js'

/** Parameters of {@link startTraffic}: the traffic's, and its pace. */
export type StartTrafficParameters = TrafficParameters & {
  /** Time between the starts of two blocks, in ms (a block that takes longer is followed at once). */
  intervalMs: number
  /** Stop after this many blocks; default: run until stopped. */
  blocks?: number | undefined
  /** Called after each block with its number, the time it took and the stats so far. */
  onBlock?: ((p: { block: bigint; ms: number; stats: TrafficStats }) => void) | undefined
  /** Called when a block fails (the node went away); the traffic stops. */
  onError?: ((error: unknown) => void) | undefined
}

/** Running traffic: its stats, a promise that settles when it ends, and a stop. */
export type RunningTraffic = { stats(): TrafficStats; done: Promise<TrafficStats>; stop(): Promise<TrafficStats> }

/**
 * Runs {@link createTraffic} at a pace: one block every `intervalMs`, never two at once, until
 * `blocks` were mined, `stop()` is called or a block fails.
 */
export function startTraffic(client: DevnetClient, book: ChainAddressBook, params: StartTrafficParameters): RunningTraffic {
  const traffic = createTraffic(client, book, params)
  let stopped = false
  let wake: (() => void) | undefined
  const sleep = (ms: number) => new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    wake = () => { clearTimeout(timer); resolve() }
  })
  const done = (async () => {
    for (let n = 0; !stopped && (params.blocks === undefined || n < params.blocks); n++) {
      const started = Date.now()
      try {
        const block = await traffic.block()
        params.onBlock?.({ block, ms: Date.now() - started, stats: traffic.stats() })
      } catch (error) {
        params.onError?.(error)
        break
      }
      const left = params.intervalMs - (Date.now() - started)
      if (left > 0 && !stopped) await sleep(left)
    }
    return traffic.stats()
  })()
  return {
    stats: traffic.stats,
    done,
    async stop() {
      stopped = true
      wake?.()
      return done
    },
  }
}
