import { spawn, type ChildProcess } from 'node:child_process'
import autocannon from 'autocannon'
import { startDevnet } from '../src/chain/devnet/startDevnet.js'
import { startRedisServer } from '../src/service/store/testing/startRedisServer.js'

/**
 * Scale-out throughput: requests/s of warm `GET /api/v1/networks` (gateway auth with the per-key
 * bucket in Redis → gRPC → service) on one replica, then on two replicas loaded at once, every
 * replica a separate process on one devnet node and one redis-server, all on loopback.
 *   npx tsx bench/scaleOut.ts [-- --duration 5 --connections 32]
 */
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}
const duration = arg('duration', 5)
const connections = arg('connections', 32)
const KEY = 'scale-out-bench-key-0123456789'

const redis = await startRedisServer()
const devnet = await startDevnet({ chains: [1], ports: { 1: 0 } })
const children: ChildProcess[] = []

async function replica(): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./scaleOutReplica.ts', import.meta.url).pathname, devnet.chains[1]!.rpcUrl, redis.url, KEY], { stdio: ['ignore', 'pipe', 'inherit'] })
  children.push(child)
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()))
    child.once('exit', (code) => reject(new Error(`replica exited with ${code}`)))
  })
}

async function load(urls: string[]): Promise<{ rps: number; non2xx: number }> {
  const results = await Promise.all(
    urls.map((url) => autocannon({ url: `${url}/api/v1/networks`, headers: { authorization: `Bearer ${KEY}` }, connections: Math.max(1, Math.floor(connections / urls.length)), duration })),
  )
  return { rps: results.reduce((s, r) => s + r.requests.average, 0), non2xx: results.reduce((s, r) => s + r.non2xx, 0) }
}

try {
  const [a, b] = await Promise.all([replica(), replica()])
  await load([a!, b!].map((u) => u)).catch(() => undefined) // warm both (JIT, connections, EVALSHA cache)
  const one = await load([a!])
  const two = await load([a!, b!])
  console.log(JSON.stringify({ endpoint: 'GET /api/v1/networks', duration, connections, oneReplicaRps: Math.round(one.rps), twoReplicasRps: Math.round(two.rps), speedup: Number((two.rps / one.rps).toFixed(2)), non2xx: one.non2xx + two.non2xx }))
} finally {
  for (const c of children) c.kill('SIGTERM')
  await devnet.stop()
  await redis.stop()
}
