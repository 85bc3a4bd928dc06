import { encodeDeployData, getAddress, pad, zeroAddress, type Address } from 'viem'
import type { LayerZeroEntry, StargateEntry, StargatePoolEntry, TokenEntry } from '../addressBook.js'
import type { StargateDeployment } from '../canonicalAddresses.js'
import { DevnetDeployError } from '../../errors/chain.js'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { NATIVE_TOKEN } from './fundAccount.js'
import { rawAmountForUsd } from './poolMath.js'
import { loadProtocolArtifact, type ProtocolArtifactName } from './protocolArtifacts.js'
import type { ScenarioStargate } from './scenario.js'
import { sendTxBatch, type BatchCall } from './sendTxBatch.js'
import { setNonceForCreate } from './setNonceForCreate.js'

/** Parameters of {@link deployStargate}. */
export type DeployStargateParameters = {
  /** LayerZero on this chain (EndpointV2 must already be installed). */
  layerZero: LayerZeroEntry
  /** This chain's mainnet Stargate addresses (`stargateDeployments[chainId]`). */
  deployment: StargateDeployment
  /** The other Stargate chains: their eid and mainnet addresses (peers, fee configs). */
  remotes: readonly { eid: number; deployment: StargateDeployment }[]
  /** This chain's tokens (address book), for the ERC-20 pools and the ETH price. */
  tokens: Readonly<Record<string, TokenEntry>>
  /** The scenario's Stargate section: pools, deposits, fee. */
  stargate: ScenarioStargate
}

/** TokenMessaging's bus queue size on mainnet (constructor argument in the deployment records). */
const QUEUE_CAPACITY = 512
/** CreditMessaging's lzReceive gas per credit (its options need a non-zero limit; SimpleMessageLib ignores it). */
const CREDIT_GAS_LIMIT = 100_000n

/**
 * Creates a contract as Stargate's mainnet deployer did: from that account (impersonated), at the
 * nonce that makes `CREATE` land on the mainnet address. Unlike installing code at the address, the
 * constructor runs there, so what it derives from `address(this)` is right: the pool's LP token is
 * created at the pool's nonce-1 address (as on mainnet) with the pool as its minter, and an OApp's
 * `endpoint.setDelegate` is keyed by the OApp's real address.
 */
