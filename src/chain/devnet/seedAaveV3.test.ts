import { erc20Abi, getAddress, getContractAddress, keccak256, maxUint256, parseAbi, stringToHex, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startDevnet, type Devnet } from './startDevnet.js'
import type { DevnetChain } from './devnetChain.js'

/** Aave V3 on chain 1 sits at Aave's mainnet addresses, and works through them as on mainnet. */

// Aave V3 Ethereum, as in bgd-labs/aave-address-book (AaveV3Ethereum) and Aave's deployment records.
const mainnet = {
  provider: '0x2f39d218133AFaB8F2B819B1066c7E434Ad94E9e',
  pool: '0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2',
  poolConfigurator: '0x64b761D848206f447Fe2dd461b0c635Ec39EbB27',
  rewardsController: '0x8164Cc65827dcFe994AB23944CBC90e0aa80bFcb',
  wrappedTokenGateway: '0xD322A49006FC828F9B5B37Ab215F99B4E5caB19C',
  reserves: {
    WETH: { aToken: '0x4d5F47FA6A74757f35C14fD3a6Ef8E3C9BC514E8', variableDebtToken: '0xeA51d7853EEFb32b6ee06b1C12E6dcCA88Be0fFE' },
    USDC: { aToken: '0x98C23E9d8f34FEFb1B7BD6a91B7FF122F4e16F5c', variableDebtToken: '0x72E95b8931767C79bA4EeE721354d6E99a61D004' },
    DAI: { aToken: '0x018008bfb33d285247A21d44E50697654f754e63', variableDebtToken: '0xcF8d0c70c850859266f5C338b38F9D663181C314' },
    WBTC: { aToken: '0x5Ee5bf7ae06D1Be5997A1A72006FE6C607eC6DE8', variableDebtToken: '0x40aAbEf1aa8f0eEc637E0E7d92fbfFB2F26A8b7B' },
  },
} as const

const providerAbi = parseAbi([
  'function getPool() view returns (address)',
  'function getPoolConfigurator() view returns (address)',
  'function getAddress(bytes32 id) view returns (address)',
])
const poolAbi = parseAbi([
  'struct ReserveConfigurationMap { uint256 data; }',
  'struct ReserveData { ReserveConfigurationMap configuration; uint128 liquidityIndex; uint128 currentLiquidityRate; uint128 variableBorrowIndex; uint128 currentVariableBorrowRate; uint128 currentStableBorrowRate; uint40 lastUpdateTimestamp; uint16 id; address aTokenAddress; address stableDebtTokenAddress; address variableDebtTokenAddress; address interestRateStrategyAddress; uint128 accruedToTreasury; uint128 unbacked; uint128 isolationModeTotalDebt; }',
  'function getReserveData(address asset) view returns (ReserveData)',
  'function supply(address asset, uint256 amount, address onBehalfOf, uint16 referralCode)',
  'function borrow(address asset, uint256 amount, uint256 interestRateMode, uint16 referralCode, address onBehalfOf)',
  'function repay(address asset, uint256 amount, uint256 interestRateMode, address onBehalfOf) returns (uint256)',
  'function withdraw(address asset, uint256 amount, address to) returns (uint256)',
])
const rewardsAbi = parseAbi([
  'function getRewardsByAsset(address asset) view returns (address[])',
  'function getUserRewards(address[] assets, address user, address reward) view returns (uint256)',
  'function claimAllRewards(address[] assets, address to) returns (address[] rewardsList, uint256[] claimedAmounts)',
  'function claimRewards(address[] assets, uint256 amount, address to, address reward) returns (uint256)',
])
const gatewayAbi = parseAbi([
  'function depositETH(address, address onBehalfOf, uint16 referralCode) payable',
  'function withdrawETH(address, uint256 amount, address to)',
])
const tokenAbi = parseAbi(['function getIncentivesController() view returns (address)', 'function POOL() view returns (address)'])

let devnet: Devnet
let chain: DevnetChain
beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
  chain = devnet.chains[1]!
})
afterAll(async () => {
  await devnet?.stop()
})

const token = (symbol: string) => chain.addressBook.tokens[symbol]!.address
const balanceOf = (asset: Address, who: Address) => chain.client.readContract({ address: asset, abi: erc20Abi, functionName: 'balanceOf', args: [who] })

async function send(from: Address, address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[], value?: bigint): Promise<bigint> {
  const hash: Hex = await chain.client.writeContract({ address, abi, functionName, args, account: from, chain: chain.client.chain, gas: 3_000_000n, value } as never)
  const receipt = await chain.client.waitForTransactionReceipt({ hash })
  expect(receipt.status, `${functionName} by ${from}`).toBe('success')
  return receipt.gasUsed * receipt.effectiveGasPrice
}

/** An EOA with ETH, impersonated so the test signs for it. */
async function user(address: Address): Promise<Address> {
  await chain.client.impersonateAccount({ address })
  await devnet.fund({ chainId: 1, address, token: 'ETH', amount: 100n * 10n ** 18n })
  return address
}

