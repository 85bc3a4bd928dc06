import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import { configSchema } from '../../config.js'
import { connectChains } from '../connectChains.js'
import { startDevnet } from './startDevnet.js'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('devnet lifecycle', () => {
  test('startup plus teardown leaves no anvil process', async () => {
    const devnet = await startDevnet()
    const pids = Object.values(devnet.chains).map((c) => c.node.pid)
    expect(pids).toHaveLength(2)
    for (const pid of pids) expect(alive(pid)).toBe(true)
    await devnet.stop()
    for (const pid of pids) expect(alive(pid)).toBe(false)
    await devnet.stop()
  })

  // Chain 1 carries every protocol (Aave's accruing indexes, staking, vaults); Base the smaller set.
  test.each([1, 8453])('the same scenario gives the same state on chain %i: two fresh builds agree', async (chainId) => {
    const dir = mkdtempSync(join(tmpdir(), 'switchyard-devnet-'))
    try {
      const a = await startDevnet({ chains: [chainId], useCache: false })
      const b = await startDevnet({ chains: [chainId], cacheDir: dir, useCache: false })
      try {
        const ca = a.chains[chainId]!
        const cb = b.chains[chainId]!
        expect(cb.addressBook).toEqual(ca.addressBook)
        expect(await cb.client.getBlockNumber()).toBe(await ca.client.getBlockNumber())
        const abi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)'])
        for (const pair of ca.addressBook.uniswapV2.pairs) {
          const ra = await ca.client.readContract({ address: pair.address, abi, functionName: 'getReserves' })
          const rb = await cb.client.readContract({ address: pair.address, abi, functionName: 'getReserves' })
          expect(rb).toEqual(ra)
        }
        const blockA = await ca.client.getBlock()
        const blockB = await cb.client.getBlock()
        expect(blockB.stateRoot).toBe(blockA.stateRoot)
      } finally {
        await a.stop()
        await b.stop()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('an external node (SWITCHYARD_RPC_<id>) is used as-is: nothing deployed, address book discovered', async () => {
    const upstream = await startDevnet({ chains: [1] })
    const dir = mkdtempSync(join(tmpdir(), 'switchyard-state-'))
    try {
      const rpcUrl = upstream.chains[1]!.rpcUrl
      const blockBefore = await upstream.chains[1]!.client.getBlockNumber()
      const config = configSchema.parse({ chains: [1], rpc: { '1': rpcUrl }, stateDir: dir })
      const connected = await connectChains(config)
      expect(connected.devnet).toBeUndefined()
      const c = connected.chains[1]!
      expect(c.source).toBe('external')
      expect(c.addressBook.uniswapV2.pairs.map((p) => p.address).sort()).toEqual(upstream.chains[1]!.addressBook.uniswapV2.pairs.map((p) => p.address).sort())
      expect(c.addressBook.uniswapV3.pools.length).toBe(upstream.chains[1]!.addressBook.uniswapV3.pools.length)
      // Uniswap V4 pools are found in the PoolManager by their ids (every scenario pool uses a common tier).
      expect(c.addressBook.uniswapV4?.pools.map((p) => p.id).sort()).toEqual(upstream.chains[1]!.addressBook.uniswapV4?.pools.map((p) => p.id).sort())
      expect(c.addressBook.uniswapV4?.positionManager).toBe(upstream.chains[1]!.addressBook.uniswapV4?.positionManager)
      expect(c.addressBook.tokens.USDC?.decimals).toBe(6)
      // Our contracts (CREATE2), Lido and Aave V3 are picked up where their code is.
      const upstreamBook = upstream.chains[1]!.addressBook
      expect(c.addressBook.switchyard).toEqual(upstreamBook.switchyard)
      expect(c.addressBook.lido).toEqual(upstreamBook.lido)
      expect(c.addressBook.aaveV3?.pool).toBe(upstreamBook.aaveV3?.pool)
      expect(c.addressBook.aaveV3?.reserves.map((r) => r.aToken).sort()).toEqual(upstreamBook.aaveV3?.reserves.map((r) => r.aToken).sort())
      const { poolConfigurator, rewardsController, wrappedTokenGateway } = upstreamBook.aaveV3!
      expect(c.addressBook.aaveV3).toMatchObject({ poolConfigurator, rewardsController, wrappedTokenGateway })
      expect(c.addressBook.aaveV3?.reserves.flatMap((r) => r.rewards ?? [])).toEqual(upstreamBook.aaveV3?.reserves.flatMap((r) => r.rewards ?? []))
      // Curve's canonical twocrypto-ng pools, where their code is.
      expect(c.addressBook.curve?.twocryptoPools).toEqual(upstreamBook.curve?.twocryptoPools)
      // And the canonical stableswap-ng pools (the pool its own LP token), read through the ng loader.
      const ng = (book: typeof upstreamBook) => (book.curve?.pools ?? []).filter((p) => p.variant === 'ng').map((p) => [p.address, p.lpToken, ...p.coins].map((a) => a.toLowerCase()))
      expect(ng(c.addressBook)).toEqual(ng(upstreamBook))
      expect(ng(c.addressBook)).toHaveLength(1)
      expect(await upstream.chains[1]!.client.getBlockNumber()).toBe(blockBefore)
      await connected.stop()
    } finally {
      await upstream.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
