import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hex, PublicClient } from 'viem'
import { pino } from 'pino'
import { afterAll, expect, test } from 'vitest'
import type { ChainRuntime } from '../connectChains.js'
import { createServiceContext } from '../../service/createServiceContext.js'
import { getRoute } from '../../service/getRoute.js'
import { devnetDeployer } from './createDevnetClient.js'
import { startDevnet, type Devnet } from './startDevnet.js'

const caller = { accountId: `0x${'33'.repeat(32)}` as Hex, keyId: 'test' }
const cleanup: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const f of cleanup.reverse()) await f()
})

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

test('a devnet anvil killed with SIGKILL comes back on the same URL with its state, and routes answer again within 10 s', async () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'switchyard-supervise-'))
  const devnet: Devnet = await startDevnet({ chains: [1], supervise: { stateDir, dumpIntervalMs: 200 } })
  cleanup.push(async () => {
    await devnet.stop()
    rmSync(stateDir, { recursive: true, force: true })
  })
  const chain = devnet.chains[1]!
  const runtime: ChainRuntime = { chainId: 1, rpcUrl: chain.rpcUrl, source: 'devnet', client: chain.client as unknown as PublicClient, addressBook: chain.addressBook }
  const ctx = createServiceContext({ chains: { 1: runtime }, logger: pino({ level: 'silent' }), threads: 1 })
  cleanup.push(() => ctx.close())
  const request = { fromAddress: '0x000000000000000000000000000000000001dead', tokenIn: [chain.addressBook.tokens.USDC!.address], tokenOut: [chain.addressBook.tokens.WETH!.address], amountIn: ['1000000'] }
  await expect(getRoute(ctx, request, { caller, requireVariableEstimates: false })).resolves.toMatchObject({ createdAt: expect.any(Number) })

  // A state change mined in a block, then saved by the supervisor. The warm-started node keeps the
  // chain's clock: the block is stamped one second after the head, not with the wall clock.
  const recipient = '0x00000000000000000000000000000000000b0b01'
  const headBefore = await chain.client.getBlock({ blockTag: 'latest' })
  const hash = await chain.client.sendTransaction({ account: devnetDeployer, to: recipient, value: 12345n, chain: chain.client.chain })
  const receipt = await chain.client.waitForTransactionReceipt({ hash })
  expect((await chain.client.getBlock({ blockNumber: receipt.blockNumber })).timestamp).toBe(headBefore.timestamp + 1n)
  await expect.poll(() => chain.supervisor!.savedBlockHash(), { timeout: 10_000, interval: 50 }).toBe(receipt.blockHash)

  const pid = chain.node.pid
  process.kill(pid, 'SIGKILL')
  await expect.poll(() => alive(pid), { timeout: 5_000, interval: 20 }).toBe(false)
  const killedAt = Date.now()
  // While it restarts, calls fail as a dead node's do (503), never as a 500.
  let answered = false
  while (!answered && Date.now() - killedAt < 10_000) {
    try {
      await getRoute(ctx, { ...request, amountIn: ['2000000'] }, { caller, requireVariableEstimates: false })
      answered = true
    } catch (error) {
      expect(error).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  expect(answered).toBe(true)
  expect(Date.now() - killedAt).toBeLessThan(10_000)
  // The new node answers a moment before its start-up poll (every 25 ms) sees it and the supervisor
  // counts the restart: that bookkeeping lags the first answer, so it is awaited, not read at once.
  await expect.poll(() => chain.supervisor!.restarts(), { timeout: 2_000, interval: 10 }).toBe(1)
  expect(chain.node.pid).not.toBe(pid)
  expect(chain.rpcUrl).toBe(runtime.rpcUrl)
  expect(await chain.client.getBalance({ address: recipient })).toBe(12345n)
  // The restarted node (loaded from the dump) is back on the chain's clock too.
  const restartedHead = await chain.client.getBlock({ blockTag: 'latest' })
  const again = await chain.client.waitForTransactionReceipt({ hash: await chain.client.sendTransaction({ account: devnetDeployer, to: recipient, value: 1n, chain: chain.client.chain }) })
  expect((await chain.client.getBlock({ blockNumber: again.blockNumber })).timestamp).toBe(restartedHead.timestamp + 1n)
})

test('stop() ends supervision: the node is not restarted and its dump is removed', async () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'switchyard-supervise-'))
  cleanup.push(async () => rmSync(stateDir, { recursive: true, force: true }))
  const devnet = await startDevnet({ chains: [1], supervise: { stateDir, dumpIntervalMs: 100 } })
  const chain = devnet.chains[1]!
  await chain.client.mine({ blocks: 1 })
  const head = await chain.client.getBlock()
  await expect.poll(() => chain.supervisor!.savedBlockHash(), { timeout: 10_000 }).toBe(head.hash)
  const pid = chain.node.pid
  const stateFile = join(stateDir, `devnet-1-${chain.node.port}.state.json`)
  expect(existsSync(stateFile)).toBe(true)
  await devnet.stop()
  expect(alive(pid)).toBe(false)
  expect(existsSync(stateFile)).toBe(false)
  await new Promise((r) => setTimeout(r, 500))
  expect(chain.supervisor!.restarts()).toBe(0)
  expect(alive(chain.node.pid)).toBe(false)
})
