import { getAddress, maxUint256, type Address } from 'viem'
import type { ChainAddressBook, CurveStableSwapPoolEntry, TokenEntry } from '../addressBook.js'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployAtCanonical } from './deployAtCanonical.js'
import { mintToDeployer } from './mintToDeployer.js'
import { pairAmounts, rawAmountForUsd } from './poolMath.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import type { ScenarioCurve } from './scenario.js'
import { sendTx } from './sendTx.js'

/** Parameters of {@link seedCurveNg}. */
export type SeedCurveNgParameters = {
  book: ChainAddressBook
  curve: ScenarioCurve
  /** The account that deploys the Curve contracts (so the devnet deployer's nonce stays put). */
  seeder: Address
}

/** Approve and transfer through a token that may return nothing (USDT): the call's return value is not decoded. */
const erc20Abi = [
  { type: 'function', name: 'approve', stateMutability: 'nonpayable', inputs: [{ name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }], outputs: [] },
  { type: 'function', name: 'transfer', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'value', type: 'uint256' }], outputs: [] },
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'a', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] },
] as const

/** Mints to the deployer: a token this section declared mints from the seeder (its minter), a scenario token as always. */
async function mint(client: DevnetClient, p: { token: TokenEntry; amount: bigint; declared: ReadonlySet<string>; seeder: Address }): Promise<void> {
  if (p.declared.has(p.token.symbol)) {
    await sendTx(client, { address: p.token.address, abi: loadContractArtifact('DevToken').abi, functionName: 'mint', args: [devnetDeployer, p.amount], account: p.seeder })
  } else await mintToDeployer(client, p.token, p.amount)
}

async function approve(client: DevnetClient, token: Address, spender: Address, amount: bigint): Promise<void> {
  await sendTx(client, { address: token, abi: erc20Abi, functionName: 'approve', args: [spender, 0n] })
  await sendTx(client, { address: token, abi: erc20Abi, functionName: 'approve', args: [spender, amount] })
}

/** A declared plain token (our DevToken at its mainnet address) and its Uniswap V2 market, if any. */
async function seedToken(client: DevnetClient, book: ChainAddressBook, t: ScenarioCurve['tokens'][number], p: { declared: Set<string>; seeder: Address }): Promise<void> {
  const artifact = loadContractArtifact('DevToken')
  const address = await deployAtCanonical(client, { name: t.symbol, address: getAddress(t.address), abi: artifact.abi, bytecode: artifact.bytecode, args: [t.name, t.symbol, t.decimals], account: p.seeder })
  const entry: TokenEntry = { address, symbol: t.symbol, name: t.name, decimals: t.decimals, priceUsd: t.priceUsd, kind: 'erc20' }
  book.tokens[t.symbol] = entry
  p.declared.add(t.symbol)
  if (!t.uniswapV2) return
  const other = book.tokens[t.uniswapV2.pairWith] as TokenEntry
  const [amount, otherAmount] = pairAmounts(entry, other, t.uniswapV2.liquidityUsd, 0)
  const router = book.uniswapV2.router02
  await mint(client, { token: entry, amount, declared: p.declared, seeder: p.seeder })
  await mintToDeployer(client, other, otherAmount)
  await approve(client, address, router, amount)
  await approve(client, other.address, router, otherAmount)
  await sendTx(client, { address: router, abi: loadProtocolArtifact('UniswapV2Router02').abi, functionName: 'addLiquidity', args: [address, other.address, amount, otherAmount, 0n, 0n, devnetDeployer, maxUint256] })
  const pair = (await client.readContract({ address: book.uniswapV2.factory, abi: loadProtocolArtifact('UniswapV2Factory').abi, functionName: 'getPair', args: [address, other.address] })) as Address
  const [token0, token1] = address.toLowerCase() < other.address.toLowerCase() ? [address, other.address] : [other.address, address]
  book.uniswapV2.pairs.push({ address: getAddress(pair), token0, token1, feeBps: 30 })
}

/** A declared ERC-4626 vault (our DevVault at its mainnet address): the deployer's deposit, then the donated yield. */
async function seedVault(client: DevnetClient, book: ChainAddressBook, v: ScenarioCurve['vaults'][number], p: { declared: Set<string>; seeder: Address }): Promise<void> {
  const asset = book.tokens[v.asset] as TokenEntry
  const artifact = loadContractArtifact('DevVault')
  const address = await deployAtCanonical(client, { name: v.symbol, address: getAddress(v.address), abi: artifact.abi, bytecode: artifact.bytecode, args: [asset.address, v.name, v.symbol], account: p.seeder })
  const deposit = rawAmountForUsd({ usd: v.depositUsd, priceUsd: asset.priceUsd, decimals: asset.decimals })
  const donation = (deposit * BigInt(Math.round((v.sharePrice - 1) * 1e6))) / 1_000_000n
  await mint(client, { token: asset, amount: deposit + donation, declared: p.declared, seeder: p.seeder })
  await approve(client, asset.address, address, deposit)
  await sendTx(client, { address, abi: artifact.abi, functionName: 'deposit', args: [deposit, devnetDeployer] })
  if (donation > 0n) await sendTx(client, { address: asset.address, abi: erc20Abi, functionName: 'transfer', args: [address, donation] })
  book.tokens[v.symbol] = { address, symbol: v.symbol, name: v.name, decimals: asset.decimals, priceUsd: asset.priceUsd * v.sharePrice, kind: 'erc20' }
  book.erc4626 ??= { vaults: [] }
  book.erc4626.vaults.push({ address, asset: asset.address, symbol: v.symbol })
}