describe('Aave V3 at its mainnet addresses', () => {
  test('the provider names the Pool, PoolConfigurator and RewardsController at their mainnet addresses, all with code', async () => {
    const read = (functionName: 'getPool' | 'getPoolConfigurator') => chain.client.readContract({ address: mainnet.provider, abi: providerAbi, functionName })
    expect(await read('getPool')).toBe(mainnet.pool)
    expect(await read('getPoolConfigurator')).toBe(mainnet.poolConfigurator)
    const incentives = await chain.client.readContract({ address: mainnet.provider, abi: providerAbi, functionName: 'getAddress', args: [keccak256(stringToHex('INCENTIVES_CONTROLLER'))] })
    expect(incentives).toBe(mainnet.rewardsController)
    for (const address of [mainnet.pool, mainnet.poolConfigurator, mainnet.rewardsController, mainnet.wrappedTokenGateway]) {
      const code = await chain.client.getCode({ address })
      expect(code && code.length > 2, `code at ${address}`).toBe(true)
    }
    const book = chain.addressBook.aaveV3!
    expect(book).toMatchObject({ pool: mainnet.pool, poolConfigurator: mainnet.poolConfigurator, rewardsController: mainnet.rewardsController, wrappedTokenGateway: mainnet.wrappedTokenGateway })
  })

  test.each(Object.keys(mainnet.reserves) as (keyof typeof mainnet.reserves)[])('%s: aToken and variable debt token at their mainnet addresses, wired to the Pool and the RewardsController', async (symbol) => {
    const data = await chain.client.readContract({ address: mainnet.pool, abi: poolAbi, functionName: 'getReserveData', args: [token(symbol)] })
    expect(data.aTokenAddress).toBe(mainnet.reserves[symbol].aToken)
    expect(data.variableDebtTokenAddress).toBe(mainnet.reserves[symbol].variableDebtToken)
    for (const t of [data.aTokenAddress, data.variableDebtTokenAddress]) {
      expect(await chain.client.readContract({ address: t, abi: tokenAbi, functionName: 'POOL' })).toBe(mainnet.pool)
      expect(await chain.client.readContract({ address: t, abi: tokenAbi, functionName: 'getIncentivesController' })).toBe(mainnet.rewardsController)
    }
    const entry = chain.addressBook.aaveV3!.reserves.find((r) => r.asset === token(symbol))
    expect(entry).toMatchObject(mainnet.reserves[symbol])
    expect(chain.addressBook.tokens[`a${symbol}`]?.address).toBe(mainnet.reserves[symbol].aToken)
  })

  test("the configurator's and provider's next CREATEs land on free addresses (the configurator's on mainnet's next aToken, aLINK)", async () => {
    const next = async (creator: Address) => getContractAddress({ from: creator, nonce: BigInt(await chain.client.getTransactionCount({ address: creator })) })
    const aToken = await next(mainnet.poolConfigurator)
    expect(aToken).toBe('0x5E8C8A7243651DB1384C0dDfDbE39761E8e7E51a')
    expect(await chain.client.getCode({ address: aToken })).toBeUndefined()
    expect(await chain.client.getCode({ address: await next(mainnet.provider) })).toBeUndefined()
  })

  test('an EOA supplies WETH, borrows USDC, repays and withdraws through 0x87870Bca…', async () => {
    const eoa = await user('0x000000000000000000000000000000000000a3e1')
    const weth = token('WETH')
    const usdc = token('USDC')
    const aWETH = mainnet.reserves.WETH.aToken
    const debtUSDC = mainnet.reserves.USDC.variableDebtToken
    await devnet.fund({ chainId: 1, address: eoa, token: 'WETH', amount: 10n * 10n ** 18n })
    await devnet.fund({ chainId: 1, address: eoa, token: 'USDC', amount: 100n * 10n ** 6n })
    await send(eoa, weth, erc20Abi, 'approve', [mainnet.pool, maxUint256])
    await send(eoa, mainnet.pool, poolAbi, 'supply', [weth, 10n * 10n ** 18n, eoa, 0])
    expect(await balanceOf(weth, eoa)).toBe(0n)
    // aTokens round the scaled balance to the index: at most one wei short.
    expect(10n * 10n ** 18n - (await balanceOf(aWETH, eoa))).toBeLessThanOrEqual(1n)

    await send(eoa, mainnet.pool, poolAbi, 'borrow', [usdc, 5_000n * 10n ** 6n, 2n, 0, eoa])
    expect(await balanceOf(usdc, eoa)).toBe(5_100n * 10n ** 6n)
    // Debt tokens round the scaled balance to the borrow index too: at most one wei either side of the
    // borrowed amount in the borrow's own block (the index depends on the block's time).
    const debt = await balanceOf(debtUSDC, eoa)
    expect(debt).toBeGreaterThanOrEqual(5_000n * 10n ** 6n - 1n)
    expect(debt).toBeLessThanOrEqual(5_000n * 10n ** 6n + 1n)

    await send(eoa, usdc, erc20Abi, 'approve', [mainnet.pool, maxUint256])
    await send(eoa, mainnet.pool, poolAbi, 'repay', [usdc, maxUint256, 2n, eoa])
    expect(await balanceOf(debtUSDC, eoa)).toBe(0n)
    // The debt accrued interest for the seconds between the borrow and the repay (none when anvil
    // mines both in one second; the scaled balance's rounding then shows as one wei either way).
    const paid = 5_100n * 10n ** 6n - (await balanceOf(usdc, eoa))
    expect(paid).toBeGreaterThanOrEqual(debt)
    expect(paid).toBeLessThan(5_001n * 10n ** 6n)

    await send(eoa, mainnet.pool, poolAbi, 'withdraw', [weth, maxUint256, eoa])
    expect(await balanceOf(aWETH, eoa)).toBe(0n)
    expect(await balanceOf(weth, eoa)).toBeGreaterThanOrEqual(10n * 10n ** 18n - 1n)
  })

  test('aUSDC holders earn AAVE from the RewardsController and claim it', async () => {
    const eoa = await user('0x000000000000000000000000000000000000a3e2')
    const usdc = token('USDC')
    const aave = token('AAVE')
    const aUSDC = mainnet.reserves.USDC.aToken
    expect(await chain.client.readContract({ address: mainnet.rewardsController, abi: rewardsAbi, functionName: 'getRewardsByAsset', args: [aUSDC] })).toEqual([aave])
    expect(chain.addressBook.aaveV3!.reserves.find((r) => r.aToken === aUSDC)?.rewards).toEqual([{ token: aUSDC, reward: aave }])

    const supplied = 100_000n * 10n ** 6n
    await devnet.fund({ chainId: 1, address: eoa, token: 'USDC', amount: supplied })
    await send(eoa, usdc, erc20Abi, 'approve', [mainnet.pool, maxUint256])
    await send(eoa, mainnet.pool, poolAbi, 'supply', [usdc, supplied, eoa, 0])
    const totalSupply = await chain.client.readContract({ address: aUSDC, abi: erc20Abi, functionName: 'totalSupply' })

    // The devnet's clock moves one second a block; jump it (evm_increaseTime is ignored there).
    await chain.client.setNextBlockTimestamp({ timestamp: (await chain.client.getBlock()).timestamp + 86_400n })
    await chain.client.mine({ blocks: 1 })
    const accrued = await chain.client.readContract({ address: mainnet.rewardsController, abi: rewardsAbi, functionName: 'getUserRewards', args: [[aUSDC], eoa, aave] })
    // The scenario emits 5 AAVE a day on aUSDC, shared pro rata: this holder's day is worth 5 × its share.
    const expected = (5n * 10n ** 18n * supplied) / totalSupply
    expect(accrued).toBeGreaterThan((expected * 99n) / 100n)
    expect(accrued).toBeLessThan((expected * 101n) / 100n)

    await send(eoa, mainnet.rewardsController, rewardsAbi, 'claimAllRewards', [[aUSDC], eoa])
    const claimed = await balanceOf(aave, eoa)
    expect(claimed).toBeGreaterThanOrEqual(accrued)
    expect(claimed).toBeLessThan((expected * 101n) / 100n)
    expect(await chain.client.readContract({ address: mainnet.rewardsController, abi: rewardsAbi, functionName: 'getUserRewards', args: [[aUSDC], eoa, aave] })).toBe(0n)
  })

  test('WrappedTokenGatewayV3 at 0xD322A490… deposits ETH as aWETH and withdraws it as ETH', async () => {
    const eoa = await user('0x000000000000000000000000000000000000a3e3')
    const aWETH = mainnet.reserves.WETH.aToken
    const amount = 2n * 10n ** 18n
    const before = await chain.client.getBalance({ address: eoa })
    const fee1 = await send(eoa, mainnet.wrappedTokenGateway, gatewayAbi, 'depositETH', [mainnet.pool, eoa, 0], amount)
    expect(await chain.client.getBalance({ address: eoa })).toBe(before - amount - fee1)
    expect(amount - (await balanceOf(aWETH, eoa))).toBeLessThanOrEqual(1n)

    const fee2 = await send(eoa, aWETH, erc20Abi, 'approve', [mainnet.wrappedTokenGateway, maxUint256])
    const held = await balanceOf(aWETH, eoa)
    const fee3 = await send(eoa, mainnet.wrappedTokenGateway, gatewayAbi, 'withdrawETH', [mainnet.pool, maxUint256, eoa])
    expect(await balanceOf(aWETH, eoa)).toBe(0n)
    // Withdrawn: the aWETH held when the withdraw was sent, plus the interest of that one block.
    const back = (await chain.client.getBalance({ address: eoa })) - (before - amount - fee1 - fee2 - fee3)
    expect(back).toBeGreaterThanOrEqual(held)
    expect(back - held).toBeLessThan(10n ** 12n)
    expect(getAddress(mainnet.wrappedTokenGateway)).toBe(chain.addressBook.aaveV3!.wrappedTokenGateway)
  })
})
