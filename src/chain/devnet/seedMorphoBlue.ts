import { getAddress, maxUint256, type Address, type Hex } from 'viem'
import type { ChainAddressBook, MorphoBlueMarketEntry, TokenEntry } from '../addressBook.js'
import { loadMorphoBlueArtifact } from '../../contracts/loadMorphoBlueArtifact.js'
import { DevnetDeployError } from '../../errors/chain.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployMorphoBlue } from './deployMorphoBlue.js'
import { priceE8, rawAmountForUsd } from './poolMath.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import { parseWeight, type ScenarioMorpho, type ScenarioMorphoMarket } from './scenario.js'
import { mintToDeployer } from './mintToDeployer.js'
import { sendTx } from './sendTx.js'

/** Parameters of {@link seedMorphoBlue}. */
export type SeedMorphoBlueParameters = { book: ChainAddressBook; morpho: ScenarioMorpho }

const SECONDS_PER_YEAR = 365n * 24n * 3600n

/** A yearly rate in percent as a per-second WAD rate (Morpho's unit), e.g. 2 → 0.02e18 / year. */
function perSecond(aprPct: number): bigint {
  return (BigInt(Math.round(aprPct * 1e6)) * 10n ** 10n) / SECONDS_PER_YEAR
}

/** Morpho oracle price: 1 collateral unit in loan units, scaled by 1e36 (`ORACLE_PRICE_SCALE`), from the scenario's USD prices. */
function oraclePrice(collateral: TokenEntry, loan: TokenEntry): bigint {
  const exponent = 36 + loan.decimals - collateral.decimals
  const num = priceE8(collateral.priceUsd) * 10n ** BigInt(Math.max(exponent, 0))
  const den = priceE8(loan.priceUsd) * 10n ** BigInt(Math.max(-exponent, 0))
  return num / den
}

/** "0.915" → "91.5", "0.86" → "86". */
function lltvPercent(lltv: string): string {
  const frac = (lltv.split('.')[1] ?? '').padEnd(2, '0')
  return `${Number(frac.slice(0, 2))}${frac.length > 2 ? `.${frac.slice(2)}` : ''}`
}

function tokenOf(book: ChainAddressBook, symbol: string): TokenEntry {
  const token = book.tokens[symbol]
  if (!token || token.kind === 'feeOnTransfer' || token.kind === 'rebasing') throw new Error(`morpho token ${symbol}: not a plain scenario token`)
  return token
}

/** Creates one market on its own OracleMock, supplies, and borrows back against collateral. */
async function seedMarket(
  client: DevnetClient,
  { book, morpho, irm, market, approved }: { book: ChainAddressBook; morpho: Address; irm: Address; market: ScenarioMorphoMarket; approved: Set<Address> },
): Promise<MorphoBlueMarketEntry> {
  const morphoAbi = loadMorphoBlueArtifact('Morpho').abi
  const oracleArtifact = loadMorphoBlueArtifact('OracleMock')
  const erc20 = loadProtocolArtifact('WETH9').abi
  const collateral = tokenOf(book, market.collateral)
  const loan = tokenOf(book, market.loan)

  const oracleHash = await client.sendTransaction({ account: devnetDeployer, data: oracleArtifact.bytecode, chain: client.chain })
  const oracleReceipt = await client.waitForTransactionReceipt({ hash: oracleHash, pollingInterval: 20 })
  if (oracleReceipt.status !== 'success' || !oracleReceipt.contractAddress) throw new Error('OracleMock constructor reverted')
  const oracle = getAddress(oracleReceipt.contractAddress)
  await sendTx(client, { address: oracle, abi: oracleArtifact.abi, functionName: 'setPrice', args: [oraclePrice(collateral, loan)] })

  const lltv = parseWeight(market.lltv)
  const params = { loanToken: loan.address, collateralToken: collateral.address, oracle, irm, lltv }
  const created = await sendTx(client, { address: morpho, abi: morphoAbi, functionName: 'createMarket', args: [params] })
  // CreateMarket(Id indexed id, MarketParams): the id is Morpho's own keccak of the params.
  const id = created.logs.find((l) => l.address.toLowerCase() === morpho.toLowerCase())?.topics[1] as Hex | undefined
  if (!id) throw new Error('CreateMarket event missing')

  const approve = async (token: TokenEntry) => {
    if (approved.has(token.address)) return
    await sendTx(client, { address: token.address, abi: erc20, functionName: 'approve', args: [morpho, maxUint256] })
    approved.add(token.address)
  }
  const supply = rawAmountForUsd({ usd: market.supplyUsd, priceUsd: loan.priceUsd, decimals: loan.decimals })
  await mintToDeployer(client, loan, supply)
  await approve(loan)
  await sendTx(client, { address: morpho, abi: morphoAbi, functionName: 'supply', args: [params, supply, 0n, devnetDeployer, '0x'] })

  const borrow = (supply * BigInt(Math.round(market.borrowPct * 100))) / 10_000n
  if (borrow > 0n) {
    // Collateral worth twice the LLTV's limit: the deployer's position sits at half the LLTV, far from liquidation.
    const borrowUsd = (market.supplyUsd * market.borrowPct) / 100
    const amount = rawAmountForUsd({ usd: (borrowUsd * 2) / Number(market.lltv), priceUsd: collateral.priceUsd, decimals: collateral.decimals })
    await mintToDeployer(client, collateral, amount)
    await approve(collateral)
    await sendTx(client, { address: morpho, abi: morphoAbi, functionName: 'supplyCollateral', args: [params, amount, devnetDeployer, '0x'] })
    await sendTx(client, { address: morpho, abi: morphoAbi, functionName: 'borrow', args: [params, borrow, 0n, devnetDeployer, devnetDeployer] })
  }
  return {
    id, loanToken: loan.address, collateralToken: collateral.address, oracle, irm, lltv: lltv.toString(),
    symbol: `${market.collateral}/${market.loan}-${lltvPercent(market.lltv)}`,
  }
}

/**
 * Deploys Morpho Blue (see {@link deployMorphoBlue}) and seeds the scenario's markets: each gets
 * its own Morpho `OracleMock` priced from the scenario's USD prices, the shared `DevLinearIrm` and
 * its LLTV; the deployer supplies `supplyUsd` of the loan token, then posts collateral (its LTV at
 * half the LLTV) and borrows `borrowPct` of the supply back, so the market has utilization and
 * suppliers earn interest from the first block. Records `book.morphoBlue`.
 * @throws DevnetDeployError naming the market or step that failed
 */
export async function seedMorphoBlue(client: DevnetClient, { book, morpho }: SeedMorphoBlueParameters): Promise<void> {
  const deployment = await deployMorphoBlue(client, {
    address: morpho.address,
    irm: { baseRate: perSecond(morpho.irm.baseAprPct), slope: perSecond(morpho.irm.slopeAprPct) },
    lltvs: morpho.lltvs.map(parseWeight),
  })
  const approved = new Set<Address>()
  const markets: MorphoBlueMarketEntry[] = []
  for (const market of morpho.markets) {
    try {
      markets.push(await seedMarket(client, { book, morpho: deployment.morpho, irm: deployment.irm, market, approved }))
    } catch (cause) {
      throw new DevnetDeployError({ chainId: book.chainId, step: `seed Morpho Blue market ${market.collateral}/${market.loan} ${market.lltv}`, cause })
    }
  }
  book.morphoBlue = { morpho: deployment.morpho, irm: deployment.irm, markets }
}
