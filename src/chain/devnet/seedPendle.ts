import { encodeDeployData, encodeFunctionData, getAddress, maxUint256, type Abi, type Address, type Hex } from 'viem'
import type { ChainAddressBook, PendleMarketEntry, TokenEntry } from '../addressBook.js'
import { loadAcrossArtifact } from '../../contracts/loadAcrossArtifact.js'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { DevnetDeployError } from '../../errors/chain.js'
import { ln } from '../../protocols/balancer-v2/logExpMath.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployAtCanonical } from './deployAtCanonical.js'
import { mintToDeployer } from './mintToDeployer.js'
import { rawAmountForUsd } from './poolMath.js'
import { linkBytecode, loadProtocolArtifact, type ProtocolArtifact } from './protocolArtifacts.js'
import type { ScenarioPendle } from './scenario.js'
import { sendTx } from './sendTx.js'

/** Parameters of {@link seedPendle}. */
export type SeedPendleParameters = { book: ChainAddressBook; pendle: ScenarioPendle }

/**
 * Sends every Pendle deploy (and owns the factories): an account of its own, so the devnet deployer's
 * nonce, which fixes the address of every contract a test deploys, stays as it was before Pendle existed.
 */
export const pendleSeeder: Address = '0x00000000000000000000000000000000b0b5eed5'

/** PENDLE's mainnet address: the gauge controller pays it to markets, so markets read its balance. */
const PENDLE: Address = '0x808507121b80c02388fad14726482e061b8da827'
/** Pendle's mainnet treasury (`deployments/1-core.json`): receives the reserve share of fees. */
const TREASURY: Address = '0x8270400d528c34e1596EF367eeDEc99080A1b592'
const DAY = 86_400n
const YEAR = 365n * DAY
const ONE = 10n ** 18n

async function deploy(client: DevnetClient, artifact: { abi: Abi; bytecode: Hex }, args: readonly unknown[] = []): Promise<Address> {
  const data = args.length ? encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args }) : artifact.bytecode
  const hash = await client.sendTransaction({ account: pendleSeeder, data, chain: client.chain, gas: 16_000_000n })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('constructor reverted')
  return getAddress(receipt.contractAddress)
}

/** Simulates a call from the seeder (to read what it returns), then sends it. */
async function call<T>(client: DevnetClient, p: { address: Address; abi: Abi; functionName: string; args: readonly unknown[] }): Promise<T> {
  const { result } = await client.simulateContract({ ...p, account: pendleSeeder } as never)
  await sendTx(client, { ...p, account: pendleSeeder })
  return result as T
}

/** Pendle's split creation code: `BaseSplitCodeFactoryContract.deploy` stores each half as a contract. */
async function splitCode(client: DevnetClient, splitter: Address, name: string, code: Hex): Promise<readonly [Address, bigint, Address, bigint]> {
  return call(client, { address: splitter, abi: loadProtocolArtifact('PendleBaseSplitCodeFactoryContract').abi, functionName: 'deploy', args: [name, code] })
}

/** An upgradeable Pendle contract behind OpenZeppelin's ERC1967Proxy, initialized in the proxy's constructor. */
async function deployProxied(client: DevnetClient, impl: ProtocolArtifact, args: readonly unknown[], init: readonly unknown[]): Promise<Address> {
  const implementation = await deploy(client, impl, args)
  const proxy = loadAcrossArtifact('ERC1967Proxy')
  const data = encodeFunctionData({ abi: impl.abi, functionName: 'initialize', args: init })
  return deploy(client, proxy, [implementation, data])
}

