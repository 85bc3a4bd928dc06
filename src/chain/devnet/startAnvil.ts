import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { DevnetStartError } from '../../errors/chain.js'
import { listensOn } from './listensOn.js'

/** Parameters of {@link startAnvil}. */
export type StartAnvilParameters = {
  /** Chain id the node reports. */
  chainId: number
  /** Loopback port; 0 or omitted picks a free port. */
  port?: number | undefined
  /** Block gas limit; protocol deployments (Balancer Vault, Aave) need more than the default. */
  gasLimit?: bigint | undefined
  /** Milliseconds to wait for the node to answer `eth_chainId`. */
  readyTimeoutMs?: number | undefined
  /** Extra anvil CLI flags (e.g. `['--fork-url', url]`). */
  extraArgs?: readonly string[] | undefined
}

/** A running anvil process. */
export type AnvilNode = {
  chainId: number
  port: number
  rpcUrl: string
  pid: number
  /** Stops the process by PID (SIGTERM, then SIGKILL after 2 s); resolves once it has exited. */
  stop(): Promise<void>
  /** Settles when the process exits, for whatever reason (stopped, crashed, killed). */
  exited: Promise<AnvilExit>
}

/** How an anvil process ended. */
export type AnvilExit = { code: number | null; signal: NodeJS.Signals | null }

export type StartAnvilReturnType = AnvilNode
export type StartAnvilErrorType = DevnetStartError

const require = createRequire(import.meta.url)

/**
 * States anvil keeps on disk past those it holds in memory. Unbounded by default, anvil writes every
 * block's state (2 MB on the default devnet) to `~/.foundry/anvil/tmp` and never removes it: a property
 * test that mines thousands of blocks wrote 21 GB in four minutes here, and dead nodes' directories
 * filled the disk. 256 blocks are far more history than any answer, replay or relay reads back.
 */
export const ANVIL_MAX_PERSISTED_STATES = 256

/** Every anvil we started and have not yet seen exit; stopped on process exit so no orphans stay. */
const live = new Set<ChildProcess>()
/** Their state directories, removed on process exit too (a killed node cannot remove its own). */
const liveStateDirs = new Set<string>()
let exitHookInstalled = false

function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  // `exit` handlers must be synchronous: a plain SIGKILL per child is all we can do there.
  process.on('exit', () => {
    for (const child of live) child.kill('SIGKILL')
    for (const dir of liveStateDirs) rmSync(dir, { recursive: true, force: true })
  })
}

/**
 * Path of the anvil binary shipped by the npm platform package of `@foundry-rs/anvil`.
 * We spawn the binary directly (not the node wrapper) so the PID we hold is anvil's own.
 */
export function anvilBinaryPath(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`
  try {
    return join(dirname(require.resolve(`${pkg}/package.json`)), 'bin', 'anvil')
  } catch (cause) {
    throw new DevnetStartError({ chainId: 0, reason: `platform package ${pkg} is not installed`, cause })
  }
}

/** Asks the OS for a free loopback TCP port. */
export async function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function waitReady(rpcUrl: string, port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited with code ${child.exitCode}`)
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      // Ready only when the answer is our process's: another process that took the same port (two
      // test processes given the same free port) answers too, while ours fails to bind and exits.
      if (res.ok && listensOn(child.pid!, port) !== false) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`anvil did not answer within ${timeoutMs} ms`)
}

/**
 * Starts one anvil node on 127.0.0.1 and waits until it answers JSON-RPC.
 *
 * @example
 * const node = await startAnvil({ chainId: 1 })
 * // ... use node.rpcUrl
 * await node.stop()
 *
 * @param params - {@link StartAnvilParameters}
 * @returns the running node, {@link AnvilNode}
 * @throws {@link StartAnvilErrorType} when the binary is missing or the node does not become ready
 */
export async function startAnvil(params: StartAnvilParameters): Promise<StartAnvilReturnType> {
  if (params.port && params.port > 0) return startAnvilOn(params, params.port)
  // A port we picked can be taken by another process before anvil binds it: pick again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAnvilOn(params, await getFreePort())
    } catch (error) {
      const why = `${(error as Error).message} ${(error as { details?: unknown }).details ?? ''}`
      if (attempt >= 3 || !/Address already in use|anvil exited/.test(why)) throw error
    }
  }
}

async function startAnvilOn(params: StartAnvilParameters, port: number): Promise<StartAnvilReturnType> {
  const { chainId } = params
  const stateDir = mkdtempSync(join(tmpdir(), 'anvil-states-'))
  liveStateDirs.add(stateDir)
  const removeStateDir = () => {
    liveStateDirs.delete(stateDir)
    rmSync(stateDir, { recursive: true, force: true })
  }
  const args = [
    '--host', '127.0.0.1',
    '--port', String(port),
    '--chain-id', String(chainId),
    '--gas-limit', String(params.gasLimit ?? 100_000_000n),
    '--code-size-limit', '100000',
    '--silent',
    // Persisted states go to a directory of this node's own, removed when it exits (below).
    '--max-persisted-states', String(ANVIL_MAX_PERSISTED_STATES),
    '--cache-path', stateDir,
    ...(params.extraArgs ?? []),
  ]
  installExitHook()
  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000)
  })
  live.add(child)
  const exited = new Promise<AnvilExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  void exited.then(() => {
    live.delete(child)
    removeStateDir()
  })
  const spawnError = new Promise<never>((_, reject) => child.once('error', reject))
  const rpcUrl = `http://127.0.0.1:${port}`
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000)
    await exited
    clearTimeout(timer)
  }
  try {
    await Promise.race([waitReady(rpcUrl, port, child, params.readyTimeoutMs ?? 15_000), spawnError])
  } catch (cause) {
    await stop()
    throw new DevnetStartError({ chainId, reason: `${(cause as Error).message}${stderr ? `: ${stderr}` : ''}`, cause })
  }
  if (child.pid === undefined) throw new DevnetStartError({ chainId, reason: 'no pid' })
  return { chainId, port, rpcUrl, pid: child.pid, stop, exited }
}
