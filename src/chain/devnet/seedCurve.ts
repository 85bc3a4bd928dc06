import { getAddress, maxUint256, type Address } from 'viem'
import type { ChainAddressBook, CurveStableSwapPoolEntry, TokenEntry } from '../addressBook.js'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { DevnetDeployError } from '../../errors/chain.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployAtCanonical } from './deployAtCanonical.js'
import { mintToDeployer } from './mintToDeployer.js'
import { rawAmountForUsd } from './poolMath.js'
import type { ScenarioCurve } from './scenario.js'
import { sendTx } from './sendTx.js'

/** Parameters of {@link seedCurve}. */
export type SeedCurveParameters = { book: ChainAddressBook; curve: ScenarioCurve }

/** Approve through a token that may return nothing (USDT): the call's return value is not decoded. */
const approveAbi = [{ type: 'function', name: 'approve', stateMutability: 'nonpayable', inputs: [{ name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }], outputs: [] }] as const

/**
 * Sends the scratch deploys of the Curve contracts (and is the LP token's admin): an account of its own,
 * so the devnet deployer's nonce, which fixes the address of every contract a test deploys, stays as
 * it was before Curve existed.
 */
export const curveSeeder: Address = '0x00000000000000000000000000000000c0fe5eed'

/** Deploys one pool and its LP token at their addresses, hands the LP token's minting to the pool, and adds balanced liquidity. */
async function seedPool(client: DevnetClient, book: ChainAddressBook, p: ScenarioCurve['pools'][number]): Promise<CurveStableSwapPoolEntry> {
  const lpArtifact = loadContractArtifact('DevCurveTokenV2')
  const poolArtifact = loadContractArtifact('DevCurveStableSwap3Pool')
  const coins = p.coins.map((s) => book.tokens[s] as TokenEntry)
  const lpToken = await deployAtCanonical(client, { name: p.lpSymbol, address: getAddress(p.lpToken), abi: lpArtifact.abi, bytecode: lpArtifact.bytecode, args: [p.lpName, p.lpSymbol], account: curveSeeder })
  const pool = await deployAtCanonical(client, {
    name: `Curve ${p.name}`, address: getAddress(p.address), abi: poolArtifact.abi, bytecode: poolArtifact.bytecode,
    args: [devnetDeployer, coins.map((c) => c.address), lpToken, BigInt(p.A), BigInt(p.fee), BigInt(p.adminFee)], account: curveSeeder,
  })
  await sendTx(client, { address: lpToken, abi: lpArtifact.abi, functionName: 'set_minter', args: [pool], account: curveSeeder })
  const amounts = coins.map((c) => rawAmountForUsd({ usd: p.liquidityUsd / coins.length, priceUsd: c.priceUsd, decimals: c.decimals }))
  for (const [k, c] of coins.entries()) {
    await mintToDeployer(client, c, amounts[k]!)
    await sendTx(client, { address: c.address, abi: approveAbi, functionName: 'approve', args: [pool, 0n] })
    await sendTx(client, { address: c.address, abi: approveAbi, functionName: 'approve', args: [pool, maxUint256] })
  }
  await sendTx(client, { address: pool, abi: poolArtifact.abi, functionName: 'add_liquidity', args: [amounts, 0n] })
  return { address: pool, lpToken, coins: coins.map((c) => c.address), name: p.name }
}

/**
 * Deploys the scenario's Curve StableSwap pools: for each, our LP token (`DevCurveTokenV2`) and pool
 * (`DevCurveStableSwap3Pool`, our implementation of the 3pool's ABI and math) at their mainnet
 * addresses (deployed by {@link curveSeeder}), the deployer as owner, then a balanced deposit of
 * `liquidityUsd` by the deployer, whose nonce is left as it was. Records `book.curve`
 * and each LP token in `book.tokens` (priced at the pool's USD value per LP token, 1:1 at seeding).
 * @throws DevnetDeployError naming the pool that failed
 */
export async function seedCurve(client: DevnetClient, { book, curve }: SeedCurveParameters): Promise<void> {
  const pools: CurveStableSwapPoolEntry[] = []
  await client.impersonateAccount({ address: curveSeeder })
  await client.setBalance({ address: curveSeeder, value: 10n ** 20n })
  // The deployer mints, approves and deposits (it is the pools' first LP, as in every other protocol),
  // but creates nothing: its nonce is put back afterwards, so later CREATE addresses do not move.
  const nonce = await client.getTransactionCount({ address: devnetDeployer })
  for (const p of curve.pools) {
    try {
      const entry = await seedPool(client, book, p)
      pools.push(entry)
      book.tokens[p.lpSymbol] = { address: entry.lpToken, symbol: p.lpSymbol, name: p.lpName, decimals: 18, priceUsd: 1, kind: 'erc20' }
    } catch (cause) {
      throw new DevnetDeployError({ chainId: book.chainId, step: `seed Curve pool ${p.name}`, cause })
    }
  }
  await client.setNonce({ address: devnetDeployer, nonce })
  await client.stopImpersonatingAccount({ address: curveSeeder })
  book.curve = { pools }
}
