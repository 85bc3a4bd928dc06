import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

/** A `redis-server` this test process started. */
export type RedisServer = {
  url: string
  port: number
  /** Kills the server (SIGKILL): also how tests simulate an outage. Safe to call twice. */
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/**
 * Starts a real `redis-server` on a free loopback port, without persistence
 * (`--save '' --appendonly no`). Tests never mock Redis.
 * @param options.port - a fixed port (to restart a server where clients expect it); default a free one
 * @returns the running server
 * @throws Error naming the fix when `redis-server` is not installed (CI installs it in `.ci/run`)
 */
export async function startRedisServer(options: { port?: number | undefined } = {}): Promise<RedisServer> {
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' })
  if (found.error) throw new Error('redis-server is not on PATH: install it (apt-get install -y redis-server); .ci/run does this in CI')
  const port = options.port ?? (await freePort())
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000)
    const poll = setInterval(() => {
      if (output.includes('Ready to accept connections')) {
        clearInterval(poll)
        clearTimeout(timer)
        resolve()
      }
    }, 20)
    child.once('exit', (code) => {
      clearInterval(poll)
      clearTimeout(timer)
      reject(new Error(`redis-server exited with ${code}:\n${output}`))
    })
  })
  let stopped: Promise<void> | undefined
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGKILL')
      })),
  }
}
