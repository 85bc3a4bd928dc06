import { getAddress, getContractAddress, keccak256, toHex, zeroAddress, type Address, type Hex, type Log } from 'viem'
import { loadContractArtifact } from '../../../contracts/loadContractArtifact.js'
import { uniswapV4PoolId } from '../../../protocols/uniswap-v4/poolId.js'
import type { ChainAddressBook, TokenEntry } from '../../addressBook.js'
import { devnetDeployer, type DevnetClient } from '../createDevnetClient.js'
import { deployAtCanonical } from '../deployAtCanonical.js'
import { rawAmountForUsd } from '../poolMath.js'
import type { ScenarioPool } from '../scenario.js'
import { devUniswapV4LiquidityProvider } from '../seedUniswapV4.js'
import type { GeneratedWorld } from './generateWorld.js'
import { sendWorldCalls, type WorldCall, type WorldReceipt } from './sendWorldCalls.js'
import {
  approveCall, balancerCreateCall, balancerJoinCall, deployTokenCall, deployVaultCall, mintCall, poolAmounts,
  uniswapV2Calls, uniswapV3Calls, uniswapV4Calls, vaultCalls, wrapCall,
} from './worldCalls.js'

/**
 * The account that creates the generated world (an anvil-impersonated address, never a key): its
 * nonces place the generated tokens and vaults, and it holds every generated pool's liquidity.
 */
export const worldDeployer: Address = '0x5eed00000000000000000000000000000000a1d0'

/** Where a generated token or vault lives: the world deployer's CREATE address at its nonce. */
export const worldAddressAt = (nonce: number): Address => getContractAddress({ from: worldDeployer, nonce: BigInt(nonce) })

/** What {@link seedWorld} reports: counts of what it built, and how long each phase took. */
export type SeedWorldReport = { tokens: number; pools: Record<ScenarioPool['protocol'], number>; vaults: number; transactions: number; phasesMs: Record<string, number> }

const topic = (signature: string) => keccak256(toHex(signature))
const PAIR_CREATED = topic('PairCreated(address,address,address,uint256)')
const V3_POOL_CREATED = topic('PoolCreated(address,address,uint24,int24,address)')
const POOL_REGISTERED = topic('PoolRegistered(bytes32,address,uint8)')
const word = (data: Hex, i: number): Hex => `0x${data.slice(2 + 64 * i, 2 + 64 * (i + 1))}`
const addressIn = (w: Hex): Address => getAddress(`0x${w.slice(-40)}`)
const logOf = (logs: readonly Log[], emitter: Address, topic0: Hex): Log => {
  const log = logs.find((l) => l.address.toLowerCase() === emitter.toLowerCase() && l.topics[0] === topic0)
  if (!log) throw new Error(`no ${topic0.slice(0, 10)} log of ${emitter} in the receipt`)
  return log
}

/**
 * Builds a generated world on a running devnet chain whose listed tokens and protocols are already
 * deployed (`buildChain`), through the real factories and position managers, in four phases of large
 * blocks ({@link sendWorldCalls}): the tokens and vaults are created; the deployer is funded (listed
 * tokens minted by their minters or wrapped, generated ones minted) and approves the protocols; every
 * pool is created and funded and every vault seeded; the Balancer pools are joined. Records every
 * token, pool and vault in the address book, from the creation logs, as the listed ones are.
 *
 * @returns counts and phase timings
 * @throws Error when the world deployer has already sent transactions (the addresses would move), a
 *   protocol the world needs is missing, or a call reverts
 */
