import { pino } from 'pino'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { devnetDeployer } from '../../src/chain/devnet/createDevnetClient.js'
import { configSchema } from '../../src/config.js'
import { nodeHealth } from '../../src/service/nodeHealth.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * Issue 12, item 4: the embedded devnet's anvil dies (kill -9) and switchyard restarts it on the same
 * port from its last saved state; REST routes answer 503 while it is down and 200 again by themselves.
 */

const KEY = 'devnet-restart-key-0123456789abcdef'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
let sy: RunningSwitchyard

beforeAll(async () => {
  const config = configSchema.parse({
    chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1, relayer: 'off',
  })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
}, 180_000)
afterAll(async () => {
  await sy?.stop()
})

let amount = 1_000_000
async function route(): Promise<{ status: number; code: string | undefined; retryAfter?: string | null }> {
  const q = new URLSearchParams({ chainId: '1', fromAddress: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', tokenIn: USDC, tokenOut: WETH, amountIn: String(amount++) })
  const res = await fetch(`${sy.httpUrl}/api/v1/shortcuts/route?${q}`, { headers: { authorization: `Bearer ${KEY}` } })
  const body = (await res.json()) as { code?: string }
  return res.status === 200 ? { status: res.status, code: body.code } : { status: res.status, code: body.code, retryAfter: res.headers.get('retry-after') }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

test('kill -9 of the devnet anvil: 503 UPSTREAM_UNAVAILABLE with Retry-After meanwhile, 200 again within 3 s (default settings), state kept', async () => {
  const chain = sy.connected.devnet!.chains[1]!
  expect(chain.supervisor).toBeDefined()
  await expect(route()).resolves.toEqual({ status: 200, code: undefined })

  const recipient = '0x00000000000000000000000000000000000b0b02'
  const hash = await chain.client.sendTransaction({ account: devnetDeployer, to: recipient, value: 4242n, chain: chain.client.chain })
  const receipt = await chain.client.waitForTransactionReceipt({ hash })
  // Saved at most one dump interval (5 s) after the block.
  await expect.poll(() => chain.supervisor!.savedBlockHash(), { timeout: 15_000, interval: 100 }).toBe(receipt.blockHash)

  const pid = chain.node.pid
  process.kill(pid, 'SIGKILL')
  await expect.poll(() => alive(pid), { timeout: 5_000, interval: 20 }).toBe(false)
  const killedAt = Date.now()
  const seen = new Set<string>()
  let last = await route()
  while (last.status !== 200 && Date.now() - killedAt < 10_000) {
    seen.add(`${last.status} ${last.code} retry-after ${last.retryAfter}`)
    await new Promise((r) => setTimeout(r, 50))
    last = await route()
  }
  expect(last).toEqual({ status: 200, code: undefined })
  // The supervisor restarts anvil in well under a second; the circuit's first probe comes 200 ms after
  // the failure (5 s with the old fixed wait).
  expect(Date.now() - killedAt).toBeLessThan(3_000)
  expect([...seen].filter((s) => s !== '503 UPSTREAM_UNAVAILABLE retry-after 1')).toEqual([])
  // The supervisor takes the new process as current once its start-up poll sees it answer, which
  // can be a moment after the first 200.
  await expect.poll(() => chain.node.pid, { timeout: 2_000, interval: 10 }).not.toBe(pid)
  expect(await chain.client.getBalance({ address: recipient })).toBe(4242n)
}, 60_000)

test('stop() closes its chains\' circuits: a later start in the same process does not inherit a node it saw down', async () => {
  nodeHealth.markDown(1, 'the node went away just before the service stopped', { retryMs: 60_000 })
  expect(nodeHealth.isDown(1)).toBe(true)
  await sy.stop()
  expect(nodeHealth.stateOf(1)).toEqual({ state: 'up' })
}, 60_000)