/** The factories: yield contracts (PT/YT) and markets (V7), the gauge controller markets pay PENDLE through. */
async function deployFactories(client: DevnetClient, pendle: ScenarioPendle): Promise<{ ytFactory: Address; marketFactory: Address }> {
  const token = loadContractArtifact('DevToken')
  await deployAtCanonical(client, { name: 'PENDLE', address: getAddress(PENDLE), abi: token.abi, bytecode: token.bytecode, args: ['Pendle', 'PENDLE', 18], account: pendleSeeder })
  const splitter = await deploy(client, loadProtocolArtifact('PendleBaseSplitCodeFactoryContract'))
  const [ytA, ytSizeA, ytB, ytSizeB] = await splitCode(client, splitter, 'PendleYieldToken', loadProtocolArtifact('PendleYieldToken').bytecode)
  const ytFactory = await deployProxied(client, loadProtocolArtifact('PendleYieldContractFactoryUpg'), [ytA, ytSizeA, ytB, ytSizeB], [Number(DAY), 3n * 10n ** 16n, 3n * 10n ** 16n, TREASURY, pendleSeeder])
  const gauge = await deployProxied(client, loadProtocolArtifact('PendleGaugeControllerUpg'), [PENDLE], [pendleSeeder])
  const oracleLib = await deploy(client, loadProtocolArtifact('PendleOracleLib'))
  const marketCode = linkBytecode(loadProtocolArtifact('PendleMarketV7'), { OracleLib: oracleLib })
  const [mA, mSizeA, mB, mSizeB] = await splitCode(client, splitter, 'PendleMarketV7', marketCode)
  const marketFactory = await deployProxied(client, loadProtocolArtifact('PendleMarketFactoryV7Upg'), [ytFactory, mA, mSizeA, mB, mSizeB, gauge], [pendleSeeder, TREASURY, pendle.reserveFeePct])
  return { ytFactory, marketFactory }
}

/**
 * One market: the SY over the scenario vault, PT/YT at an expiry `expiryDays` after the head (whole days),
 * the market, and its seeding: the deployer deposits the vault's asset into the SY, mints PT (and YT) with
 * half of it and adds both, so the market holds as much asset value in PT as in SY and starts at the
 * scenario's implied APY (its initial anchor is that rate's exchange rate over the time to expiry).
 */
async function seedMarket(client: DevnetClient, book: ChainAddressBook, f: { ytFactory: Address; marketFactory: Address }, m: ScenarioPendle['markets'][number]): Promise<PendleMarketEntry> {
  const vault = book.tokens[m.vault] as TokenEntry
  const vaultEntry = book.erc4626?.vaults.find((v) => v.symbol === m.vault)
  if (!vaultEntry) throw new Error(`pendle market: ${m.vault} is not a scenario vault`)
  const asset = Object.values(book.tokens).find((t) => t.address.toLowerCase() === vaultEntry.asset.toLowerCase()) as TokenEntry
  const syArtifact = loadContractArtifact('DevPendleERC4626SY')
  const sy = await deploy(client, syArtifact, [`SY ${vault.name}`, `SY-${vault.symbol}`, vault.address])
  const head = (await client.getBlock({ blockTag: 'latest' })).timestamp
  const expiry = ((head + BigInt(m.expiryDays) * DAY) / DAY) * DAY
  const ytFactoryAbi = loadProtocolArtifact('PendleYieldContractFactoryUpg').abi
  const [pt, yt] = await call<readonly [Address, Address]>(client, { address: f.ytFactory, abi: ytFactoryAbi, functionName: 'createYieldContract', args: [sy, Number(expiry), false] })
  // The seeding block has the head's timestamp (the build's clock stands still here).
  const years = Number(expiry - head) / Number(YEAR)
  const initialAnchor = BigInt(Math.round((1 + m.impliedApyPct / 100) ** years * 1e18))
  const lnFeeRateRoot = ln(ONE + BigInt(Math.round((m.feeRatePct / 100) * 1e18)))
  const scalarRoot = BigInt(Math.round(m.scalarRoot * 1e6)) * 10n ** 12n
  const market = await call<Address>(client, { address: f.marketFactory, abi: loadProtocolArtifact('PendleMarketFactoryV7Upg').abi, functionName: 'createNewMarket', args: [pt, scalarRoot, initialAnchor, lnFeeRateRoot] })
  const erc20 = loadProtocolArtifact('WETH9').abi
  const assets = 2n * rawAmountForUsd({ usd: m.liquidityUsd / 2, priceUsd: asset.priceUsd, decimals: asset.decimals })
  await mintToDeployer(client, asset, assets)
  await sendTx(client, { address: asset.address, abi: erc20, functionName: 'approve', args: [sy, maxUint256] })
  await sendTx(client, { address: sy, abi: syArtifact.abi, functionName: 'deposit', args: [devnetDeployer, asset.address, assets, 0n] })
  await sendTx(client, { address: asset.address, abi: erc20, functionName: 'approve', args: [sy, 0n] })
  const syHeld = (await client.readContract({ address: sy, abi: syArtifact.abi, functionName: 'balanceOf', args: [devnetDeployer] })) as bigint
  const syForPt = syHeld / 2n
  await sendTx(client, { address: sy, abi: erc20, functionName: 'transfer', args: [yt, syForPt] })
  await sendTx(client, { address: yt, abi: loadProtocolArtifact('PendleYieldToken').abi, functionName: 'mintPY', args: [devnetDeployer, devnetDeployer] })
  const ptHeld = (await client.readContract({ address: pt, abi: erc20, functionName: 'balanceOf', args: [devnetDeployer] })) as bigint
  const syToMarket = syHeld - syForPt
  await sendTx(client, { address: sy, abi: erc20, functionName: 'transfer', args: [market, syToMarket] })
  await sendTx(client, { address: pt, abi: erc20, functionName: 'transfer', args: [market, ptHeld] })
  await sendTx(client, { address: market, abi: loadProtocolArtifact('PendleMarketV7').abi, functionName: 'mint', args: [devnetDeployer, syToMarket, ptHeld] })
  const lpSupply = (await client.readContract({ address: market, abi: erc20, functionName: 'totalSupply' })) as bigint
  // Reference prices: SY as the vault share, PT at the starting discount, LP at what it holds per unit.
  const unit = 10 ** vault.decimals
  const syUsd = vault.priceUsd
  const ptUsd = asset.priceUsd / (1 + m.impliedApyPct / 100) ** years
  const lpUsd = ((Number(syToMarket) / unit) * syUsd + (Number(ptHeld) / unit) * ptUsd) / (Number(lpSupply) / 1e18)
  // The PT's and the market's symbols and names as Pendle's factories set them (e.g. PT-svUSDC-1JAN2027,
  // PLP-svUSDC-1JAN2027), as discovery reads them.
  const text = (address: Address, functionName: 'symbol' | 'name') => client.readContract({ address, abi: erc20, functionName }) as Promise<string>
  const [ptSymbol, ptName, lpSymbol, lpName] = await Promise.all([text(pt, 'symbol'), text(pt, 'name'), text(market, 'symbol'), text(market, 'name')])
  book.tokens[`SY-${vault.symbol}`] = { address: sy, symbol: `SY-${vault.symbol}`, name: `SY ${vault.name}`, decimals: vault.decimals, priceUsd: syUsd, kind: 'erc20' }
  book.tokens[`PT-${vault.symbol}`] = { address: pt, symbol: ptSymbol, name: ptName, decimals: vault.decimals, priceUsd: ptUsd, kind: 'erc20' }
  book.tokens[`PENDLE-LPT-${vault.symbol}`] = { address: market, symbol: lpSymbol, name: lpName, decimals: 18, priceUsd: lpUsd, kind: 'erc20' }
  return { address: market, sy, pt, yt, asset: asset.address, yieldToken: vault.address, expiry: Number(expiry) }
}