export async function seedWorld(client: DevnetClient, { book, world }: { book: ChainAddressBook; world: GeneratedWorld }): Promise<SeedWorldReport> {
  const phasesMs: Record<string, number> = {}
  let transactions = 0
  const phase = async (name: string, calls: WorldCall[]): Promise<WorldReceipt[]> => {
    const started = Date.now()
    const receipts = await sendWorldCalls(client, calls)
    phasesMs[name] = Date.now() - started
    transactions += calls.length
    return receipts
  }
  const from = worldDeployer
  if ((await client.getTransactionCount({ address: from })) !== 0) throw new Error(`the world deployer ${from} has sent transactions already: the generated addresses would not hold`)
  await client.impersonateAccount({ address: from })
  await client.setBalance({ address: from, value: 10n ** 36n })

  // 1. Tokens, then vaults (whose assets must exist), at the deployer's nonces 0, 1, 2, ...
  const tokenOf = (symbol: string): TokenEntry => {
    const t = book.tokens[symbol]
    if (symbol === 'ETH') return { ...Object.values(book.tokens).find((x) => x.kind === 'weth')!, address: zeroAddress, symbol: 'ETH', name: 'Ether' }
    if (!t) throw new Error(`generated world: unknown token ${symbol}`)
    return t
  }
  for (const t of world.tokens) book.tokens[t.symbol] = { address: worldAddressAt(t.nonce), symbol: t.symbol, name: t.name, decimals: t.decimals, priceUsd: t.priceUsd, kind: 'erc20' }
  const created = await phase('deploy', [
    ...world.tokens.map((t) => deployTokenCall(from, t)),
    ...world.vaults.map((v) => deployVaultCall(from, { name: v.name, symbol: v.symbol, asset: tokenOf(v.asset).address })),
  ])
  created.forEach((r, i) => {
    const nonce = i < world.tokens.length ? world.tokens[i]!.nonce : world.vaults[i - world.tokens.length]!.nonce
    if (r.contractAddress?.toLowerCase() !== worldAddressAt(nonce).toLowerCase()) throw new Error(`creation ${i} landed at ${r.contractAddress}, not ${worldAddressAt(nonce)}`)
  })

  // 2. Funding: what every pool and vault takes, with a 10 % margin; approvals of every protocol.
  const needs = new Map<string, bigint>()
  const add = (symbol: string, amount: bigint) => needs.set(symbol, (needs.get(symbol) ?? 0n) + amount)
  const amountsOf = new Map<ScenarioPool, bigint[]>()
  for (const p of world.pools) {
    const amounts = poolAmounts(p, p.tokens.map(tokenOf))
    amountsOf.set(p, amounts)
    p.tokens.forEach((s, i) => { if (s !== 'ETH') add(s, amounts[i]!) })
  }
  for (const v of world.vaults) {
    const asset = tokenOf(v.asset)
    add(v.asset, rawAmountForUsd({ usd: v.depositUsd * v.sharePrice, priceUsd: asset.priceUsd, decimals: asset.decimals }))
  }
  const v4 = world.pools.some((p) => p.protocol === 'uniswap-v4') ? book.uniswapV4 : undefined
  if (world.pools.some((p) => p.protocol === 'uniswap-v4') && !v4) throw new Error(`chain ${book.chainId} has no Uniswap V4 PoolManager for the generated V4 pools`)
  if (v4) {
    const artifact = loadContractArtifact('DevUniswapV4LiquidityProvider')
    await deployAtCanonical(client, { name: 'DevUniswapV4LiquidityProvider', address: devUniswapV4LiquidityProvider, abi: artifact.abi, bytecode: artifact.bytecode, args: [v4.poolManager] })
  }
  const spenders = [book.uniswapV2.router02, book.uniswapV3.positionManager, book.balancerV2.vault, ...(v4 ? [devUniswapV4LiquidityProvider] : [])]
  const funding: WorldCall[] = []
  for (const [symbol, need] of needs) {
    const token = tokenOf(symbol)
    const amount = (need * 11n) / 10n + 1n
    if (token.kind === 'weth') funding.push(wrapCall(from, token.address, amount))
    else funding.push(mintCall(world.tokens.some((t) => t.symbol === symbol) ? from : devnetDeployer, token, from, amount))
    for (const spender of spenders) funding.push(approveCall(from, token.address, spender))
  }
  for (const v of world.vaults) funding.push(approveCall(from, tokenOf(v.asset).address, worldAddressAt(v.nonce)))
  await phase('fund', funding)

  // 3. Pools and vault deposits.
  const poolCalls: WorldCall[] = []
  const owners: { pool: ScenarioPool; first: number; key?: ReturnType<typeof uniswapV4Calls>['key'] }[] = []
  for (const p of world.pools) {
    const tokens = p.tokens.map(tokenOf)
    const amounts = amountsOf.get(p)!
    const first = poolCalls.length
    if (p.protocol === 'uniswap-v2') poolCalls.push(...uniswapV2Calls(from, book, [tokens[0]!, tokens[1]!], amounts))
    else if (p.protocol === 'uniswap-v3') poolCalls.push(...uniswapV3Calls(from, book, p, [tokens[0]!, tokens[1]!], amounts))
    else if (p.protocol === 'uniswap-v4') {
      const built = uniswapV4Calls(from, { poolManager: v4!.poolManager, provider: devUniswapV4LiquidityProvider }, p, [tokens[0]!, tokens[1]!], amounts)
      poolCalls.push(...built.calls)
      owners.push({ pool: p, first, key: built.key })
      continue
    } else poolCalls.push(balancerCreateCall(from, book, p, sortedBalancer(p, tokens)))
    owners.push({ pool: p, first })
  }
  for (const v of world.vaults) poolCalls.push(...vaultCalls(from, worldAddressAt(v.nonce), tokenOf(v.asset), v))
  const receipts = await phase('pools', poolCalls)

  // Record what was built, from the creation logs.
  const joins: WorldCall[] = []
  for (const { pool: p, first, key } of owners) {
    const logs = receipts[first]!.logs
    const tokens = p.tokens.map(tokenOf)
    const [t0, t1] = tokens[0]!.address.toLowerCase() < tokens[1]!.address.toLowerCase() ? [tokens[0]!, tokens[1]!] : [tokens[1]!, tokens[0]!]
    if (p.protocol === 'uniswap-v2') {
      book.uniswapV2.pairs.push({ address: addressIn(word(logOf(logs, book.uniswapV2.factory, PAIR_CREATED).data, 0)), token0: t0.address, token1: t1.address, feeBps: 30 })
    } else if (p.protocol === 'uniswap-v3') {
      const log = logOf(logs, book.uniswapV3.factory, V3_POOL_CREATED)
      book.uniswapV3.pools.push({ address: addressIn(word(log.data, 1)), token0: t0.address, token1: t1.address, fee: p.fee, tickSpacing: Number(BigInt.asIntN(24, BigInt(word(log.data, 0)))) })
    } else if (p.protocol === 'uniswap-v4') {
      v4!.pools.push({ id: uniswapV4PoolId(key!), ...key! })
    } else {
      const log = logOf(logs, book.balancerV2.vault, POOL_REGISTERED)
      const poolId = log.topics[1]!
      const sorted = sortedBalancer(p, tokens)
      const amounts = amountsOf.get(p)!
      const inSorted = sorted.map((e) => amounts[tokens.indexOf(e.token)]!)
      joins.push(balancerJoinCall(from, book, poolId, sorted.map((e) => e.token.address), inSorted))
      book.balancerV2.pools.push({ address: addressIn(log.topics[2]!), poolId, tokens: sorted.map((e) => e.token.address), weights: sorted.map((e) => e.weight), swapFeeBps: p.swapFeeBps })
    }
  }
  for (const v of world.vaults) {
    const asset = tokenOf(v.asset)
    const address = worldAddressAt(v.nonce)
    book.tokens[v.symbol] = { address, symbol: v.symbol, name: v.name, decimals: asset.decimals, priceUsd: asset.priceUsd * v.sharePrice, kind: 'erc20' }
    book.erc4626 ??= { vaults: [] }
    book.erc4626.vaults.push({ address, asset: asset.address, symbol: v.symbol })
  }
  // 4. Balancer joins, once the pools have ids.
  await phase('join', joins)
  await client.stopImpersonatingAccount({ address: from })
  const count = (protocol: ScenarioPool['protocol']) => world.pools.filter((p) => p.protocol === protocol).length
  return {
    tokens: world.tokens.length, vaults: world.vaults.length, transactions, phasesMs,
    pools: { 'uniswap-v2': count('uniswap-v2'), 'uniswap-v3': count('uniswap-v3'), 'uniswap-v4': count('uniswap-v4'), 'balancer-v2-weighted': count('balancer-v2-weighted') },
  }
}

/** A Balancer pool's tokens with their weights, in the address order the Vault requires. */
function sortedBalancer(p: Extract<ScenarioPool, { protocol: 'balancer-v2-weighted' }>, tokens: readonly TokenEntry[]): { token: TokenEntry; weight: string }[] {
  return tokens.map((token, i) => ({ token, weight: p.weights[i]! })).sort((x, y) => (x.token.address.toLowerCase() < y.token.address.toLowerCase() ? -1 : 1))
}
