import { getAddress, getContractAddress, maxUint256, type Address } from 'viem'
import type { AaveV3ReserveEntry, ChainAddressBook, TokenEntry } from '../addressBook.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { configureAaveV3Rewards } from './configureAaveV3Rewards.js'
import { deployAaveV3, type AaveV3Deployment } from './deployAaveV3.js'
import { mintToDeployer } from './mintToDeployer.js'
import { rawAmountForUsd } from './poolMath.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import type { ScenarioAave, ScenarioAaveReserve } from './scenario.js'
import { sendTx } from './sendTx.js'
import { setNonceForCreate, skipOccupiedCreateNonces } from './setNonceForCreate.js'

/** Risk parameters of every devnet reserve (bps): a blue-chip collateral profile. */
const LTV = 7500n
const LIQUIDATION_THRESHOLD = 8000n
const LIQUIDATION_BONUS = 10500n
const VARIABLE_RATE = 2n

/**
 * Lists one reserve through the PoolConfigurator (`initReserves`, collateral, variable borrowing).
 * When the scenario names the reserve's mainnet token addresses, the configurator's nonce is set
 * first: its `initReserves` creates the aToken, stable and variable debt token proxies with three
 * consecutive `CREATE`s, as mainnet's did at that nonce.
 */
async function listReserve(client: DevnetClient, market: AaveV3Deployment, token: TokenEntry, want: ScenarioAaveReserve): Promise<AaveV3ReserveEntry> {
  const configurator = loadProtocolArtifact('AavePoolConfigurator').abi
  if (want.aToken) {
    const nonce = await setNonceForCreate(client, { creator: market.poolConfigurator, target: want.aToken })
    const debt = getContractAddress({ from: market.poolConfigurator, nonce: BigInt(nonce + 2) })
    if (want.variableDebtToken && debt !== getAddress(want.variableDebtToken)) {
      throw new Error(`aave reserve ${want.symbol}: variable debt token would land on ${debt}, not ${want.variableDebtToken}`)
    }
  }
  await sendTx(client, {
    address: market.poolConfigurator, abi: configurator, functionName: 'initReserves',
    args: [[{
      aTokenImpl: market.aTokenImpl, stableDebtTokenImpl: market.stableDebtTokenImpl, variableDebtTokenImpl: market.variableDebtTokenImpl,
      underlyingAssetDecimals: token.decimals, interestRateStrategyAddress: market.interestRateStrategy, underlyingAsset: token.address,
      treasury: devnetDeployer, incentivesController: market.rewardsController,
      aTokenName: `Aave Ethereum ${token.symbol}`, aTokenSymbol: `aEth${token.symbol}`,
      variableDebtTokenName: `Aave Ethereum Variable Debt ${token.symbol}`, variableDebtTokenSymbol: `variableDebtEth${token.symbol}`,
      stableDebtTokenName: `Aave Ethereum Stable Debt ${token.symbol}`, stableDebtTokenSymbol: `stableDebtEth${token.symbol}`,
      params: '0x',
    }]],
  })
  await sendTx(client, { address: market.poolConfigurator, abi: configurator, functionName: 'configureReserveAsCollateral', args: [token.address, LTV, LIQUIDATION_THRESHOLD, LIQUIDATION_BONUS] })
  await sendTx(client, { address: market.poolConfigurator, abi: configurator, functionName: 'setReserveBorrowing', args: [token.address, true] })
  await sendTx(client, { address: market.poolConfigurator, abi: configurator, functionName: 'setReserveFlashLoaning', args: [token.address, true] })
  const [aToken, , variableDebtToken] = (await client.readContract({
    address: market.dataProvider, abi: loadProtocolArtifact('AaveProtocolDataProvider').abi, functionName: 'getReserveTokensAddresses', args: [token.address],
  })) as [Address, Address, Address]
  const entry = { asset: token.address, aToken: getAddress(aToken), variableDebtToken: getAddress(variableDebtToken), symbol: `a${token.symbol}` }
  if (want.aToken && entry.aToken !== getAddress(want.aToken)) throw new Error(`aave reserve ${want.symbol}: aToken created at ${entry.aToken}, not ${want.aToken}`)
  return entry
}

