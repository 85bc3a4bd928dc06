import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DevnetChain } from '../chain/devnet/devnetChain.js'
import { protocolAdapters } from '../protocols/registry.js'
import { protocolMetadata } from '../data/protocolMetadata.js'
import { bundleActions } from '../protocols/bundleRegistry.js'
import { getPrices } from './getPrices.js'
import { listProjects } from './listProjects.js'
import { listProtocols } from './listProtocols.js'
import { listStandards } from './listStandards.js'
import { listTokens } from './listTokens.js'
import { startServiceOnDevnet } from './testing/startServiceOnDevnet.js'

type ServiceOnDevnet = Awaited<ReturnType<typeof startServiceOnDevnet>>

let chain: DevnetChain
let ctx: ServiceOnDevnet['ctx']
let stop: (() => Promise<void>) | undefined
beforeAll(async () => {
  ;({ chain, ctx, stop } = await startServiceOnDevnet())
})
afterAll(async () => {
  await stop?.()
})
const tok = (s: string) => chain.addressBook.tokens[s]!.address

describe('protocols, standards, projects', () => {
  test('every adapter has metadata; protocols list the chains they are live on', () => {
    for (const a of protocolAdapters) expect(protocolMetadata[a.slug], a.slug).toBeDefined()
    for (const b of bundleActions) expect(protocolMetadata[b.protocol], b.protocol).toBeDefined()
    const protocols = listProtocols(ctx, {})
    expect(protocols.map((p) => p.slug)).toEqual(['uniswap-v2', 'uniswap-v3', 'sushiswap-v3', 'pancakeswap-v3', 'uniswap-v4', 'balancer-v2', 'curve', 'aerodrome', 'erc4626', 'lido', 'aave-v3', 'pendle', 'curve-gauge', 'morpho-blue', 'stargate', 'layerzero', 'across'])
    // Bridges are live only where another served chain is (this context serves chain 1 alone).
    expect(protocols.find((p) => p.slug === 'stargate')!.chains).toEqual([])
    expect(protocols[0]).toMatchObject({ project: 'uniswap', name: 'Uniswap V2', chains: [{ id: 1, name: 'Ethereum' }] })
    expect(listProtocols(ctx, { chainId: 8453 })).toEqual([])
    expect(listProtocols(ctx, { slug: 'balancer-v2' })).toHaveLength(1)
    // Uniswap V3 forks are rows of the fork table, each its own protocol; no fork pool is served yet.
    expect(listProtocols(ctx, { slug: 'pancakeswap-v3' })).toEqual([{ project: 'pancakeswap', slug: 'pancakeswap-v3', name: 'PancakeSwap V3', description: 'PancakeSwap V3 concentrated-liquidity pools (a Uniswap V3 fork, fee tiers 0.01%, 0.05%, 0.25%, 1%), swapped through our Uniswap V3 fork helper.', url: 'https://pancakeswap.finance', logosUri: [], chains: [] }])
  })

  test('standards declare actions and the functions we call; unknown slug is NOT_FOUND', () => {
    const all = listStandards(ctx, {})
    // The adapters' route edges and every protocol's bundle actions.
    expect(all.map((s) => s.protocol.slug).sort()).toEqual(['aave-v3', 'across', 'aerodrome', 'balancer-v2', 'curve', 'curve-gauge', 'enso', 'erc20', 'erc4626', 'erc721', 'helpers', 'layerzero', 'lido', 'math', 'morpho-blue', 'pancakeswap-v3', 'pendle', 'permit2', 'stargate', 'sushiswap-v3', 'uniswap-v2', 'uniswap-v3', 'uniswap-v4'])
    expect(listStandards(ctx, { slug: 'erc4626' })[0]!.actions.map((a) => a.action)).toEqual(['deposit', 'redeem', 'singledeposit', 'tokenizedsingledeposit', 'singleredeem', 'tokenizedsingleredeem'])
    expect(listStandards(ctx, { slug: 'aave-v3' })[0]!.actions.map((a) => [a.action, a.functionNames])).toEqual([
      // The route edge's `supply` is published as `deposit` (the OpenAPI's StandardAction enum).
      ['deposit', ['supply']], ['withdraw', ['withdraw']], ['redeem', ['withdraw']], ['borrow', ['borrow']], ['repay', ['repay']], ['harvest', ['claimRewards']], ['flashloan', ['flashLoanSimple']],
      ['singledeposit', ['supply']], ['tokenizedsingledeposit', ['supply']], ['singleredeem', ['withdraw']], ['tokenizedsingleredeem', ['withdraw']], ['singlewithdraw', ['withdraw']],
    ])
    expect(listStandards(ctx, { slug: 'uniswap-v3' })[0]!.actions[0]).toEqual({
      action: 'swap', name: 'Swap', functionNames: ['exactInputSingle'], supportedChains: [{ id: 1, name: 'Ethereum' }],
      inputs: ['tokenIn', 'tokenOut', 'amountIn', 'primaryAddress', 'receiver', 'slippage', 'minAmountOut', 'poolFee', 'tickSpacing', 'path', 'onBehalfOf', 'args'],
    })
    expect(listStandards(ctx, { slug: 'uniswap-v3' })[0]!.protocol).toEqual({ slug: 'uniswap-v3', name: 'Uniswap V3', url: 'https://app.uniswap.org' })
    expect(listStandards(ctx, { slug: 'erc20' })[0]!.actions.map((a) => [a.action, a.inputs])).toEqual([
      ['approve', ['token', 'spender', 'amount', 'tokenId']], ['transfer', ['token', 'receiver', 'amount', 'tokenId']], ['transferfrom', ['token', 'receiver', 'amount', 'sender', 'tokenId']],
    ])
    expect(listStandards(ctx, { slug: 'erc721' })[0]!.actions.map((a) => [a.action, a.functionNames, a.inputs])).toEqual([
      ['approve', ['approve'], ['token', 'spender', 'tokenId', 'amount']],
      ['transfer', ['safeTransferFrom'], ['token', 'receiver', 'tokenId', 'amount']],
      ['transferfrom', ['transferFrom'], ['token', 'receiver', 'tokenId', 'sender', 'amount']],
    ])
    expect(listStandards(ctx, { slug: 'uniswap-v3' })[0]!.actions.map((a) => a.action)).toEqual(['swap', 'depositclmm', 'redeemclmm'])
    expect(listStandards(ctx, { slug: 'uniswap-v4' })[0]!.actions.map((a) => a.action)).toEqual(['swap', 'depositclmm', 'redeemclmm'])
    expect(listStandards(ctx, { slug: 'sushiswap-v3' })[0]!.actions.map((a) => [a.action, a.functionNames])).toEqual([['swap', ['swapExactIn']]])
    expect(listStandards(ctx, { slug: 'enso' })[0]!.actions.map((a) => a.action)).toEqual(['route', 'split', 'merge', 'balance', 'minamountout', 'slippage', 'fee', 'ensofee', 'call'])
    expect(listStandards(ctx, { slug: 'morpho-blue' })[0]!.actions[0]!.supportedChains).toEqual([{ id: 1, name: 'Ethereum' }])
    expect(() => listStandards(ctx, { slug: 'dodo' })).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }))
  })

  test('projects group protocols', () => {
    expect(listProjects(ctx)).toEqual([
      { id: 'uniswap', chains: [1], protocols: ['uniswap-v2', 'uniswap-v3', 'uniswap-v4'] },
      { id: 'sushiswap', chains: [], protocols: ['sushiswap-v3'] },
      { id: 'pancakeswap', chains: [], protocols: ['pancakeswap-v3'] },
      { id: 'balancer', chains: [1], protocols: ['balancer-v2'] },
      { id: 'curve', chains: [1], protocols: ['curve', 'curve-gauge'] },
      // Aerodrome's pools are on Base, which this context does not serve.
      { id: 'aerodrome', chains: [], protocols: ['aerodrome'] },
      { id: 'erc4626', chains: [1], protocols: ['erc4626'] },
      { id: 'lido', chains: [1], protocols: ['lido'] },
      { id: 'aave', chains: [1], protocols: ['aave-v3'] },
      { id: 'pendle', chains: [1], protocols: ['pendle'] },
      { id: 'morpho', chains: [1], protocols: ['morpho-blue'] },
      { id: 'stargate', chains: [], protocols: ['stargate'] },
      { id: 'layerzero', chains: [], protocols: ['layerzero'] },
      { id: 'across', chains: [], protocols: ['across'] },
    ])
  })
})