async function createAsMainnet(client: DevnetClient, deployer: Address, name: ProtocolArtifactName, at: Address, args: readonly unknown[]): Promise<Address> {
  const { abi, bytecode } = loadProtocolArtifact(name)
  await setNonceForCreate(client, { creator: deployer, target: at })
  const data = encodeDeployData({ abi, bytecode, args })
  const hash = await client.sendTransaction({ account: deployer, data, chain: client.chain, gas: 16_000_000n })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploy ${name}: constructor reverted`)
  const address = getAddress(receipt.contractAddress)
  if (address !== getAddress(at)) throw new Error(`deploy ${name}: landed on ${address}, not ${at}`)
  return address
}

function ethPriceUsd(tokens: Readonly<Record<string, TokenEntry>>): number {
  const weth = Object.values(tokens).find((t) => t.kind === 'weth')
  if (!weth) throw new Error('the native pool needs the chain WETH token for its ETH price')
  return weth.priceUsd
}

type PlannedPool = { entry: Omit<StargatePoolEntry, 'lpToken'>; depositUsd: number; priceUsd: number }

function planPools(params: DeployStargateParameters): PlannedPool[] {
  return params.stargate.pools.map(({ asset, depositUsd }) => {
    const at = params.deployment.pools[asset]
    if (!at) throw new Error(`no mainnet address for a Stargate ${asset} pool on this chain`)
    const native = asset === 'ETH'
    const token = native ? undefined : params.tokens[asset]
    if (!native && !token) throw new Error(`Stargate pool asset ${asset} is not a token of this chain`)
    const entry = {
      pool: getAddress(at.pool),
      token: token?.address ?? NATIVE_TOKEN,
      symbol: asset,
      assetId: at.assetId,
      feeLib: getAddress(at.feeLib),
      native,
      sharedDecimals: at.sharedDecimals,
      localDecimals: token?.decimals ?? 18,
    }
    return { entry, depositUsd, priceUsd: token?.priceUsd ?? ethPriceUsd(params.tokens) }
  })
}

/**
 * Deploys Stargate V2 from `@stargatefinance/stg-evm-v2` bytecode at its mainnet addresses: each pool
 * (StargatePool for an ERC-20, StargatePoolNative for ETH; constructor `(lpName, lpSymbol, [token],
 * decimals, sharedDecimals, endpoint, owner)`), TokenMessaging `(endpoint, owner, 512)`,
 * CreditMessaging `(endpoint, owner)` and a FeeLibV1 `(pool)` per pool, all owned by the devnet
 * deployer, which is also every pool's planner and treasurer. Then it wires them: the pools' address
 * config, asset ids in both messaging OApps, peers on every remote eid (their addresses are known
 * statically, so no other chain needs to be up), a flat fee per remote eid, and the deployer's LP
 * deposit into each pool. Credits for the remote eids come later, from `linkStargate`.
 *
 * @returns the address-book entry
 * @throws DevnetDeployError naming the step that failed
 */
export async function deployStargate(client: DevnetClient, params: DeployStargateParameters): Promise<StargateEntry> {
  const { layerZero, deployment, remotes, stargate } = params
  const { deployer } = deployment
  let step = 'plan'
  try {
    const planned = planPools(params)
    step = 'create contracts'
    await client.impersonateAccount({ address: deployer })
    await client.setBalance({ address: deployer, value: 10n ** 20n })
    // Mainnet's order (ascending deployer nonces): pools, TokenMessaging, CreditMessaging, fee libraries.
    for (const { entry } of planned) {
      const lp = [`${entry.symbol}-LP`, `S*${entry.symbol}`] as const
      const args = entry.native
        ? [...lp, entry.localDecimals, entry.sharedDecimals, layerZero.endpoint, devnetDeployer]
        : [...lp, entry.token, entry.localDecimals, entry.sharedDecimals, layerZero.endpoint, devnetDeployer]
      await createAsMainnet(client, deployer, entry.native ? 'StargatePoolNative' : 'StargatePool', entry.pool, args)
    }
    const tokenMessaging = await createAsMainnet(client, deployer, 'StargateTokenMessaging', deployment.tokenMessaging, [layerZero.endpoint, devnetDeployer, QUEUE_CAPACITY])
    const creditMessaging = await createAsMainnet(client, deployer, 'StargateCreditMessaging', deployment.creditMessaging, [layerZero.endpoint, devnetDeployer])
    for (const { entry } of planned) await createAsMainnet(client, deployer, 'StargateFeeLibV1', entry.feeLib, [entry.pool])
    // Ownable (OpenZeppelin 4) makes the creator the owner of everything but the pools: hand over.
    step = 'transfer ownership'
    const ownable = loadProtocolArtifact('StargateFeeLibV1').abi
    await sendTxBatch(
      client,
      [tokenMessaging, creditMessaging, ...planned.map((p) => p.entry.feeLib)].map((address) => ({
        address, abi: ownable, functionName: 'transferOwnership', args: [devnetDeployer], account: deployer,
      })),
    )
    await client.stopImpersonatingAccount({ address: deployer })
    await client.setBalance({ address: deployer, value: 0n })

    step = 'wire and deposit'
    const tm = loadProtocolArtifact('StargateTokenMessaging').abi
    const cm = loadProtocolArtifact('StargateCreditMessaging').abi
    const poolAbi = loadProtocolArtifact('StargatePool').abi
    const feeLibAbi = loadProtocolArtifact('StargateFeeLibV1').abi
    const calls: BatchCall[] = [
      { address: tokenMessaging, abi: tm, functionName: 'setPlanner', args: [devnetDeployer] },
      { address: creditMessaging, abi: cm, functionName: 'setPlanner', args: [devnetDeployer] },
    ]
    for (const remote of remotes) {
      calls.push(
        { address: tokenMessaging, abi: tm, functionName: 'setPeer', args: [remote.eid, pad(remote.deployment.tokenMessaging)] },
        { address: creditMessaging, abi: cm, functionName: 'setPeer', args: [remote.eid, pad(remote.deployment.creditMessaging)] },
        { address: creditMessaging, abi: cm, functionName: 'setGasLimit', args: [remote.eid, CREDIT_GAS_LIMIT] },
      )
    }
    for (const { entry, depositUsd, priceUsd } of planned) {
      const config = { feeLib: entry.feeLib, planner: devnetDeployer, treasurer: devnetDeployer, tokenMessaging, creditMessaging, lzToken: zeroAddress }
      const fee = stargate.feeMillionth
      calls.push(
        { address: entry.pool, abi: poolAbi, functionName: 'setAddressConfig', args: [config] },
        { address: tokenMessaging, abi: tm, functionName: 'setAssetId', args: [entry.pool, entry.assetId] },
        { address: creditMessaging, abi: cm, functionName: 'setAssetId', args: [entry.pool, entry.assetId] },
        // Zone bounds 0: every amount falls in zone 3; all three zones carry the same fee anyway.
        ...remotes.map((remote) => ({ address: entry.feeLib, abi: feeLibAbi, functionName: 'setFeeConfig', args: [remote.eid, 0n, 0n, fee, fee, fee, 0] })),
        ...(await depositCalls(client, { entry, depositUsd, priceUsd, tokens: params.tokens })),
      )
    }
    // One sender, so the calls run in order: wiring first, then each pool's deposit.
    await sendTxBatch(client, calls)
    const pools: StargatePoolEntry[] = []
    for (const { entry } of planned) {
      const lpToken = (await client.readContract({ address: entry.pool, abi: poolAbi, functionName: 'lpToken' })) as Address
      pools.push({ ...entry, lpToken: getAddress(lpToken) })
    }
    return { tokenMessaging, creditMessaging, pools }
  } catch (cause) {
    throw new DevnetDeployError({ chainId: client.chain.id, step: `deploy Stargate: ${step}`, cause })
  }
}

/**
 * The deployer's LP deposit, as calls: a whole number of shared-decimal units (the pool takes no
 * dust). The deployer gets the ETH for the native pool now; an ERC-20 is minted in the batch.
 */
async function depositCalls(
  client: DevnetClient,
  { entry, depositUsd, priceUsd, tokens }: { entry: PlannedPool['entry']; depositUsd: number; priceUsd: number; tokens: Readonly<Record<string, TokenEntry>> },
): Promise<BatchCall[]> {
  const unit = 10n ** BigInt(entry.localDecimals - entry.sharedDecimals)
  const amount = (rawAmountForUsd({ usd: depositUsd, priceUsd, decimals: entry.localDecimals }) / unit) * unit
  const abi = loadProtocolArtifact(entry.native ? 'StargatePoolNative' : 'StargatePool').abi
  const deposit: BatchCall = { address: entry.pool, abi, functionName: 'deposit', args: [devnetDeployer, amount] }
  if (entry.native) {
    const balance = await client.getBalance({ address: devnetDeployer })
    await client.setBalance({ address: devnetDeployer, value: balance + amount })
    return [{ ...deposit, value: amount }]
  }
  const token = Object.values(tokens).find((t) => t.address === entry.token)
  if (!token || token.kind === 'weth') throw new Error(`the ${entry.symbol} pool needs a mintable scenario token`)
  const mintable = loadContractArtifact(token.kind === 'tether' ? 'TetherToken' : 'DevToken').abi
  return [
    { address: token.address, abi: mintable, functionName: 'mint', args: [devnetDeployer, amount] },
    { address: token.address, abi: mintable, functionName: 'approve', args: [entry.pool, amount] },
    deposit,
  ]
}
