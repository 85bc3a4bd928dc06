import { getAddress, type Address } from 'viem'
import type { AaveV3ReserveEntry, TokenEntry } from '../addressBook.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployProtocolContract } from './deployProtocolContract.js'
import { mintToDeployer } from './mintToDeployer.js'
import { priceE8, rawAmountForUsd } from './poolMath.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import type { ScenarioAaveReward } from './scenario.js'
import { sendTx } from './sendTx.js'

/** Parameters of {@link configureAaveV3Rewards}. */
export type ConfigureAaveV3RewardsParameters = {
  rewardsController: Address
  /** The controller's EmissionManager, owned by the deployer. */
  emissionManager: Address
  /** The chain's tokens by scenario symbol (reserves' assets and reward tokens). */
  tokens: Readonly<Record<string, TokenEntry>>
  /** The listed reserves; each one's `rewards` receives the emissions configured on its tokens. */
  reserves: AaveV3ReserveEntry[]
  rewards: readonly ScenarioAaveReward[]
}

const DAY = 86_400

/**
 * Configures liquidity-mining emissions on the RewardsController, the way Aave's governance does:
 * per reward token, the deployer becomes its emission admin on the EmissionManager, a
 * PullRewardsTransferStrategy pays claims from the deployer (its rewards vault, which mints and
 * approves exactly the whole emission) and a MockAggregator prices it (the controller requires a
 * reward oracle); then one `configureAssets` starts every emission from the current block.
 * @throws Error when a step reverts or a reward names a reserve that is not listed
 */
export async function configureAaveV3Rewards(client: DevnetClient, params: ConfigureAaveV3RewardsParameters): Promise<void> {
  if (params.rewards.length === 0) return
  const emissionManagerAbi = loadProtocolArtifact('AaveEmissionManager').abi
  const now = (await client.getBlock()).timestamp
  const strategies = new Map<string, { strategy: Address; oracle: Address; budget: bigint }>()
  const config = []
  for (const r of params.rewards) {
    const reward = params.tokens[r.reward]
    const asset = params.tokens[r.reserve]
    const reserve = asset && params.reserves.find((e) => e.asset === asset.address)
    if (!reward || !reserve) throw new Error(`aave reward ${r.reward} on ${r.reserve}: not a token or not a listed reserve`)
    let payer = strategies.get(r.reward)
    if (!payer) {
      await sendTx(client, { address: params.emissionManager, abi: emissionManagerAbi, functionName: 'setEmissionAdmin', args: [reward.address, devnetDeployer] })
      const strategy = await deployProtocolContract(client, { name: 'AavePullRewardsTransferStrategy', args: [params.rewardsController, devnetDeployer, devnetDeployer] })
      const oracle = await deployProtocolContract(client, { name: 'AaveMockAggregator', args: [priceE8(reward.priceUsd)] })
      payer = { strategy, oracle, budget: 0n }
      strategies.set(r.reward, payer)
    }
    const emissionPerSecond = rawAmountForUsd({ usd: r.perDay, priceUsd: 1, decimals: reward.decimals }) / BigInt(DAY)
    const duration = BigInt(Math.round(r.days * DAY))
    payer.budget += emissionPerSecond * duration
    const token = getAddress(r.side === 'supply' ? reserve.aToken : reserve.variableDebtToken)
    config.push({
      emissionPerSecond, totalSupply: 0n, distributionEnd: Number(now + duration), asset: token, reward: reward.address,
      transferStrategy: payer.strategy, rewardOracle: payer.oracle,
    })
    reserve.rewards = [...(reserve.rewards ?? []), { token, reward: reward.address }]
  }
  for (const [symbol, { strategy, budget }] of strategies) {
    const reward = params.tokens[symbol]!
    await mintToDeployer(client, reward, budget)
    await sendTx(client, { address: reward.address, abi: loadProtocolArtifact('WETH9').abi, functionName: 'approve', args: [strategy, budget] })
  }
  await sendTx(client, { address: params.emissionManager, abi: emissionManagerAbi, functionName: 'configureAssets', args: [config] })
}
