import { encodeAbiParameters, erc20Abi, keccak256, parseAbi, zeroAddress, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ChainAddressBook } from '../../addressBook.js'
import type { DevnetChain } from '../devnetChain.js'
import { startDevnet, type Devnet } from '../startDevnet.js'
import { generateWorld, type GeneratedWorld } from './generateWorld.js'
import { seedWorld, worldAddressAt, worldDeployer, type SeedWorldReport } from './seedWorld.js'
import { poolAmounts } from './worldCalls.js'

let devnet: Devnet
let chain: DevnetChain
let world: GeneratedWorld
let before: { v2: number; v3: number; v4: number; balancer: number; vaults: number; tokens: number }
let report: SeedWorldReport
const spec = { seed: 'seed-world-test', tokens: 40, uniswapV2: 120, uniswapV3: 24, uniswapV4: 8, balancer: 5, vaults: 4 }
const counts = (b: ChainAddressBook) => ({ v2: b.uniswapV2.pairs.length, v3: b.uniswapV3.pools.length, v4: b.uniswapV4?.pools.length ?? 0, balancer: b.balancerV2.pools.length, vaults: b.erc4626?.vaults.length ?? 0, tokens: Object.keys(b.tokens).length })

beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
  chain = devnet.chains[1]!
  const listed = devnet.scenario.chains['1']!
  world = generateWorld({ listed: listed.tokens, spec, chainId: 1, existing: listed.pools })
  before = counts(chain.addressBook)
  report = await seedWorld(chain.client, { book: chain.addressBook, world })
}, 300_000)
afterAll(async () => devnet?.stop())

const read = <T>(address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[] = []) =>
  chain.client.readContract({ address, abi: abi as never, functionName: functionName as never, args: args as never }) as Promise<T>

describe('seedWorld', () => {
  test('every generated token, pool and vault is in the address book, at the addresses the deployer nonces give', () => {
    const after = counts(chain.addressBook)
    expect(after).toEqual({ v2: before.v2 + 120, v3: before.v3 + 24, v4: before.v4 + 8, balancer: before.balancer + 5, vaults: before.vaults + 4, tokens: before.tokens + 44 })
    expect(report.pools).toEqual({ 'uniswap-v2': 120, 'uniswap-v3': 24, 'uniswap-v4': 8, 'balancer-v2-weighted': 5 })
    expect(chain.addressBook.tokens.GT0!.address).toBe(worldAddressAt(0))
    expect(chain.addressBook.erc4626!.vaults.at(-1)!.address).toBe(worldAddressAt(43))
  })

  test('the V2 pairs hold exactly the generated amounts, at the generated prices', async () => {
    const pairAbi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)'])
    const pools = world.pools.filter((p) => p.protocol === 'uniswap-v2')
    const pairs = chain.addressBook.uniswapV2.pairs.slice(-120)
    for (const [i, p] of pools.entries()) {
      const tokens = p.tokens.map((s) => chain.addressBook.tokens[s]!)
      const [a, b] = poolAmounts(p, tokens)
      const [r0, r1] = await read<[bigint, bigint, number]>(pairs[i]!.address, pairAbi, 'getReserves')
      const aIsToken0 = tokens[0]!.address.toLowerCase() < tokens[1]!.address.toLowerCase()
      expect(aIsToken0 ? [r0, r1] : [r1, r0], `${p.tokens.join('/')}`).toEqual([a, b])
    }
  })

  test('V3 and V4 pools are initialized with liquidity in range; Balancer pools hold their tokens; vaults their assets at the share price', async () => {
    const v3Abi = parseAbi(['function liquidity() view returns (uint128)', 'function slot0() view returns (uint160, int24, uint16, uint16, uint16, uint8, bool)'])
    for (const pool of chain.addressBook.uniswapV3.pools.slice(-24)) {
      expect(await read<bigint>(pool.address, v3Abi, 'liquidity'), pool.address).toBeGreaterThan(0n)
    }
    const stateView = parseAbi(['function extsload(bytes32) view returns (bytes32)'])
    for (const pool of chain.addressBook.uniswapV4!.pools.slice(-8)) {
      // PoolManager slot 6 maps a pool id to its state; a non-zero slot0 means initialized.
      const slot = keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'uint256' }], [pool.id, 6n]))
      expect(BigInt(await read<string>(chain.addressBook.uniswapV4!.poolManager, stateView, 'extsload', [slot])), pool.id).toBeGreaterThan(0n)
      if (pool.currency0 === zeroAddress) expect(await chain.client.getBalance({ address: chain.addressBook.uniswapV4!.poolManager })).toBeGreaterThan(0n)
    }
    const vaultAbi = parseAbi(['function getPoolTokens(bytes32) view returns (address[], uint256[], uint256)'])
    for (const pool of chain.addressBook.balancerV2.pools.slice(-5)) {
      const [tokens, balances] = await read<[Address[], bigint[], bigint]>(chain.addressBook.balancerV2.vault, vaultAbi, 'getPoolTokens', [pool.poolId])
      expect(tokens).toEqual(pool.tokens)
      for (const b of balances) expect(b).toBeGreaterThan(0n)
    }
    const erc4626 = parseAbi(['function totalAssets() view returns (uint256)', 'function totalSupply() view returns (uint256)', 'function asset() view returns (address)'])
    for (const [j, v] of world.vaults.entries()) {
      const address = worldAddressAt(spec.tokens + j)
      const [assets, supply] = [await read<bigint>(address, erc4626, 'totalAssets'), await read<bigint>(address, erc4626, 'totalSupply')]
      expect(await read<Address>(address, erc4626, 'asset')).toBe(chain.addressBook.tokens[v.asset]!.address)
      expect(Number(assets) / Number(supply)).toBeCloseTo(v.sharePrice, 3)
    }
  })

  test('the world deployer keeps the liquidity and nothing else moved: the devnet deployer holds no generated token', async () => {
    const pair = chain.addressBook.uniswapV2.pairs.at(-1)!.address
    expect(await read<bigint>(pair, erc20Abi, 'balanceOf', [worldDeployer])).toBeGreaterThan(0n)
    expect(await read<bigint>(chain.addressBook.tokens.GT0!.address, erc20Abi, 'balanceOf', ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])).toBe(0n)
  })

  test('seeding twice is refused: the world deployer has sent transactions, the addresses would not hold', async () => {
    await expect(seedWorld(chain.client, { book: structuredClone(chain.addressBook), world })).rejects.toThrow(/has sent transactions already/)
  })
})
