import type { Address } from 'viem'
import { deployBridgeReceiver } from '../../contracts/deployBridgeReceiver.js'
import { deploySwitchyardContracts } from '../../contracts/deploySwitchyardContracts.js'
import { DevnetDeployError } from '../../errors/chain.js'
import type { ChainAddressBook } from '../addressBook.js'
import { layerZeroDeployments, stargateDeployments } from '../canonicalAddresses.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { acrossDeployments, deployAcross, type AcrossRouteEntry } from './deployAcross.js'
import { deployEnsoHelpers } from './deployEnsoHelpers.js'
import { deployLayerZero } from './deployLayerZero.js'
import { deployProtocols } from './deployProtocols.js'
import { deployStargate } from './deployStargate.js'
import { deployUniswapV3Forks } from './deployUniswapV3Forks.js'
import type { Scenario } from './scenario.js'
import { seedAerodrome } from './seedAerodrome.js'
import { seedCurve } from './seedCurve.js'
import { seedMorphoBlue } from './seedMorphoBlue.js'
import { seedPendle } from './seedPendle.js'
import { seedScenario } from './seedScenario.js'
import { stargateGroup } from './stargateGroup.js'
import { generateWorld } from './world/generateWorld.js'
import { seedWorld } from './world/seedWorld.js'

/**
 * Builds one fresh chain of the scenario: protocols deployed and seeded, our contracts, then
 * LayerZero, Stargate, Across and our bridge receiver where the chain has them.
 * @returns the chain's address book
 * @throws DevnetDeployError
 */
export async function buildChain(client: DevnetClient, scenario: Scenario, log: (message: string) => void = () => {}): Promise<ChainAddressBook> {
  const chainId = client.chain.id
  const chain = scenario.chains[String(chainId)]
  if (!chain) throw new DevnetDeployError({ chainId, step: 'scenario has no such chain' })
  // Deterministic block timestamps: every mined block advances exactly 12 s from the genesis time.
  await client.request({ method: 'anvil_setBlockTimestampInterval' as never, params: [12] as never })
  const book = await deployProtocols(client, { tokens: chain.tokens })
  // The vendor's public helper contract its `enso call` samples target, at its address.
  await deployEnsoHelpers(client)
  await seedScenario(client, { book, pools: chain.pools, vaults: chain.vaults, staking: chain.staking, aave: chain.aave })
  if (chain.morpho) await seedMorphoBlue(client, { book, morpho: chain.morpho })
  // Our router, executor, delegate and helpers: CREATE2, so the addresses are the same on every chain.
  book.switchyard = await deploySwitchyardContracts(client, {
    account: devnetDeployer,
    uniswapV4: book.uniswapV4 ? { poolManager: book.uniswapV4.poolManager, weth: book.weth } : undefined,
  })
  // LayerZero and Stargate last, so every address above keeps its deployer nonce, and in blocks that do
  // not advance the clock, so the chain's final timestamp (Aave's interest indexes) stays as before.
  const lz = layerZeroDeployments[chainId]
  if (lz) {
    await client.request({ method: 'anvil_setBlockTimestampInterval' as never, params: [0] as never })
    const remoteEids = Object.keys(scenario.chains).map(Number).filter((id) => id !== chainId).flatMap((id) => layerZeroDeployments[id]?.eid ?? [])
    book.layerZero = await deployLayerZero(client, { endpoint: lz.endpoint, eid: lz.eid, remoteEids })
    const deployment = stargateDeployments[chainId]
    if (chain.stargate && deployment) {
      // Peers and fee configs for every Stargate chain of the scenario: their addresses are static.
      const remotes = stargateGroup(scenario)
        .filter((id) => id !== chainId)
        .map((id) => ({ eid: layerZeroDeployments[id]!.eid, deployment: stargateDeployments[id]! }))
      book.stargate = await deployStargate(client, { layerZero: book.layerZero, deployment, remotes, tokens: book.tokens, stargate: chain.stargate })
    }
  }
  // Across V3: USDC and WETH to every other scenario chain that has the same token.
  if (acrossDeployments[chainId]) {
    await client.request({ method: 'anvil_setBlockTimestampInterval' as never, params: [0] as never })
    const routes: AcrossRouteEntry[] = []
    for (const [other, remote] of Object.entries(scenario.chains)) {
      if (Number(other) === chainId || !acrossDeployments[Number(other)]) continue
      for (const symbol of ['USDC', 'WETH']) {
        const here = chain.tokens.find((t) => t.symbol === symbol)
        const there = remote.tokens.find((t) => t.symbol === symbol)
        if (here?.address && there?.address) routes.push({ token: here.address as Address, destinationChainId: Number(other), outputToken: there.address as Address })
      }
    }
    if (routes.length > 0) book.across = await deployAcross(client, { book, routes })
  }
  // Our destination receiver pins this chain's endpoint, spoke pool and Stargate pools.
  const sy = book.switchyard as { bridgeSender: Address }
  if (book.layerZero || book.across) {
    Object.assign(book.switchyard, await deployBridgeReceiver(client, {
      account: devnetDeployer,
      endpoint: book.layerZero?.endpoint ?? '0x0000000000000000000000000000000000000000',
      spokePool: book.across?.spokePool ?? '0x0000000000000000000000000000000000000000',
      bridgeSender: sy.bridgeSender,
      stargatePools: (book.stargate?.pools ?? []).map((p) => p.pool),
    }))
  }
  // Uniswap V3 forks (SushiSwap V3, PancakeSwap V3) at their canonical addresses; last, in blocks that do not
  // advance the clock, so everything above keeps its nonces and timestamps.
  await client.request({ method: 'anvil_setBlockTimestampInterval' as never, params: [0] as never })
  await deployUniswapV3Forks(client)
  // Curve pools (our implementation of the 3pool's ABI and math) at their mainnet addresses, after every
  // other deployment for the same reason: their scratch deploys move the deployer's nonce.
  if (chain.curve) await seedCurve(client, { book, curve: chain.curve })
  // Aerodrome's classic pools (our implementation of its ABI and math) at the addresses its factory derives,
  // from a seeder of their own for the same reason.
  if (chain.aerodrome) await seedAerodrome(client, { book, aerodrome: chain.aerodrome })
  // Pendle V2 markets over scenario vaults (real bytecode from @pendle/core-v2), from a seeder of its own
  // for the same reason.
  if (chain.pendle) await seedPendle(client, { book, pendle: chain.pendle })
  // A generated world (the `large` scenario) last of all: its own deployer, so no nonce above moves.
  if (chain.generate) {
    const report = await seedWorld(client, { book, world: generateWorld({ listed: chain.tokens, spec: chain.generate, chainId, existing: chain.pools }) })
    log(`chain ${chainId}: generated world of ${report.tokens} tokens, ${JSON.stringify(report.pools)} pools and ${report.vaults} vaults in ${report.transactions} transactions (ms per phase ${JSON.stringify(report.phasesMs)})`)
  }
  await client.request({ method: 'anvil_removeBlockTimestampInterval' as never, params: [] as never })
  return book
}