/**
 * Deploys Pendle V2 from `@pendle/core-v2`'s artifacts: the yield contract factory and market factory V7
 * (upgradeable, each behind an ERC1967Proxy and initialized there), the gauge controller markets call,
 * PENDLE at its mainnet address (our plain token), then each scenario market over its vault's SY (our
 * implementation of Pendle's SY interface), seeded by the deployer, whose nonce is left as it was.
 * Records `book.pendle` and the SY, PT and LP tokens in `book.tokens`.
 * @throws DevnetDeployError naming the step that failed
 */
export async function seedPendle(client: DevnetClient, { book, pendle }: SeedPendleParameters): Promise<void> {
  await client.impersonateAccount({ address: pendleSeeder })
  await client.setBalance({ address: pendleSeeder, value: 10n ** 20n })
  const nonce = await client.getTransactionCount({ address: devnetDeployer })
  let factories: { ytFactory: Address; marketFactory: Address }
  try {
    factories = await deployFactories(client, pendle)
  } catch (cause) {
    throw new DevnetDeployError({ chainId: book.chainId, step: 'deploy Pendle factories', cause })
  }
  const markets: PendleMarketEntry[] = []
  for (const m of pendle.markets) {
    try {
      markets.push(await seedMarket(client, book, factories, m))
    } catch (cause) {
      throw new DevnetDeployError({ chainId: book.chainId, step: `seed Pendle market over ${m.vault}`, cause })
    }
  }
  await client.setNonce({ address: devnetDeployer, nonce })
  await client.stopImpersonatingAccount({ address: pendleSeeder })
  book.pendle = { yieldContractFactory: factories.ytFactory, marketFactory: factories.marketFactory, markets }
}
