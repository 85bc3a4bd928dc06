import { getAddress, type Address } from 'viem'
import type { AerodromePoolEntry, ChainAddressBook, TokenEntry } from '../addressBook.js'
import { aerodromeDeployments } from '../canonicalAddresses.js'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { DevnetDeployError } from '../../errors/chain.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployAtCanonical } from './deployAtCanonical.js'
import { mintToDeployer } from './mintToDeployer.js'
import { pairAmounts, rawAmountForUsd } from './poolMath.js'
import type { ScenarioAerodrome } from './scenario.js'
import { sendTx } from './sendTx.js'

/** Parameters of {@link seedAerodrome}. */
export type SeedAerodromeParameters = { book: ChainAddressBook; aerodrome: ScenarioAerodrome }

/**
 * Sends the scratch deploys and the `createPool` calls (and holds the factory's voter, pauser and fee
 * manager roles): an account of its own, so the devnet deployer's nonce, which fixes the address of
 * every contract a test deploys, stays as it was before Aerodrome existed.
 */
export const aerodromeSeeder: Address = '0x00000000000000000000000000000000ae50eed0'

const transferAbi = [{ type: 'function', name: 'transfer', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'value', type: 'uint256' }], outputs: [] }] as const

/** Raw amounts of each side for the first deposit: half the USD each; a stable pool's sides are equal once normalised to 1e18. */
function depositAmounts(p: ScenarioAerodrome['pools'][number], a: TokenEntry, b: TokenEntry): [bigint, bigint] {
  if (!p.stable) return pairAmounts(a, b, p.liquidityUsd, p.priceSkewBps)
  const side = rawAmountForUsd({ usd: p.liquidityUsd / 2, priceUsd: 1, decimals: 18 })
  return [(side * 10n ** BigInt(a.decimals)) / 10n ** 18n, (side * 10n ** BigInt(b.decimals)) / 10n ** 18n]
}

/**
 * Deploys our Aerodrome classic AMM (`DevAerodromePool`, `DevAerodromePoolFactory`, `DevAerodromeRouter`: our
 * implementations of Aerodrome's ABI and math) with the Pool implementation, the PoolFactory and the Router at
 * Aerodrome's addresses on this chain, creates the scenario's pools through the factory (so each is at the address Aerodrome's
 * factory derives for its pair) and adds each pool's first liquidity from the deployer (tokens sent to the
 * pool, then `mint`), whose nonce is left as it was. Records `book.aerodrome`.
 * @throws DevnetDeployError naming the step that failed
 */
export async function seedAerodrome(client: DevnetClient, { book, aerodrome }: SeedAerodromeParameters): Promise<void> {
  const canonical = aerodromeDeployments[book.chainId]
  if (!canonical) throw new DevnetDeployError({ chainId: book.chainId, step: 'seed Aerodrome', cause: new Error(`no Aerodrome addresses for chain ${book.chainId}`) })
  const poolArtifact = loadContractArtifact('DevAerodromePool')
  const factoryArtifact = loadContractArtifact('DevAerodromePoolFactory')
  await client.impersonateAccount({ address: aerodromeSeeder })
  await client.setBalance({ address: aerodromeSeeder, value: 10n ** 20n })
  const nonce = await client.getTransactionCount({ address: devnetDeployer })
  let implementation: Address
  let factory: Address
  let router: Address
  try {
    implementation = await deployAtCanonical(client, { name: 'Aerodrome Pool', address: getAddress(canonical.implementation), abi: poolArtifact.abi, bytecode: poolArtifact.bytecode, account: aerodromeSeeder })
    factory = await deployAtCanonical(client, { name: 'Aerodrome PoolFactory', address: getAddress(canonical.factory), abi: factoryArtifact.abi, bytecode: factoryArtifact.bytecode, args: [implementation], account: aerodromeSeeder })
    const routerArtifact = loadContractArtifact('DevAerodromeRouter')
    router = await deployAtCanonical(client, {
      name: 'Aerodrome Router', address: getAddress(canonical.router), abi: routerArtifact.abi, bytecode: routerArtifact.bytecode,
      args: [canonical.forwarder, canonical.factoryRegistry, factory, canonical.voter, book.weth], account: aerodromeSeeder,
    })
  } catch (cause) {
    throw new DevnetDeployError({ chainId: book.chainId, step: 'deploy Aerodrome', cause })
  }
  const pools: AerodromePoolEntry[] = []
  for (const p of aerodrome.pools) {
    const [a, b] = p.tokens.map((s) => book.tokens[s] as TokenEntry) as [TokenEntry, TokenEntry]
    try {
      await sendTx(client, { address: factory, abi: factoryArtifact.abi, functionName: 'createPool', args: [a.address, b.address, p.stable], account: aerodromeSeeder })
      const pool = getAddress((await client.readContract({ address: factory, abi: factoryArtifact.abi, functionName: 'getPool', args: [a.address, b.address, p.stable] })) as Address)
      const [amountA, amountB] = depositAmounts(p, a, b)
      for (const [token, amount] of [[a, amountA], [b, amountB]] as const) {
        await mintToDeployer(client, token, amount)
        await sendTx(client, { address: token.address, abi: transferAbi, functionName: 'transfer', args: [pool, amount] })
      }
      await sendTx(client, { address: pool, abi: poolArtifact.abi, functionName: 'mint', args: [devnetDeployer] })
      const [token0, token1] = a.address.toLowerCase() < b.address.toLowerCase() ? [a.address, b.address] : [b.address, a.address]
      pools.push({ address: pool, token0, token1, stable: p.stable })
    } catch (cause) {
      throw new DevnetDeployError({ chainId: book.chainId, step: `seed Aerodrome pool ${p.stable ? 's' : 'v'}AMM-${p.tokens.join('/')}`, cause })
    }
  }
  await client.setNonce({ address: devnetDeployer, nonce })
  await client.stopImpersonatingAccount({ address: aerodromeSeeder })
  book.aerodrome = { factory, implementation, router, pools }
}
