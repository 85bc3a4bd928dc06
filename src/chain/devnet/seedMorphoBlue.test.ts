import { encodeAbiParameters, erc20Abi, keccak256, maxUint256, parseAbi, toHex, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadMorphoBlueArtifact } from '../../contracts/loadMorphoBlueArtifact.js'
import { morphoBlueAbi, morphoIrmAbi, morphoOracleAbi } from '../../protocols/morpho-blue/abi.js'
import { accrueInterest } from '../../protocols/morpho-blue/accrueInterest.js'
import { marketId, marketParamsFromEntry } from '../../protocols/morpho-blue/marketParams.js'
import { toAssetsDown, toAssetsUp, toSharesDown, toSharesUp } from '../../protocols/morpho-blue/sharesMath.js'
import type { MorphoMarketParams, MorphoMarketState } from '../../protocols/morpho-blue/types.js'
import type { MorphoBlueMarketEntry } from '../addressBook.js'
import { devnetDeployer } from './createDevnetClient.js'
import { startDevnet, type Devnet } from './startDevnet.js'
import type { DevnetChain } from './devnetChain.js'

/** Morpho Blue on chain 1: real bytecode at its mainnet address, the scenario's markets, and a full position lifecycle. */

const MORPHO: Address = '0xBBBBBbbBBb9cC5e90e3b3Af64bdAF62C37EEFFCb'
const adminAbi = parseAbi(['function isIrmEnabled(address) view returns (bool)', 'function isLltvEnabled(uint256) view returns (bool)'])

let devnet: Devnet
let chain: DevnetChain
beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
  chain = devnet.chains[1]!
})
afterAll(async () => {
  await devnet?.stop()
})

