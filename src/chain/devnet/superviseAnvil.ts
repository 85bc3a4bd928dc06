import { existsSync, rmSync } from 'node:fs'
import { dumpAnvilState } from './dumpAnvilState.js'
import { startAnvil, type AnvilNode, type StartAnvilParameters } from './startAnvil.js'

/** Parameters of {@link superviseAnvil}. */
export type SuperviseAnvilParameters = {
  /** The running node to watch; its port is reused on restart, so the RPC URL never changes. */
  node: AnvilNode
  /** Start options of the node (gas limit...), reused on restart; `extraArgs` and `port` are replaced. */
  start?: Omit<StartAnvilParameters, 'chainId' | 'port' | 'extraArgs'> | undefined
  /** State the node was started from (the devnet cache file), used until the first dump exists. */
  initialState: string | undefined
  /** Where the recent state is dumped (atomically); removed on `stop()`. */
  stateFile: string
  /**
   * How often the head is polled, and the shortest time between two dumps (ms); default 5000. A dump
   * of the seeded chain 1 takes ~0.5 s of anvil and ~0.15 s of our CPU, so it is not done per block.
   */
  dumpIntervalMs?: number | undefined
  /** Restarts and failures, one line each. */
  log?: ((message: string) => void) | undefined
  /** Runs against every restarted node before it counts as up (the devnet puts it back on its clock). */
  onStart?: ((rpc: (method: string, params: unknown[]) => Promise<unknown>) => Promise<void>) | undefined
}

/** A node kept running: the {@link AnvilNode} API (`pid` is the current process) plus its supervision state. */
export type SupervisedAnvil = AnvilNode & {
  /** How many times the node was restarted after exiting on its own. */
  restarts(): number
  /** Hash of the head block the last dump captured (undefined before the first dump). */
  savedBlockHash(): string | undefined
  /** Dumps the state now if the head moved since the last dump. */
  saveState(): Promise<void>
}

const rpc = async (url: string, method: string, params: unknown[] = []): Promise<unknown> => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await res.json()) as { result?: unknown; error?: { message?: string } }
  if (body.error || body.result === undefined) throw new Error(`${method}: ${body.error?.message ?? 'no result'}`)
  return body.result
}

/**
 * Keeps a devnet anvil alive. While it runs, the head is polled every `dumpIntervalMs`; when it moved
 * (a mined block: every devnet transaction mines one), the state is dumped with `anvil_dumpState`
 * (streamed, see `dumpAnvilState`) and written atomically to `stateFile`, so a crash never leaves half a file. State changed without
 * a block (`anvil_setBalance`) is saved with the next block. When the process exits without
 * `stop()` (crash, OOM, kill -9), the same port is started again with `--load-state` from the last
 * dump (or the initial state), retried with backoff until it comes up; clients reconnect by
 * themselves, since the URL is the same. Calls in between fail as a dead node's do (503).
 * @returns the supervised node
 */
export function superviseAnvil(params: SuperviseAnvilParameters): SupervisedAnvil {
  const { node, stateFile, log = () => {} } = params
  const intervalMs = params.dumpIntervalMs ?? 5_000
  let current = node
  let stopped = false
  let restarts = 0
  let restarting: Promise<void> | undefined
  let saving: Promise<void> | undefined
  let savedHash: string | undefined
  let savedAt = 0

  // The node runs the initial state until its head moves: no need to dump that one again.
  const primed = params.initialState
    ? rpc(node.rpcUrl, 'eth_getBlockByNumber', ['latest', false]).then((b) => { savedHash ??= (b as { hash?: string } | null)?.hash }, () => {})
    : Promise.resolve()

  async function save(): Promise<void> {
    await primed
    if (stopped || restarting) return
    const url = current.rpcUrl
    const head = (await rpc(url, 'eth_getBlockByNumber', ['latest', false])) as { hash?: string } | null
    const hash = head?.hash
    if (!hash || hash === savedHash) return
    // Streamed to disk and renamed into place: any size, never half a file.
    await dumpAnvilState({ rpcUrl: url }, { file: stateFile })
    savedHash = hash
    savedAt = Date.now()
  }

  const saveState = (): Promise<void> => {
    if (!saving) saving = save().finally(() => { saving = undefined })
    return saving
  }

  const timer = setInterval(() => {
    if (Date.now() - savedAt < intervalMs) return
    saveState().catch((error: Error) => {
      if (!stopped && !restarting) log(`chain ${node.chainId}: state dump failed: ${error.message}`)
    })
  }, intervalMs)
  timer.unref()

  async function restart(): Promise<void> {
    let delayMs = 100
    while (!stopped) {
      const from = existsSync(stateFile) ? stateFile : params.initialState
      try {
        const next = await startAnvil({ ...params.start, chainId: node.chainId, port: node.port, extraArgs: from ? ['--load-state', from] : [] })
        if (params.onStart) {
          try {
            await params.onStart((method, args) => rpc(next.rpcUrl, method, args))
          } catch (error) {
            await next.stop()
            throw error
          }
        }
        if (stopped) {
          await next.stop()
          return
        }
        current = next
        restarts++
        watch(next)
        log(`chain ${node.chainId}: anvil restarted (pid ${next.pid}) from ${from ?? 'an empty state'}`)
        return
      } catch (error) {
        log(`chain ${node.chainId}: anvil restart failed, retrying in ${delayMs} ms: ${(error as Error).message}`)
        await new Promise((r) => setTimeout(r, delayMs))
        delayMs = Math.min(delayMs * 2, 2_000)
      }
    }
  }

  function watch(n: AnvilNode): void {
    void n.exited.then(async (exit) => {
      if (stopped || n !== current) return
      // Ctrl-C reaches the whole process group: give our own shutdown a moment to claim the exit.
      if (exit.signal === 'SIGINT') await new Promise((r) => setTimeout(r, 1_000).unref())
      if (stopped) return
      log(`chain ${node.chainId}: anvil (pid ${n.pid}) exited (${exit.signal ?? `code ${exit.code}`}); restarting on port ${node.port}`)
      restarting = restart().finally(() => { restarting = undefined })
    })
  }
  watch(node)

  return {
    chainId: node.chainId,
    port: node.port,
    rpcUrl: node.rpcUrl,
    get pid() {
      return current.pid
    },
    get exited() {
      return current.exited
    },
    restarts: () => restarts,
    savedBlockHash: () => savedHash,
    saveState,
    async stop() {
      stopped = true
      clearInterval(timer)
      await restarting
      await saving?.catch(() => {})
      await current.stop()
      rmSync(stateFile, { force: true })
    },
  }
}
