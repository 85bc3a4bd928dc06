import { createPublicClient, webSocket } from 'viem'

/** Pushes a chain's new heads as the node announces them; returns its stop (idempotent). */
export type SubscribeHeads = (push: (blockNumber: bigint) => void, fail: (error: unknown) => void) => () => void

/**
 * A node's new heads over a WebSocket (`eth_subscribe("newHeads")`, viem's `watchBlockNumber` without
 * polling): each head number as the node announces it. The socket reconnects by itself (viem's
 * transport); a head missed while it was down comes back with the next one, and the caller backs the
 * subscription with slow reads ({@link SubscribeHeads}).
 * @param url - `ws://` or `wss://` endpoint of the node (the embedded devnet's anvil serves it on its HTTP port)
 * @returns a {@link SubscribeHeads} that opens its own socket per subscription and closes it on stop
 */
export function subscribeNewHeads(url: string): SubscribeHeads {
  return (push, fail) => {
    const transport = webSocket(url, { reconnect: { attempts: Number.MAX_SAFE_INTEGER, delay: 1_000 }, keepAlive: { interval: 30_000 }, retryCount: 0 })
    const client = createPublicClient({ transport, cacheTime: 0 })
    let stopped = false
    // Typed loosely: viem's parameter type narrows `poll: false` to WebSocket transports by a check the
    // client's inferred transport type does not pass, although it is one.
    const watch = client.watchBlockNumber as unknown as (p: { poll: false; onBlockNumber: (n: bigint) => void; onError: (e: Error) => void }) => () => void
    const unwatch = watch({
      poll: false,
      onBlockNumber: (blockNumber) => {
        if (!stopped) push(blockNumber)
      },
      onError: (error) => {
        if (!stopped) fail(error)
      },
    })
    return () => {
      if (stopped) return
      stopped = true
      unwatch()
      void client.transport.getRpcClient().then((rpc) => rpc.close()).catch(() => {})
    }
  }
}
