import { encodeAbiParameters, encodeEventTopics, getAddress, pad, type Address, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { applyCreationLog, type CreationEmitters } from './applyCreationLog.js'
import { creationEventsAbi, creationTopics } from './creationEvents.js'
import { createPoolIndex } from './poolIndex.js'
import type { RawLog } from './readLogWindows.js'

const A = '0x1111111111111111111111111111111111111111' as Address
const B = '0x2222222222222222222222222222222222222222' as Address
const C = '0x3333333333333333333333333333333333333333' as Address
const POOL = '0x4444444444444444444444444444444444444444' as Address
const ID = `0x${'ab'.repeat(32)}` as Hex
const emitters: CreationEmitters = {
  uniswapV2Factory: '0x5c69bee701ef814a2b6a3edd4b1652cb9cc5aa6f',
  uniswapV3Factory: '0x1f98431c8ad98523631ae4a59f267346ea31f984',
  uniswapV4PoolManager: '0x000000000004444c5dc75cb358380d2e3de08a90',
  balancerVault: '0xba12222222228d8ba445958a75a0704d566bf2c8',
  morpho: '0xbbbbbbbbbb9cc5e90e3b3af64bdaf62c37eeffcb',
}
const log = (address: string, topics: Hex[], data: Hex = '0x'): RawLog => ({ address: address as Hex, topics, data, blockNumber: '0x1' })
const fresh = () => createPoolIndex({ chainId: 1, genesisHash: `0x${'00'.repeat(32)}`, startBlocks: { creations: 0n, vaults: 0n } })

describe('applyCreationLog', () => {
  it('records a Uniswap V2 pair, V3 pool and hookless or hooked V4 pool from their creation events, once', () => {
    const index = fresh()
    const pair = log(emitters.uniswapV2Factory!, encodeEventTopics({ abi: creationEventsAbi, eventName: 'PairCreated', args: { token0: A, token1: B } }) as Hex[], encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [POOL, 1n]))
    expect(applyCreationLog(index, emitters, pair)).toBe('uniswap-v2')
    expect(applyCreationLog(index, emitters, pair)).toBe('uniswap-v2')
    expect([...index.uniswapV2.values()]).toEqual([{ address: POOL, token0: A, token1: B }])
    const v3 = log(emitters.uniswapV3Factory!, encodeEventTopics({ abi: creationEventsAbi, eventName: 'PoolCreated', args: { token0: A, token1: C, fee: 500 } }) as Hex[], encodeAbiParameters([{ type: 'int24' }, { type: 'address' }], [10, POOL]))
    expect(applyCreationLog(index, emitters, v3)).toBe('uniswap-v3')
    expect(index.uniswapV3.get(POOL.toLowerCase())).toEqual({ address: POOL, token0: A, token1: C, fee: 500, tickSpacing: 10 })
    const v4 = log(
      emitters.uniswapV4PoolManager!,
      encodeEventTopics({ abi: creationEventsAbi, eventName: 'Initialize', args: { id: ID, currency0: '0x0000000000000000000000000000000000000000', currency1: B } }) as Hex[],
      encodeAbiParameters([{ type: 'uint24' }, { type: 'int24' }, { type: 'address' }, { type: 'uint160' }, { type: 'int24' }], [3000, -60 + 120, C, 2n ** 96n, 0]),
    )
    expect(applyCreationLog(index, emitters, v4)).toBe('uniswap-v4')
    expect(index.uniswapV4.get(ID)).toEqual({ id: ID, currency0: '0x0000000000000000000000000000000000000000', currency1: B, fee: 3000, tickSpacing: 60, hooks: C })
  })

  it('follows a Balancer pool from PoolRegistered through TokensRegistered and TokensDeregistered', () => {
    const index = fresh()
    const vault = emitters.balancerVault!
    expect(applyCreationLog(index, emitters, log(vault, encodeEventTopics({ abi: creationEventsAbi, eventName: 'PoolRegistered', args: { poolId: ID, poolAddress: POOL } }) as Hex[], encodeAbiParameters([{ type: 'uint8' }], [1])))).toBe('balancer-v2')
    const tokens = (eventName: 'TokensRegistered' | 'TokensDeregistered', list: Address[]) => log(
      vault,
      encodeEventTopics({ abi: creationEventsAbi, eventName, args: { poolId: ID } }) as Hex[],
      eventName === 'TokensRegistered' ? encodeAbiParameters([{ type: 'address[]' }, { type: 'address[]' }], [list, list.map((): Address => '0x0000000000000000000000000000000000000000')]) : encodeAbiParameters([{ type: 'address[]' }], [list]),
    )
    applyCreationLog(index, emitters, tokens('TokensRegistered', [C, A, B]))
    expect(index.balancerV2.get(ID)).toEqual({ poolId: ID, address: POOL, specialization: 1, tokens: [C, A, B] })
    applyCreationLog(index, emitters, tokens('TokensDeregistered', [A]))
    expect(index.balancerV2.get(ID)!.tokens).toEqual([C, B])
    // Tokens of a pool never registered are dropped, not a pool of their own.
    const other = fresh()
    expect(applyCreationLog(other, emitters, tokens('TokensRegistered', [A]))).toBe('ignored')
    expect(other.balancerV2.size).toBe(0)
  })

  it('records a Morpho Blue market with its MarketParams, lltv as a decimal string', () => {
    const index = fresh()
    const params = { loanToken: A, collateralToken: B, oracle: C, irm: POOL, lltv: 860000000000000000n }
    const data = encodeAbiParameters([{ type: 'tuple', components: [{ name: 'loanToken', type: 'address' }, { name: 'collateralToken', type: 'address' }, { name: 'oracle', type: 'address' }, { name: 'irm', type: 'address' }, { name: 'lltv', type: 'uint256' }] }], [params])
    expect(applyCreationLog(index, emitters, log(emitters.morpho!, [creationTopics.CreateMarket, ID], data))).toBe('morpho-blue')
    expect(index.morphoBlue.get(ID)).toEqual({ id: ID, ...params, lltv: '860000000000000000' })
  })

  it('takes any emitter of the ERC-4626 Deposit shape as a vault candidate, unless already judged', () => {
    const index = fresh()
    const data = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [5n, 5n])
    const deposit = (emitter: Address, topics = [creationTopics.Deposit, pad(A), pad(B)] as Hex[]) => log(emitter, topics, data)
    expect(applyCreationLog(index, emitters, deposit(POOL))).toBe('erc4626-candidate')
    index.notVaults.set(C.toLowerCase(), 'asset() reverts')
    applyCreationLog(index, emitters, deposit(C))
    // Same topic, other indexing: not the ERC-4626 event.
    expect(applyCreationLog(index, emitters, deposit(A, [creationTopics.Deposit, pad(A)]))).toBe('ignored')
    expect([...index.vaultCandidates]).toEqual([POOL.toLowerCase()])
  })

  it('records a Pendle market from any emitter of CreateNewMarket, with that emitter as its factory and the PT it names', () => {
    const index = fresh()
    const topics = encodeEventTopics({ abi: creationEventsAbi, eventName: 'CreateNewMarket', args: { market: POOL, PT: A } }) as Hex[]
    const data = encodeAbiParameters([{ type: 'int256' }, { type: 'int256' }, { type: 'uint256' }], [15n * 10n ** 18n, 10n ** 18n, 999500333083533n])
    expect(applyCreationLog(index, emitters, log(C, topics, data))).toBe('pendle')
    expect(index.pendle.get(POOL.toLowerCase())).toEqual({ address: getAddress(POOL), factory: getAddress(C), pt: getAddress(A) })
    // Same topic, another shape (no indexed PT): not Pendle's event.
    expect(applyCreationLog(index, emitters, log(B, topics.slice(0, 2), data))).toBe('ignored')
    expect(index.pendle.size).toBe(1)
  })

  it('ignores creation events of other emitters and removed logs; counts a log that does not decode', () => {
    const index = fresh()
    const topics = encodeEventTopics({ abi: creationEventsAbi, eventName: 'PairCreated', args: { token0: A, token1: B } }) as Hex[]
    const data = encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [POOL, 1n])
    expect(applyCreationLog(index, emitters, log(C, topics, data))).toBe('ignored')
    expect(applyCreationLog(index, emitters, { ...log(emitters.uniswapV2Factory!, topics, data), removed: true })).toBe('ignored')
    expect(applyCreationLog(index, emitters, log(emitters.uniswapV2Factory!, topics, '0x01'))).toBe('undecodable')
    expect(index.uniswapV2.size).toBe(0)
  })
})
