import { keccak256 } from 'viem'
import { describe, expect, test } from 'vitest'
import { loadProtocolArtifact } from '../../chain/devnet/protocolArtifacts.js'
import { computeUniswapV3PoolAddress } from './computeUniswapV3PoolAddress.js'
import { uniswapV3Forks } from './config.js'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const fork = (slug: string) => uniswapV3Forks.find((f) => f.slug === slug)!

describe('computeUniswapV3PoolAddress', () => {
  test('mainnet Uniswap V3 USDC/WETH pools, in either token order', () => {
    const { poolDeployer } = fork('uniswap-v3').deployments[1]
    const { initCodeHash } = fork('uniswap-v3')
    expect(computeUniswapV3PoolAddress({ poolDeployer, initCodeHash, tokenA: USDC, tokenB: WETH, fee: 500 })).toBe('0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640')
    expect(computeUniswapV3PoolAddress({ poolDeployer, initCodeHash, tokenA: WETH, tokenB: USDC, fee: 3000 })).toBe('0x8ad599c3A0ff1De082011EFDDc58f1908eb6e6D8')
  })

  test('each fork\'s init code hash is the keccak256 of the pool creation code its npm package publishes', () => {
    expect(fork('uniswap-v3').initCodeHash).toBe(keccak256(loadProtocolArtifact('UniswapV3Pool').bytecode))
    expect(fork('sushiswap-v3').initCodeHash).toBe(fork('uniswap-v3').initCodeHash)
    expect(fork('pancakeswap-v3').initCodeHash).toBe(keccak256(loadProtocolArtifact('PancakeV3Pool').bytecode))
  })
})

describe('uniswapV3Forks', () => {
  test('slugs are unique kebab-case; every deployment and tier is well formed; PancakeSwap CREATE2s from its pool deployer', () => {
    const slugs = uniswapV3Forks.map((f) => f.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
    for (const f of uniswapV3Forks) {
      expect(f.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(f.initCodeHash).toMatch(/^0x[0-9a-f]{64}$/)
      for (const t of f.feeTiers) expect(t.fee > 0 && t.tickSpacing > 0).toBe(true)
    }
    const pancake = fork('pancakeswap-v3').deployments[1]
    expect(pancake.poolDeployer).not.toBe(pancake.factory)
    expect(fork('pancakeswap-v3').swapCallback).toBe('pancakeV3SwapCallback')
  })
})