const book = () => chain.addressBook.morphoBlue!
const token = (symbol: string) => chain.addressBook.tokens[symbol]!
const balanceOf = (asset: Address, who: Address) => chain.client.readContract({ address: asset, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
const marketEntry = (symbol: string): MorphoBlueMarketEntry => book().markets.find((m) => m.symbol === symbol)!

async function readMarket(id: Hex): Promise<MorphoMarketState> {
  const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee] = await chain.client.readContract({
    address: MORPHO, abi: morphoBlueAbi, functionName: 'market', args: [id],
  })
  return { totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee }
}

async function readPosition(id: Hex, user: Address): Promise<{ supplyShares: bigint; borrowShares: bigint; collateral: bigint }> {
  const [supplyShares, borrowShares, collateral] = await chain.client.readContract({ address: MORPHO, abi: morphoBlueAbi, functionName: 'position', args: [id, user] })
  return { supplyShares, borrowShares, collateral }
}

/** An EOA with ETH, impersonated so the test signs for it. */
async function user(address: Address): Promise<Address> {
  await chain.client.impersonateAccount({ address })
  await devnet.fund({ chainId: 1, address, token: 'ETH', amount: 10n ** 18n })
  return address
}

async function send(from: Address, address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[]): Promise<bigint> {
  const hash: Hex = await chain.client.writeContract({ address, abi, functionName, args, account: from, chain: chain.client.chain, gas: 1_000_000n } as never)
  const receipt = await chain.client.waitForTransactionReceipt({ hash })
  expect(receipt.status, `${functionName} by ${from}`).toBe('success')
  return (await chain.client.getBlock({ blockNumber: receipt.blockNumber })).timestamp
}

/**
 * Sends one Morpho call and returns the market as the helpers predict it was just before the call
 * acted: the pre-call totals accrued (at the IRM's rate for those totals) to the call's block time.
 */
async function sendAccrued(from: Address, params: MorphoMarketParams, functionName: string, args: readonly unknown[]): Promise<MorphoMarketState> {
  const id = marketId(params)
  const before = await readMarket(id)
  const borrowRate = await chain.client.readContract({ address: params.irm, abi: morphoIrmAbi, functionName: 'borrowRateView', args: [params, before] })
  const timestamp = await send(from, MORPHO, morphoBlueAbi, functionName, [params, ...args])
  return accrueInterest(before, { borrowRate, timestamp }).market
}

describe('Morpho Blue at its mainnet address', () => {
  test('the compiled Morpho runs at 0xBBBB…FFCb, its DOMAIN_SEPARATOR names that address, the IRM and LLTVs are enabled', async () => {
    expect(book().morpho).toBe(MORPHO)
    const artifact = loadMorphoBlueArtifact('Morpho')
    const code = (await chain.client.getCode({ address: MORPHO }))!
    // The runtime code is the artifact's, byte for byte, outside the DOMAIN_SEPARATOR immutable.
    let expected = artifact.deployedBytecode.slice(2)
    for (const { start, length } of Object.values(artifact.immutableReferences).flat()) {
      expected = expected.slice(0, start * 2) + code.slice(2 + start * 2, 2 + (start + length) * 2) + expected.slice((start + length) * 2)
    }
    expect(code.slice(2)).toBe(expected)
    const typehash = keccak256(toHex('EIP712Domain(uint256 chainId,address verifyingContract)'))
    const domain = keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }], [typehash, 1n, MORPHO]))
    expect(await chain.client.readContract({ address: MORPHO, abi: morphoBlueAbi, functionName: 'DOMAIN_SEPARATOR' })).toBe(domain)
    expect(await chain.client.readContract({ address: MORPHO, abi: morphoBlueAbi, functionName: 'owner' })).toBe(devnetDeployer)
    expect(await chain.client.readContract({ address: MORPHO, abi: adminAbi, functionName: 'isIrmEnabled', args: [book().irm] })).toBe(true)
    for (const lltv of [860000000000000000n, 915000000000000000n]) {
      expect(await chain.client.readContract({ address: MORPHO, abi: adminAbi, functionName: 'isLltvEnabled', args: [lltv] })).toBe(true)
    }
  })

  test('each scenario market: id = marketId(params), oracle at the scenario prices, seeded supply and utilization, a non-zero rate', async () => {
    const scenario = devnet.scenario.chains['1']!.morpho!
    expect(book().markets.map((m) => m.symbol)).toEqual(['WETH/USDC-86', 'WBTC/USDC-86', 'WETH/DAI-91.5'])
    for (const [i, entry] of book().markets.entries()) {
      const seeded = scenario.markets[i]!
      const params = marketParamsFromEntry(entry)
      expect(marketId(params)).toBe(entry.id)
      const stored = await chain.client.readContract({ address: MORPHO, abi: morphoBlueAbi, functionName: 'idToMarketParams', args: [entry.id] })
      expect(stored).toEqual([params.loanToken, params.collateralToken, params.oracle, params.irm, params.lltv])
      const loan = token(seeded.loan)
      const collateral = token(seeded.collateral)
      // Oracle: 1 collateral unit in loan units × 1e36.
      const price = await chain.client.readContract({ address: entry.oracle, abi: morphoOracleAbi, functionName: 'price' })
      const want = (10n ** BigInt(36 + loan.decimals - collateral.decimals) * BigInt(collateral.priceUsd)) / BigInt(loan.priceUsd)
      expect(price, entry.symbol).toBe(want)
      const market = await readMarket(entry.id)
      expect(market.totalSupplyAssets, entry.symbol).toBe(BigInt(seeded.supplyUsd / loan.priceUsd) * 10n ** BigInt(loan.decimals))
      expect(Number(market.totalBorrowAssets) / Number(market.totalSupplyAssets)).toBeCloseTo(seeded.borrowPct / 100, 6)
      expect(market.fee).toBe(0n)
      const rate = await chain.client.readContract({ address: entry.irm, abi: morphoIrmAbi, functionName: 'borrowRateView', args: [params, market] })
      const apr = (Number(rate) * 365 * 24 * 3600) / 1e18
      expect(apr, entry.symbol).toBeCloseTo((scenario.irm.baseAprPct + (scenario.irm.slopeAprPct * seeded.borrowPct) / 100) / 100, 6)
    }
    expect(marketEntry('WETH/USDC-86').collateralToken).toBe(chain.addressBook.weth)
  })

  test('an EOA supplies USDC; another posts WETH, borrows, repays and (through an authorized operator) withdraws; all to the wei of SharesMathLib', async () => {
    const entry = marketEntry('WETH/USDC-86')
    const params = marketParamsFromEntry(entry)
    const usdc = token('USDC').address
    const weth = chain.addressBook.weth
    const supplier = await user('0x000000000000000000000000000000000000a11c')
    const borrower = await user('0x0000000000000000000000000000000000000b0b')
    const operator = await user('0x00000000000000000000000000000000000000ca')

    // Supply 100,000 USDC.
    const supplied = 100_000n * 10n ** 6n
    await devnet.fund({ chainId: 1, address: supplier, token: 'USDC', amount: supplied })
    await send(supplier, usdc, erc20Abi, 'approve', [MORPHO, maxUint256])
    let m = await sendAccrued(supplier, params, 'supply', [supplied, 0n, supplier, '0x'])
    const supplyShares = toSharesDown(supplied, m.totalSupplyAssets, m.totalSupplyShares)
    expect((await readPosition(entry.id, supplier)).supplyShares).toBe(supplyShares)
    expect(await readMarket(entry.id)).toEqual({ ...m, totalSupplyAssets: m.totalSupplyAssets + supplied, totalSupplyShares: m.totalSupplyShares + supplyShares })
    expect(await balanceOf(usdc, supplier)).toBe(0n)

    // Post 10 WETH, borrow 15,000 USDC (LTV 50% at 3000 USDC per WETH).
    const collateral = 10n * 10n ** 18n
    const borrowed = 15_000n * 10n ** 6n
    await devnet.fund({ chainId: 1, address: borrower, token: 'WETH', amount: collateral })
    await send(borrower, weth, erc20Abi, 'approve', [MORPHO, maxUint256])
    await sendAccrued(borrower, params, 'supplyCollateral', [collateral, borrower, '0x'])
    expect((await readPosition(entry.id, borrower)).collateral).toBe(collateral)
    expect(await balanceOf(weth, borrower)).toBe(0n)
    m = await sendAccrued(borrower, params, 'borrow', [borrowed, 0n, borrower, borrower])
    const borrowShares = toSharesUp(borrowed, m.totalBorrowAssets, m.totalBorrowShares)
    expect((await readPosition(entry.id, borrower)).borrowShares).toBe(borrowShares)
    expect(await readMarket(entry.id)).toEqual({ ...m, totalBorrowAssets: m.totalBorrowAssets + borrowed, totalBorrowShares: m.totalBorrowShares + borrowShares })
    expect(await balanceOf(usdc, borrower)).toBe(borrowed)

    // 30 days later, repay the whole debt by shares: the assets owed are the shares rounded up.
    // The devnet's clock moves one second a block; jump it (evm_increaseTime is ignored there).
    await chain.client.setNextBlockTimestamp({ timestamp: (await chain.client.getBlock()).timestamp + 30n * 24n * 3600n })
    await devnet.fund({ chainId: 1, address: borrower, token: 'USDC', amount: 1_000n * 10n ** 6n })
    await send(borrower, usdc, erc20Abi, 'approve', [MORPHO, maxUint256])
    const usdcBefore = await balanceOf(usdc, borrower)
    m = await sendAccrued(borrower, params, 'repay', [0n, borrowShares, borrower, '0x'])
    const repaid = toAssetsUp(borrowShares, m.totalBorrowAssets, m.totalBorrowShares)
    expect(repaid).toBeGreaterThan(borrowed)
    expect(usdcBefore - (await balanceOf(usdc, borrower))).toBe(repaid)
    expect((await readPosition(entry.id, borrower)).borrowShares).toBe(0n)
    expect(await readMarket(entry.id)).toEqual({ ...m, totalBorrowAssets: m.totalBorrowAssets - repaid, totalBorrowShares: m.totalBorrowShares - borrowShares })

    // An operator withdraws the collateral for the borrower only once authorized.
    await expect(
      chain.client.simulateContract({ account: operator, address: MORPHO, abi: morphoBlueAbi, functionName: 'withdrawCollateral', args: [params, collateral, borrower, borrower] } as never),
    ).rejects.toThrow(/reverted with the following reason:\s+unauthorized/)
    await send(borrower, MORPHO, morphoBlueAbi, 'setAuthorization', [operator, true])
    expect(await chain.client.readContract({ address: MORPHO, abi: morphoBlueAbi, functionName: 'isAuthorized', args: [borrower, operator] })).toBe(true)
    await sendAccrued(operator, params, 'withdrawCollateral', [collateral, borrower, borrower])
    expect(await balanceOf(weth, borrower)).toBe(collateral)
    expect((await readPosition(entry.id, borrower)).collateral).toBe(0n)

    // The supplier redeems every share for more than it supplied: the interest the market earned.
    m = await sendAccrued(supplier, params, 'withdraw', [0n, supplyShares, supplier, supplier])
    const withdrawn = toAssetsDown(supplyShares, m.totalSupplyAssets, m.totalSupplyShares)
    expect(withdrawn).toBeGreaterThan(supplied)
    expect(await balanceOf(usdc, supplier)).toBe(withdrawn)
    expect((await readPosition(entry.id, supplier)).supplyShares).toBe(0n)
    expect(await readMarket(entry.id)).toEqual({ ...m, totalSupplyAssets: m.totalSupplyAssets - withdrawn, totalSupplyShares: m.totalSupplyShares - supplyShares })
  })
})