describe('tokens', () => {
  test('base and DeFi position tokens with underlying tokens and TVL; filters and cursor pagination', async () => {
    const all = await listTokens(ctx, { chainId: 1, pageSize: 1000 })
    const book = chain.addressBook
    // Vault shares are listed once, as DeFi tokens (they are also in the address book's tokens).
    expect(all.meta.total).toBe(Object.keys(book.tokens).length + book.uniswapV2.pairs.length + book.balancerV2.pools.length)
    const vault = all.data.find((t) => t.symbol === 'svUSDC')!
    expect(vault).toMatchObject({ type: 'defi', protocol: 'erc4626', underlyingTokens: [{ symbol: 'USDC' }] })
    // $20M deposited, then yield donated up to a 1.042 share price; then the Pendle market's seeding
    // deposits its $10M (less the PT's discount) through the SY.
    expect(vault.tvl!).toBeGreaterThan(30.5e6)
    expect(vault.tvl!).toBeLessThan(31.5e6)
    // aTokens too: $5M supplied per reserve at seeding.
    const aUSDC = all.data.find((t) => t.symbol === 'aUSDC')!
    expect(aUSDC).toMatchObject({ type: 'defi', protocol: 'aave-v3', project: 'aave', decimals: 6, underlyingTokens: [{ symbol: 'USDC' }], primaryAddress: book.aaveV3!.pool })
    expect(aUSDC.tvl!).toBeGreaterThan(4.9e6)
    expect(aUSDC.tvl!).toBeLessThan(5.1e6)
    const lp = all.data.find((t) => t.address === '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc')!
    expect(lp).toMatchObject({ type: 'defi', protocol: 'uniswap-v2', project: 'uniswap', decimals: 18 })
    expect(lp.underlyingTokens.map((u) => u.symbol).sort()).toEqual(['USDC', 'WETH'])
    // The scenario seeded $40M in that pair.
    expect(lp.tvl!).toBeGreaterThan(39e6)
    expect(lp.tvl!).toBeLessThan(41e6)
    const defi = await listTokens(ctx, { type: 'defi', underlyingTokens: [tok('WETH')], pageSize: 1000 })
    expect(defi.data.length).toBeGreaterThan(0)
    expect(defi.data.every((t) => t.underlyingTokens.some((u) => u.address === tok('WETH')))).toBe(true)
    expect((await listTokens(ctx, { symbol: 'usdc' })).data.map((t) => t.address)).toEqual([tok('USDC')])
    const rich = (await listTokens(ctx, { tvlFrom: 10_000_000 })).data
    expect(rich.length).toBeGreaterThan(0)
    expect(rich.every((t) => t.tvl! >= 10_000_000)).toBe(true)
    expect((await listTokens(ctx, { apyFrom: 1 })).meta.total).toBe(0)
    // Pages of 7 walk the same list without gaps or repeats.
    const seen: string[] = []
    let cursor: string | undefined
    do {
      const page = await listTokens(ctx, { chainId: 1, pageSize: 7, ...(cursor ? { cursor } : {}) })
      seen.push(...page.data.map((t) => t.address))
      cursor = page.meta.nextCursor
    } while (cursor)
    expect(seen).toEqual(all.data.map((t) => t.address))
  })

  test('bad filters are typed 400s', async () => {
    await expect(listTokens(ctx, { cursor: 'bogus' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    await expect(listTokens(ctx, { chainId: 5 })).rejects.toMatchObject({ code: 'UNSUPPORTED_CHAIN' })
    await expect(listTokens(ctx, { pageSize: 5000 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    await expect(listTokens(ctx, { address: ['0x1234'] })).rejects.toMatchObject({ code: 'INVALID_ADDRESS' })
    await expect(listTokens(ctx, { chainId: '1' })).rejects.toMatchObject({ code: 'INVALID_TYPE' })
  })
})

describe('prices', () => {
  test('read from the pools: WETH ≈ 3000, USDC ≈ 1, native = WETH, unknown = null; confidence reflects agreement', async () => {
    const unknown: Address = '0x0000000000000000000000000000000000011234'
    const [weth, usdc, native, none] = await getPrices(ctx, { chainId: 1, addresses: [tok('WETH'), tok('USDC'), '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', unknown] })
    expect(weth!.price).toBeGreaterThan(2970)
    expect(weth!.price).toBeLessThan(3030)
    expect(weth!.confidence).toBeGreaterThan(0.5)
    expect(weth!.blockNumber).toBeGreaterThan(0)
    expect(weth!.timestamp).toBeGreaterThan(1_700_000_000)
    expect(usdc!.price).toBeGreaterThan(0.99)
    expect(usdc!.price).toBeLessThan(1.01)
    expect(native).toMatchObject({ price: weth!.price, symbol: 'ETH', decimals: 18 })
    expect(none).toBeNull()
  })

  test('THREATS F8: more than 100 addresses, bad addresses and unknown chains are 400s', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`)
    await expect(getPrices(ctx, { chainId: 1, addresses: many })).rejects.toMatchObject({ code: 'TOO_MANY_ITEMS' })
    await expect(getPrices(ctx, { chainId: 1, addresses: ['nope'] })).rejects.toMatchObject({ code: 'INVALID_ADDRESS' })
    await expect(getPrices(ctx, { chainId: 99, addresses: [tok('WETH')] })).rejects.toMatchObject({ code: 'UNSUPPORTED_CHAIN' })
  })
})
