import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { morphoBlueAbi } from '../protocols/morpho-blue/abi.js'
import { getNontokenizedRoute } from './getNontokenizedRoute.js'
import { listNontokenized } from './listNontokenized.js'
import { derivedPositionAddress } from './nontokenizedPositions.js'
import { useBundleHarness } from './testing/startBundleHarness.js'

const user: Address = '0x00000000000000000000000000000000000e0e01'

const h = useBundleHarness(user)

describe('non-tokenized positions', () => {
  test('GET /nontokenized lists Aave collateral per reserve and both sides of every Morpho market, with filters and pages', () => {
    const all = listNontokenized(h.ctx, {})
    const reserves = h.chain.addressBook.aaveV3!.reserves.length
    const markets = h.chain.addressBook.morphoBlue!.markets.length
    expect(all.meta.total).toBe(reserves + 2 * markets)
    expect(listNontokenized(h.ctx, { protocolSlug: 'morpho-blue' }).data).toHaveLength(2 * markets)
    const usdc = h.tok('USDC')
    const withUsdc = listNontokenized(h.ctx, { underlyingTokens: [usdc] }).data
    expect(withUsdc.length).toBeGreaterThan(1)
    expect(withUsdc.every((p) => p.underlyingTokens[0]!.address === usdc)).toBe(true)
    const paged = listNontokenized(h.ctx, { pageSize: 2, page: 2 })
    expect(paged.data).toEqual(all.data.slice(2, 4))
    expect(paged.meta).toMatchObject({ currentPage: 2, perPage: 2, prev: 1 })
    expect(() => listNontokenized(h.ctx, { chainId: 999 })).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }))
  })

  test('WETH into a Morpho USDC supply position of the wallet: the supply grows by exactly amountDeposited', async () => {
    const wallet = await h.createWallet()
    await h.devnet.fund({ chainId: 1, address: wallet, token: 'WETH', amount: 10n ** 18n })
    const market = h.chain.addressBook.morphoBlue!.markets.find((m) => m.symbol === 'WETH/USDC-86')!
    const answer = await getNontokenizedRoute(h.ctx, {
      chainId: 1, fromAddress: wallet, routingStrategy: 'delegate', tokenIn: [h.tok('WETH')], amountIn: ['1000000000000000000'],
      positionOut: derivedPositionAddress('morpho-blue', 'supply', market.id), receiver: wallet,
    }, { caller: h.caller })
    expect(BigInt(answer.amountDeposited)).toBeGreaterThan(2_900n * 10n ** 6n)
    // A route and Morpho Blue, run by the wallet itself: nothing outside the address book gets control.
    expect(answer.externalContracts).toEqual([])
    const morpho = h.chain.addressBook.morphoBlue!.morpho
    await h.sendThroughWallet(wallet, answer)
    const [shares] = await h.chain.client.readContract({ address: morpho, abi: morphoBlueAbi, functionName: 'position', args: [market.id, wallet] })
    const m = await h.chain.client.readContract({ address: morpho, abi: morphoBlueAbi, functionName: 'market', args: [market.id] })
    // supplied assets of the wallet, rounded down as Morpho does: shares × (assets + 1) / (shares + 1e6)
    const assets = (shares * (m[0] + 1n)) / (m[1] + 10n ** 6n)
    expect(assets === BigInt(answer.amountDeposited) || assets + 1n === BigInt(answer.amountDeposited)).toBe(true)
    expect(await h.balance(h.tok('WETH'), wallet)).toBe(0n)
  })

  test('USDC and DAI into Aave USDC collateral of the wallet (two inputs, one routed); the router strategy is refused', async () => {
    const wallet = await h.createWallet()
    await h.devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 1_000n * 10n ** 6n })
    await h.devnet.fund({ chainId: 1, address: wallet, token: 'DAI', amount: 500n * 10n ** 18n })
    const reserve = h.chain.addressBook.aaveV3!.reserves.find((r) => r.asset.toLowerCase() === h.tok('USDC').toLowerCase())!
    const request = {
      chainId: 1, fromAddress: wallet, routingStrategy: 'delegate', tokenIn: [h.tok('USDC'), h.tok('DAI')], amountIn: ['1000000000', '500000000000000000000'],
      positionOut: reserve.aToken, receiver: wallet,
    }
    const answer = await getNontokenizedRoute(h.ctx, request, { caller: h.caller })
    const before = await h.balance(reserve.aToken, wallet)
    await h.sendThroughWallet(wallet, answer)
    const got = (await h.balance(reserve.aToken, wallet)) - before
    // aTokens are minted at the liquidity index: within 1 wei of the deposit, plus a second of interest.
    expect(got - BigInt(answer.amountDeposited) <= 2n && BigInt(answer.amountDeposited) - got <= 1n).toBe(true)
    expect(BigInt(answer.amountDeposited)).toBeGreaterThan(1_490n * 10n ** 6n)
    await expect(getNontokenizedRoute(h.ctx, { ...request, routingStrategy: 'router' }, { caller: h.caller })).rejects.toMatchObject({ code: 'INVALID_STRATEGY' })
    await expect(getNontokenizedRoute(h.ctx, { ...request, positionOut: h.tok('USDC') }, { caller: h.caller })).rejects.toMatchObject({ code: 'INVALID_POSITION' })
  })

  // Issue 24 item 14: the OpenAPI's positionOut is "ID of a non-tokenized position".
  test('positionOut as the positionId GET /nontokenized lists names the same position as its address; an unknown id is INVALID_POSITION', async () => {
    const wallet = await h.createWallet()
    await h.devnet.fund({ chainId: 1, address: wallet, token: 'WETH', amount: 10n ** 18n })
    const listed = listNontokenized(h.ctx, { protocolSlug: 'morpho-blue' }).data[0]!
    const request = { chainId: 1, fromAddress: wallet, routingStrategy: 'delegate', tokenIn: [h.tok('WETH')], amountIn: ['100000000000000000'], receiver: wallet }
    const byId = await getNontokenizedRoute(h.ctx, { ...request, positionOut: listed.positionId }, { caller: h.caller })
    const byAddress = await getNontokenizedRoute(h.ctx, { ...request, positionOut: listed.address }, { caller: h.caller })
    // The same deposit step (the answer's last) and amount; tx.data differs only by the per-request id.
    expect(byId.route.at(-1)).toEqual(byAddress.route.at(-1))
    expect(byId.route.at(-1)).toMatchObject({ tokenOut: [listed.address], args: { positionId: listed.positionId } })
    expect(byId.amountDeposited).toBe(byAddress.amountDeposited)
    const aave = listNontokenized(h.ctx, { protocolSlug: 'aave-v3' }).data[0]!
    expect((await getNontokenizedRoute(h.ctx, { ...request, positionOut: aave.positionId.toUpperCase() }, { caller: h.caller })).route.at(-1)).toMatchObject({ tokenOut: [aave.address] })
    await expect(getNontokenizedRoute(h.ctx, { ...request, positionOut: `${listed.positionId}x` }, { caller: h.caller })).rejects.toMatchObject({ code: 'INVALID_POSITION' })
  })
})
