import { getAddress, maxUint256, type Address } from 'viem'
import type { ChainAddressBook, TokenEntry } from '../addressBook.js'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployAaveV3 } from './deployAaveV3.js'
import { rawAmountForUsd } from './poolMath.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import type { ScenarioAave } from './scenario.js'
import { sendTx } from './sendTx.js'

/** Risk parameters of every devnet reserve (bps): a blue-chip collateral profile. */
const LTV = 7500n
const LIQUIDATION_THRESHOLD = 8000n
const LIQUIDATION_BONUS = 10500n
const VARIABLE_RATE = 2n

/** Mints `amount` of a scenario token to the deployer (WETH: wraps ETH). */
async function mint(client: DevnetClient, token: TokenEntry, amount: bigint): Promise<void> {
  if (token.kind === 'weth') {
    const eth = await client.getBalance({ address: devnetDeployer })
    await client.setBalance({ address: devnetDeployer, value: eth + amount })
    await sendTx(client, { address: token.address, abi: loadProtocolArtifact('WETH9').abi, functionName: 'deposit', value: amount })
    return
  }
  const contract = token.kind === 'tether' ? 'TetherToken' : 'DevToken'
  await sendTx(client, { address: token.address, abi: loadContractArtifact(contract).abi, functionName: 'mint', args: [devnetDeployer, amount] })
}

/**
 * Deploys the Aave V3 market (see {@link deployAaveV3}) and lists the scenario's reserves: each
 * becomes collateral (75% LTV) with variable borrowing enabled and no caps. The deployer then
 * supplies `seedUsd` of every reserve and borrows `borrowPct` of each back at the variable rate, so
 * reserves have utilization and aTokens accrue interest. Records the market in `book.aaveV3` and
 * each aToken in `book.tokens` (`a<SYMBOL>`, priced as its asset).
 */
export async function seedAaveV3(client: DevnetClient, book: ChainAddressBook, aave: ScenarioAave): Promise<void> {
  const reserves = aave.reserves.map((symbol) => {
    const token = book.tokens[symbol]
    if (!token || token.kind === 'feeOnTransfer') throw new Error(`aave reserve ${symbol}: not a plain scenario token`)
    return token
  })
  const market = await deployAaveV3(client, { addressesProvider: aave.addressesProvider, assets: reserves })
  const configurator = loadProtocolArtifact('AavePoolConfigurator').abi
  const poolAbi = loadProtocolArtifact('AavePool').abi
  const dataProviderAbi = loadProtocolArtifact('AaveProtocolDataProvider').abi
  const erc20 = loadProtocolArtifact('WETH9').abi
  const entries: NonNullable<ChainAddressBook['aaveV3']>['reserves'] = []
  for (const token of reserves) {
    await sendTx(client, {
      address: market.poolConfigurator, abi: configurator, functionName: 'initReserves',
      args: [[{
        aTokenImpl: market.aTokenImpl, stableDebtTokenImpl: market.stableDebtTokenImpl, variableDebtTokenImpl: market.variableDebtTokenImpl,
        underlyingAssetDecimals: token.decimals, interestRateStrategyAddress: market.interestRateStrategy, underlyingAsset: token.address,
        treasury: devnetDeployer, incentivesController: '0x0000000000000000000000000000000000000000',
        aTokenName: `Aave Ethereum ${token.symbol}`, aTokenSymbol: `aEth${token.symbol}`,
        variableDebtTokenName: `Aave Ethereum Variable Debt ${token.symbol}`, variableDebtTokenSymbol: `variableDebtEth${token.symbol}`,
        stableDebtTokenName: `Aave Ethereum Stable Debt ${token.symbol}`, stableDebtTokenSymbol: `stableDebtEth${token.symbol}`,
        params: '0x',
      }]],
    })
    await sendTx(client, { address: market.poolConfigurator, abi: configurator, functionName: 'configureReserveAsCollateral', args: [token.address, LTV, LIQUIDATION_THRESHOLD, LIQUIDATION_BONUS] })
    await sendTx(client, { address: market.poolConfigurator, abi: configurator, functionName: 'setReserveBorrowing', args: [token.address, true] })
    const [aToken, , variableDebtToken] = (await client.readContract({
      address: market.dataProvider, abi: dataProviderAbi, functionName: 'getReserveTokensAddresses', args: [token.address],
    })) as [Address, Address, Address]
    entries.push({ asset: token.address, aToken: getAddress(aToken), variableDebtToken: getAddress(variableDebtToken), symbol: `a${token.symbol}` })
  }
  for (const token of reserves) {
    const amount = rawAmountForUsd({ usd: aave.seedUsd, priceUsd: token.priceUsd, decimals: token.decimals })
    await mint(client, token, amount)
    await sendTx(client, { address: token.address, abi: erc20, functionName: 'approve', args: [market.pool, maxUint256] })
    await sendTx(client, { address: market.pool, abi: poolAbi, functionName: 'supply', args: [token.address, amount, devnetDeployer, 0] })
  }
  for (const token of reserves) {
    const supplied = rawAmountForUsd({ usd: aave.seedUsd, priceUsd: token.priceUsd, decimals: token.decimals })
    const borrow = (supplied * BigInt(Math.round(aave.borrowPct * 100))) / 10_000n
    if (borrow > 0n) {
      await sendTx(client, { address: market.pool, abi: poolAbi, functionName: 'borrow', args: [token.address, borrow, VARIABLE_RATE, 0, devnetDeployer] })
    }
  }
  for (const [i, token] of reserves.entries()) {
    const e = entries[i]!
    book.tokens[e.symbol] = { address: e.aToken, symbol: e.symbol, name: `Aave Ethereum ${token.symbol}`, decimals: token.decimals, priceUsd: token.priceUsd, kind: 'erc20' }
  }
  book.aaveV3 = { pool: market.pool, addressesProvider: market.addressesProvider, dataProvider: market.dataProvider, oracle: market.oracle, reserves: entries }
}