/**
 * Deploys the Aave V3 market (see {@link deployAaveV3}) and lists the scenario's reserves: each
 * becomes collateral (75% LTV) with variable borrowing enabled and no caps, its tokens reporting to
 * the RewardsController, at their mainnet addresses when the scenario names them. Configures the
 * scenario's reward emissions (see `configureAaveV3Rewards`). The deployer then supplies `seedUsd`
 * of every reserve and borrows `borrowPct` of each back at the variable rate, so reserves have
 * utilization and aTokens accrue interest. Records the market in `book.aaveV3` and each aToken in
 * `book.tokens` (`a<SYMBOL>`, priced as its asset).
 */
export async function seedAaveV3(client: DevnetClient, book: ChainAddressBook, aave: ScenarioAave): Promise<void> {
  const reserves = aave.reserves.map((want) => {
    const token = book.tokens[want.symbol]
    if (!token || token.kind === 'feeOnTransfer') throw new Error(`aave reserve ${want.symbol}: not a plain scenario token`)
    return { token, want }
  })
  const market = await deployAaveV3(client, {
    addressesProvider: aave.addressesProvider, pool: aave.pool, poolConfigurator: aave.poolConfigurator,
    rewardsController: aave.rewardsController, emissionManager: aave.emissionManager, wrappedTokenGateway: aave.wrappedTokenGateway,
    weth: book.weth, assets: reserves.map((r) => r.token),
  })
  const poolAbi = loadProtocolArtifact('AavePool').abi
  const erc20 = loadProtocolArtifact('WETH9').abi
  const entries: AaveV3ReserveEntry[] = []
  for (const { token, want } of reserves) entries.push(await listReserve(client, market, token, want))
  // Flash loans as on mainnet: 0.05% premium, all of it to the suppliers.
  const configurator = loadProtocolArtifact('AavePoolConfigurator').abi
  await sendTx(client, { address: market.poolConfigurator, abi: configurator, functionName: 'updateFlashloanPremiumTotal', args: [5n] })
  // Token proxies and the RewardsController sit at later mainnet nonces of their creators: a reserve
  // or provider proxy created afterwards must not collide with them.
  await skipOccupiedCreateNonces(client, { creator: market.poolConfigurator })
  await skipOccupiedCreateNonces(client, { creator: market.addressesProvider })
  await configureAaveV3Rewards(client, {
    rewardsController: market.rewardsController, emissionManager: market.emissionManager, tokens: book.tokens, reserves: entries, rewards: aave.rewards,
  })
  for (const { token } of reserves) {
    const amount = rawAmountForUsd({ usd: aave.seedUsd, priceUsd: token.priceUsd, decimals: token.decimals })
    await mintToDeployer(client, token, amount)
    await sendTx(client, { address: token.address, abi: erc20, functionName: 'approve', args: [market.pool, maxUint256] })
    await sendTx(client, { address: market.pool, abi: poolAbi, functionName: 'supply', args: [token.address, amount, devnetDeployer, 0] })
  }
  for (const { token } of reserves) {
    const supplied = rawAmountForUsd({ usd: aave.seedUsd, priceUsd: token.priceUsd, decimals: token.decimals })
    const borrow = (supplied * BigInt(Math.round(aave.borrowPct * 100))) / 10_000n
    if (borrow > 0n) {
      await sendTx(client, { address: market.pool, abi: poolAbi, functionName: 'borrow', args: [token.address, borrow, VARIABLE_RATE, 0, devnetDeployer] })
    }
  }
  for (const [i, { token }] of reserves.entries()) {
    const e = entries[i]!
    book.tokens[e.symbol] = { address: e.aToken, symbol: e.symbol, name: `Aave Ethereum ${token.symbol}`, decimals: token.decimals, priceUsd: token.priceUsd, kind: 'erc20' }
  }
  book.aaveV3 = {
    pool: market.pool, addressesProvider: market.addressesProvider, poolConfigurator: market.poolConfigurator, dataProvider: market.dataProvider,
    oracle: market.oracle, rewardsController: market.rewardsController, wrappedTokenGateway: market.wrappedTokenGateway, reserves: entries,
  }
}
