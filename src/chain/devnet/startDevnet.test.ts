import { parseAbi, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { canonicalAddresses } from '../canonicalAddresses.js'
import { startDevnet, type Devnet } from './startDevnet.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const erc20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
])

describe('devnet', () => {
  test('starts chains 1 and 8453 with the scenario', () => {
    expect(Object.keys(devnet.chains).map(Number).sort()).toEqual([1, 8453])
  })

  test.each([1, 8453] as const)('chain %i has code at every canonical address', async (chainId) => {
    const chain = devnet.chains[chainId]!
    const expected = Object.values(canonicalAddresses[chainId]) as Address[]
    for (const t of Object.values(chain.addressBook.tokens)) expected.push(t.address)
    for (const address of expected) {
      const code = await chain.client.getCode({ address })
      expect(code && code.length > 2, `code at ${address}`).toBe(true)
    }
    expect(await chain.client.getChainId()).toBe(chainId)
  })

  test('tokens carry their real decimals', async () => {
    const c = devnet.chains[1]!
    const want: Record<string, number> = { USDC: 6, USDT: 6, DAI: 18, WBTC: 8, WETH: 18 }
    for (const [symbol, decimals] of Object.entries(want)) {
      const token = c.addressBook.tokens[symbol]!
      expect(await c.client.readContract({ address: token.address, abi: erc20, functionName: 'decimals' })).toBe(decimals)
      expect(await c.client.readContract({ address: token.address, abi: erc20, functionName: 'symbol' })).toBe(symbol)
    }
    const baseUsdc = devnet.chains[8453]!.addressBook.tokens.USDC!
    expect(baseUsdc.address).toBe('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913')
    expect(await devnet.chains[8453]!.client.readContract({ address: baseUsdc.address, abi: erc20, functionName: 'decimals' })).toBe(6)
  })

  test('the USDC/WETH Uniswap V2 pair lands on its mainnet address', () => {
    const book = devnet.chains[1]!.addressBook
    const pair = book.uniswapV2.pairs.find((p) => p.token0 === book.tokens.USDC!.address && p.token1 === book.weth)
    expect(pair?.address).toBe('0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc')
  })

  test('the WETH/USDC 0.05% Uniswap V3 pool lands on its mainnet address', () => {
    const book = devnet.chains[1]!.addressBook
    const pool = book.uniswapV3.pools.find((p) => p.fee === 500 && p.token0 === book.tokens.USDC!.address && p.token1 === book.weth)
    expect(pool?.address).toBe('0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640')
  })

  test('scenario sizes: ≥30 pools on chain 1 across all venues and fee tiers, ≥10 on Base', () => {
    const count = (id: number) => {
      const b = devnet.chains[id]!.addressBook
      return b.uniswapV2.pairs.length + b.uniswapV3.pools.length + b.balancerV2.pools.length
    }
    expect(count(1)).toBeGreaterThanOrEqual(30)
    expect(count(8453)).toBeGreaterThanOrEqual(10)
    const fees = new Set(devnet.chains[1]!.addressBook.uniswapV3.pools.map((p) => p.fee))
    expect([...fees].sort((a, b) => a - b)).toEqual([100, 500, 3000, 10000])
    expect(devnet.chains[1]!.addressBook.balancerV2.pools.length).toBeGreaterThanOrEqual(3)
  })

  test('prices are realistic: WETH ≈ 3000 USDC on the V2 pair', async () => {
    const c = devnet.chains[1]!
    const pair = c.addressBook.uniswapV2.pairs.find((p) => p.address === '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc')!
    const [r0, r1] = await c.client.readContract({
      address: pair.address,
      abi: parseAbi(['function getReserves() view returns (uint112, uint112, uint32)']),
      functionName: 'getReserves',
    })
    const usdcPerWeth = Number(r0) / 1e6 / (Number(r1) / 1e18)
    expect(usdcPerWeth).toBeGreaterThan(2950)
    expect(usdcPerWeth).toBeLessThan(3050)
  })

  test('fund gives any address ETH and scenario tokens', async () => {
    const who: Address = '0x000000000000000000000000000000000000beef'
    await devnet.fund({ chainId: 1, address: who, token: 'ETH', amount: 5n * 10n ** 18n })
    await devnet.fund({ chainId: 1, address: who, token: 'USDC', amount: 1_000_000n })
    await devnet.fund({ chainId: 1, address: who, token: 'WETH', amount: 2n * 10n ** 18n })
    await devnet.fund({ chainId: 1, address: who, token: 'USDT', amount: 7n })
    await devnet.fund({ chainId: 8453, address: who, token: 'cbETH', amount: 3n })
    const c = devnet.chains[1]!
    const bal = (symbol: string) =>
      c.client.readContract({ address: c.addressBook.tokens[symbol]!.address, abi: erc20, functionName: 'balanceOf', args: [who] })
    expect(await c.client.getBalance({ address: who })).toBe(5n * 10n ** 18n)
    expect(await bal('USDC')).toBe(1_000_000n)
    expect(await bal('WETH')).toBe(2n * 10n ** 18n)
    expect(await bal('USDT')).toBe(7n)
    const base = devnet.chains[8453]!
    expect(
      await base.client.readContract({ address: base.addressBook.tokens.cbETH!.address, abi: erc20, functionName: 'balanceOf', args: [who] }),
    ).toBe(3n)
  })
})