/** The deployer's holding of `amount` of a pool coin: minted, or (a vault's shares) deposited for. */
async function acquire(client: DevnetClient, book: ChainAddressBook, p: { symbol: string; usd: number; curve: ScenarioCurve; declared: Set<string>; seeder: Address }): Promise<bigint> {
  const token = book.tokens[p.symbol] as TokenEntry
  const vault = p.curve.vaults.find((v) => v.symbol === p.symbol)
  if (!vault) {
    const amount = rawAmountForUsd({ usd: p.usd, priceUsd: token.priceUsd, decimals: token.decimals })
    await mint(client, { token, amount, declared: p.declared, seeder: p.seeder })
    return amount
  }
  const asset = book.tokens[vault.asset] as TokenEntry
  const assets = rawAmountForUsd({ usd: p.usd, priceUsd: asset.priceUsd, decimals: asset.decimals })
  await mint(client, { token: asset, amount: assets, declared: p.declared, seeder: p.seeder })
  await approve(client, asset.address, token.address, assets)
  const before = (await client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [devnetDeployer] })) as bigint
  await sendTx(client, { address: token.address, abi: loadContractArtifact('DevVault').abi, functionName: 'deposit', args: [assets, devnetDeployer] })
  return ((await client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [devnetDeployer] })) as bigint) - before
}

/** One stableswap-ng pool (`DevCurveStableSwapNG`) at its mainnet address and the deployer's first deposit. */
async function seedPool(client: DevnetClient, book: ChainAddressBook, p: ScenarioCurve['ngPools'][number], ctx: { curve: ScenarioCurve; declared: Set<string>; seeder: Address }): Promise<CurveStableSwapPoolEntry> {
  const artifact = loadContractArtifact('DevCurveStableSwapNG')
  const coins = p.coins.map((s) => book.tokens[s] as TokenEntry)
  const config = {
    name: p.lpName, symbol: p.lpSymbol, A: BigInt(p.A), fee: BigInt(p.fee), offpegFeeMultiplier: BigInt(p.offpegFeeMultiplier), maExpTime: BigInt(p.maExpTime),
    coins: coins.map((c) => c.address),
    rateMultipliers: coins.map((c) => 10n ** BigInt(36 - c.decimals)),
    assetTypes: p.assetTypes,
    methodIds: coins.map(() => '0x00000000' as const),
    oracles: coins.map(() => '0x0000000000000000000000000000000000000000' as const),
    admin: devnetDeployer,
  }
  const pool = await deployAtCanonical(client, { name: `Curve ${p.name}`, address: getAddress(p.address), abi: artifact.abi, bytecode: artifact.bytecode, args: [config], account: ctx.seeder })
  const amounts: bigint[] = []
  for (const [k, c] of coins.entries()) {
    const amount = await acquire(client, book, { symbol: c.symbol, usd: (p.liquidityUsd * (p.sharesPct?.[k] ?? 100 / coins.length)) / 100, ...ctx })
    await approve(client, c.address, pool, amount)
    amounts.push(amount)
  }
  await sendTx(client, { address: pool, abi: artifact.abi, functionName: 'add_liquidity', args: [amounts, 0n] })
  return { address: pool, lpToken: pool, coins: coins.map((c) => c.address), name: p.name, variant: 'ng' }
}

/**
 * Deploys the Curve section's stableswap-ng side from `seeder` (so the devnet deployer's nonce, which
 * fixes every later CREATE address, stays put): the declared tokens (with their Uniswap V2 markets), the
 * declared ERC-4626 vaults (deposit and donated yield by the deployer; listed with the book's ERC-4626
 * vaults), then each pool (our `DevCurveStableSwapNG`, the deployer its admin) with the deployer's first
 * deposit of `liquidityUsd`. Records the pools in `book.curve.pools` (LP token = pool) and each pool's
 * LP in `book.tokens`.
 * @returns the pools' address-book entries
 */
export async function seedCurveNg(client: DevnetClient, { book, curve, seeder }: SeedCurveNgParameters): Promise<CurveStableSwapPoolEntry[]> {
  const declared = new Set<string>()
  for (const t of curve.tokens) await seedToken(client, book, t, { declared, seeder })
  for (const v of curve.vaults) await seedVault(client, book, v, { declared, seeder })
  const out: CurveStableSwapPoolEntry[] = []
  for (const p of curve.ngPools) {
    const entry = await seedPool(client, book, p, { curve, declared, seeder })
    // At seeding an LP token is worth about a dollar (D is in the coins' underlying units, here dollars).
    book.tokens[p.lpSymbol] = { address: entry.lpToken, symbol: p.lpSymbol, name: p.lpName, decimals: 18, priceUsd: 1, kind: 'erc20' }
    out.push(entry)
  }
  return out
}
