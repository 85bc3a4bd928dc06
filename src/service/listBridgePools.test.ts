import { parseAbi, zeroAddress, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { StargatePoolEntry } from '../chain/addressBook.js'
import { listBridgePools } from './listBridgePools.js'
import { startServiceOnDevnet } from './testing/startServiceOnDevnet.js'

const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const poolAbi = parseAbi(['function token() view returns (address)', 'function sharedDecimals() view returns (uint8)'])

let s: Awaited<ReturnType<typeof startServiceOnDevnet>>
let pools: Record<number, { USDC: StargatePoolEntry; ETH: StargatePoolEntry }>
beforeAll(async () => {
  s = await startServiceOnDevnet({ chains: [1, 8453] })
  pools = {}
  for (const id of [1, 8453]) {
    const list = s.devnet.chains[id]!.addressBook.stargate!.pools
    pools[id] = { USDC: list.find((p) => p.symbol === 'USDC')!, ETH: list.find((p) => p.symbol === 'ETH')! }
  }
})
afterAll(async () => {
  await s?.stop()
})

describe('listBridgePools on the devnet', () => {
  test('USDC on chain 1: its pool paired with the USDC pool of chain 8453, which really holds that token', async () => {
    const usdc1 = s.devnet.chains[1]!.addressBook.tokens.USDC!.address
    const usdcBase = s.devnet.chains[8453]!.addressBook.tokens.USDC!.address
    const answer = listBridgePools(s.ctx, { chainId: 1, token: usdc1.toLowerCase() })
    expect(answer).toEqual([{
      pool: pools[1]!.USDC.pool, chainId: 1, destinationChainId: 8453, token: usdc1, decimals: 6,
      destinationData: { pool: pools[8453]!.USDC.pool, token: usdcBase, decimals: 6 },
    }])
    for (const [chainId, pool, token] of [[1, answer[0]!.pool, usdc1], [8453, answer[0]!.destinationData.pool, usdcBase]] as const) {
      const client = s.devnet.chains[chainId]!.client
      expect(await client.readContract({ address: pool as Address, abi: poolAbi, functionName: 'token' })).toBe(token)
    }
  })

  test('the native coin: the ETH pools (StargatePoolNative holds address(0)), 18 decimals on both sides', async () => {
    const answer = listBridgePools(s.ctx, { chainId: 8453, token: NATIVE })
    expect(answer).toEqual([{
      pool: pools[8453]!.ETH.pool, chainId: 8453, destinationChainId: 1, token: NATIVE, decimals: 18,
      destinationData: { pool: pools[1]!.ETH.pool, token: NATIVE, decimals: 18 },
    }])
    expect(await s.devnet.chains[8453]!.client.readContract({ address: pools[8453]!.ETH.pool, abi: poolAbi, functionName: 'token' })).toBe(zeroAddress)
  })

  test('destination filters narrow the pairs; a token without a pool answers []', () => {
    const usdc1 = s.devnet.chains[1]!.addressBook.tokens.USDC!.address
    const usdcBase = s.devnet.chains[8453]!.addressBook.tokens.USDC!.address
    expect(listBridgePools(s.ctx, { chainId: 1, token: usdc1, destinationChainId: 8453 })).toHaveLength(1)
    expect(listBridgePools(s.ctx, { chainId: 1, token: usdc1, destinationToken: usdcBase })).toHaveLength(1)
    expect(listBridgePools(s.ctx, { chainId: 1, token: usdc1, destinationToken: NATIVE })).toEqual([])
    expect(listBridgePools(s.ctx, { chainId: 1, token: usdc1, destinationChainId: 1 })).toEqual([])
    expect(listBridgePools(s.ctx, { chainId: 1, token: s.devnet.chains[1]!.addressBook.tokens.DAI!.address })).toEqual([])
    expect(listBridgePools(s.ctx, { chainId: 1, token: s.devnet.chains[1]!.addressBook.weth })).toEqual([])
  })

  test('unserved chains and bad fields are typed errors', () => {
    const usdc1 = s.devnet.chains[1]!.addressBook.tokens.USDC!.address
    expect(() => listBridgePools(s.ctx, { chainId: 10, token: usdc1 })).toThrowError(expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }))
    expect(() => listBridgePools(s.ctx, { chainId: 1, token: usdc1, destinationChainId: 10 })).toThrowError(expect.objectContaining({ code: 'UNSUPPORTED_CHAIN', details: 'destinationChainId' }))
    expect(() => listBridgePools(s.ctx, { chainId: 1, token: 'usdc' })).toThrowError(expect.objectContaining({ code: 'INVALID_ADDRESS' }))
  })
})
