import { getAddress, maxUint256, type Address } from 'viem'
import type { ChainAddressBook, CurveTwocryptoPoolEntry, TokenEntry } from '../addressBook.js'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { DevnetDeployError } from '../../errors/chain.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployAtCanonical } from './deployAtCanonical.js'
import { mintToDeployer } from './mintToDeployer.js'
import { rawAmountForUsd } from './poolMath.js'
import type { ScenarioCurve } from './scenario.js'
import { sendTx } from './sendTx.js'

/** Parameters of {@link seedCurveTwocrypto}. */
export type SeedCurveTwocryptoParameters = {
  book: ChainAddressBook
  pools: ScenarioCurve['twocryptoPools']
  /** The account that deploys the Curve contracts (`seedCurve`'s seeder, impersonated). */
  seeder: Address
  /** Deploys a token a pool declares (with its Uniswap V2 market) and records it in the book. */
  declareToken: (client: DevnetClient, book: ChainAddressBook, d: ScenarioCurve['twocryptoPools'][number]['declare'][number]) => Promise<TokenEntry>
}

const approveAbi = [
  { type: 'function', name: 'approve', stateMutability: 'nonpayable', inputs: [{ name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }], outputs: [] },
] as const

/** Scenario prices as a 1e18 price_scale: coin 1 in coin 0. */
function initialPrice(c0: TokenEntry, c1: TokenEntry): bigint {
  return (BigInt(Math.round(c1.priceUsd * 1e8)) * 10n ** 18n) / BigInt(Math.round(c0.priceUsd * 1e8))
}

/**
 * Deploys the scenario's Curve twocrypto-ng pools (`DevCurveTwocryptoNG`, our implementation of the
 * pool's ABI and math; the pool is its own LP token) at their mainnet addresses from the Curve seeder,
 * first the tokens a pool declares (each with its Uniswap V2 market), then a deposit of `liquidityUsd`, half
 * in each coin at the scenario's prices (the pool's initial price_scale), by the deployer. Called by
 * `seedCurve` while the seeder is impersonated and before it puts the deployer's nonce back. The pool's
 * LP token (the pool itself) is not a scenario token: routes and bundles reach it through the pool's own
 * deposit and redeem edges.
 * @returns the pools' address book entries
 * @throws DevnetDeployError naming the pool that failed
 */
export async function seedCurveTwocrypto(client: DevnetClient, { book, pools, seeder, declareToken }: SeedCurveTwocryptoParameters): Promise<CurveTwocryptoPoolEntry[]> {
  const out: CurveTwocryptoPoolEntry[] = []
  const artifact = loadContractArtifact('DevCurveTwocryptoNG')
  for (const p of pools) {
    try {
      for (const d of p.declare) if (!book.tokens[d.symbol]) await declareToken(client, book, d)
      const [c0, c1] = p.coins.map((s) => book.tokens[s] as TokenEntry) as [TokenEntry, TokenEntry]
      const precisions = [10n ** BigInt(18 - c0.decimals), 10n ** BigInt(18 - c1.decimals)]
      const packedGammaA = BigInt(p.gamma) | (BigInt(p.A) << 128n)
      const packedFees = (BigInt(p.midFee) << 128n) | (BigInt(p.outFee) << 64n) | BigInt(p.feeGamma)
      const packedRebalancing = (BigInt(p.allowedExtraProfit) << 128n) | (BigInt(p.adjustmentStep) << 64n) | BigInt(p.maTime)
      const lpSymbol = `${p.coins.join('')}-f`
      const pool = await deployAtCanonical(client, {
        name: `Curve ${p.name}`, address: getAddress(p.address), abi: artifact.abi, bytecode: artifact.bytecode,
        args: [`Curve.fi ${p.name}`, lpSymbol, [c0.address, c1.address], precisions, packedGammaA, packedFees, packedRebalancing, initialPrice(c0, c1)], account: seeder,
      })
      const amounts = [c0, c1].map((c) => rawAmountForUsd({ usd: p.liquidityUsd / 2, priceUsd: c.priceUsd, decimals: c.decimals }))
      for (const [k, c] of [c0, c1].entries()) {
        if (p.declare.some((d) => d.symbol === c.symbol)) await sendTx(client, { address: c.address, abi: loadContractArtifact('DevToken').abi, functionName: 'mint', args: [devnetDeployer, amounts[k]!], account: seeder })
        else await mintToDeployer(client, c, amounts[k]!)
        await sendTx(client, { address: c.address, abi: approveAbi, functionName: 'approve', args: [pool, 0n] })
        await sendTx(client, { address: c.address, abi: approveAbi, functionName: 'approve', args: [pool, maxUint256] })
      }
      await sendTx(client, { address: pool, abi: artifact.abi, functionName: 'add_liquidity', args: [amounts, 0n] })
      for (const c of [c0, c1]) await sendTx(client, { address: c.address, abi: approveAbi, functionName: 'approve', args: [pool, 0n] })
      out.push({ address: pool, coins: [c0.address, c1.address], name: p.name })
    } catch (cause) {
      throw new DevnetDeployError({ chainId: book.chainId, step: `seed Curve twocrypto pool ${p.name}`, cause })
    }
  }
  return out
}
