import { encodeFunctionData, erc20Abi, maxUint256, numberToHex, parseAbi, type Abi, type Address } from 'viem'
import { loadContractArtifact } from '../../../contracts/loadContractArtifact.js'
import type { ChainAddressBook } from '../../addressBook.js'
import type { DevnetClient } from '../createDevnetClient.js'
import { findBalanceSlot, balanceStorageKey } from '../../findBalanceSlot.js'
import { rawAmountForUsd } from '../poolMath.js'
import { loadProtocolArtifact } from '../protocolArtifacts.js'
import { createWorldRandom } from './createWorldRandom.js'
import { sendWorldCalls, type WorldCall } from './sendWorldCalls.js'

/** What one traffic transaction does. */
export type TrafficKind = 'swap' | 'mint' | 'burn' | 'deposit'

/** Parameters of {@link createTraffic}. */
export type TrafficParameters = {
  /** The same seed, book and chain state give the same blocks. */
  seed: string
  /** Transactions per block (approvals and wraps a trader needs first come on top). */
  perBlock: number
  /** Traders (impersonated accounts) the transactions come from; default 32. */
  traders?: number | undefined
  /** Shares of each kind; default swaps 80 %, V2 mints 8 %, V2 burns 4 %, vault deposits 8 %. */
  mix?: Partial<Record<TrafficKind, number>> | undefined
}

/** What traffic did so far. */
export type TrafficStats = { blocks: number; sent: number; reverted: number; byKind: Record<TrafficKind, number>; lastBlock: bigint | undefined }

/** One block of traffic at a time ({@link createTraffic}); `startTraffic` runs it on a timer. */
export type Traffic = {
  /** Sends one block of random transactions and mines it; resolves with the block's number. */
  block(): Promise<bigint>
  stats(): TrafficStats
}

const DEADLINE = 2n ** 40n
/** A trader's stock of a token, written to its balance slot on first use (the devnet's faucet; totalSupply stays). */
const STOCK = 2n ** 120n
const pairAbi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)'])
const balancerVaultAbi = parseAbi(['function getPoolTokens(bytes32) view returns (address[], uint256[], uint256)'])
const call = (from: Address, to: Address, abi: Abi, functionName: string, args: readonly unknown[], gas = 1_500_000n, value?: bigint): WorldCall => ({
  from, to, gas, data: encodeFunctionData({ abi, functionName, args } as never), ...(value ? { value } : {}),
})

type Swap = { kind: 'swap'; venue: 'v2' | 'v3' | 'balancer'; index: number; tokenIn: Address; tokenOut: Address }
type Action = { trader: Address } & (Swap | { kind: 'mint' | 'burn'; index: number } | { kind: 'deposit'; index: number; usd: number })

/**
 * Random traffic on a devnet chain, like a real chain's blocks: swaps on Uniswap V2 and V3 and Balancer
 * pools (sized 0.01 %–0.5 % of what the pool holds of the token in, either direction, so prices walk
 * but stay near their level), V2 liquidity added and removed, ERC-4626 deposits, from a set of
 * impersonated traders. Each block's pool state is read in one multicall before it is built; a
 * trader's first use of a token writes its balance slot, and its approvals go out as its own earlier
 * transactions of the block. A transaction that reverts stays in the block, as on a real chain.
 */
export function createTraffic(client: DevnetClient, book: ChainAddressBook, params: TrafficParameters): Traffic {
  const random = createWorldRandom(`traffic:${params.seed}:${book.chainId}`)
  const traders = Array.from({ length: params.traders ?? 32 }, (_, i) => `0x7aff1c00000000000000000000000000000${(i + 1).toString(16).padStart(5, '0')}` as Address)
  const mix = { swap: 0.8, mint: 0.08, burn: 0.04, deposit: 0.08, ...params.mix }
  const kinds = Object.keys(mix) as TrafficKind[]
  const cumulative = kinds.reduce<number[]>((acc, k) => [...acc, (acc.at(-1) ?? 0) + mix[k]], [])
  const funded = new Set<string>()
  const approved = new Set<string>()
  const minted = new Map<Address, Set<number>>()
  /** Each token's balance slot, or null for a token whose balances are computed (rebasing, shares): traders never use it. */
  const slots = new Map<string, Awaited<ReturnType<typeof findBalanceSlot>> | null>()
  const stats: TrafficStats = { blocks: 0, sent: 0, reverted: 0, byKind: { swap: 0, mint: 0, burn: 0, deposit: 0 }, lastBlock: undefined }
  let started = false
  const tokenAt = new Map(Object.values(book.tokens).map((t) => [t.address.toLowerCase(), t]))

  const draw = (): Action => {
    const trader = random.pick(traders)
    const kind = kinds[random.weighted(cumulative)]!
    const vaults = book.erc4626?.vaults ?? []
    if (kind === 'deposit' && vaults.length) return { trader, kind, index: random.int(vaults.length), usd: 10 ** random.between(2, 5) }
    const own = minted.get(trader)
    if (kind === 'burn' && own?.size) return { trader, kind, index: random.pick([...own]) }
    if (kind === 'mint' && book.uniswapV2.pairs.length) return { trader, kind, index: random.int(book.uniswapV2.pairs.length) }
    const sizes = { v2: book.uniswapV2.pairs.length, v3: book.uniswapV3.pools.length, balancer: book.balancerV2.pools.length }
    const x = random.int(sizes.v2 + sizes.v3 + sizes.balancer)
    const venue = x < sizes.v2 ? 'v2' : x < sizes.v2 + sizes.v3 ? 'v3' : 'balancer'
    const index = venue === 'v2' ? x : venue === 'v3' ? x - sizes.v2 : x - sizes.v2 - sizes.v3
    const tokens = venue === 'v2' ? [book.uniswapV2.pairs[index]!.token0, book.uniswapV2.pairs[index]!.token1] : venue === 'v3' ? [book.uniswapV3.pools[index]!.token0, book.uniswapV3.pools[index]!.token1] : book.balancerV2.pools[index]!.tokens
    const i = random.int(tokens.length)
    let j = random.int(tokens.length - 1)
    if (j >= i) j++
    return { trader, kind: 'swap', venue, index, tokenIn: tokens[i]!, tokenOut: tokens[j]! }
  }

  /** Whether traders can hold `token`: WETH, or a token whose balance slot was found. */
  const fundable = async (token: Address): Promise<boolean> => {
    if (token.toLowerCase() === book.weth.toLowerCase()) return true
    if (!slots.has(token.toLowerCase())) slots.set(token.toLowerCase(), await findBalanceSlot(client, { token }).catch(() => null))
    return slots.get(token.toLowerCase()) !== null
  }

  /**
   * The calls that give `trader` a stock of `token` and let `spender` take it, first time only; undefined
   * for a token whose balance cannot be written (the action is skipped).
   */
  const prepare = async (trader: Address, token: Address, spender: Address): Promise<WorldCall[] | undefined> => {
    const calls: WorldCall[] = []
    const key = `${trader}|${token}`.toLowerCase()
    if (!funded.has(key)) {
      if (token.toLowerCase() === book.weth.toLowerCase()) {
        await client.setBalance({ address: trader, value: STOCK * 2n })
        calls.push(call(trader, token, loadProtocolArtifact('WETH9').abi, 'deposit', [], 100_000n, STOCK))
      } else {
        if (!(await fundable(token))) return undefined
        const layout = slots.get(token.toLowerCase())!
        await client.setStorageAt({ address: token, index: balanceStorageKey(trader, layout), value: numberToHex(STOCK, { size: 32 }) })
      }
      funded.add(key)
    }
    const allowance = `${trader}|${token}|${spender}`.toLowerCase()
    if (!approved.has(allowance)) {
      approved.add(allowance)
      calls.push(call(trader, token, erc20Abi as Abi, 'approve', [spender, maxUint256], 100_000n))
    }
    return calls
  }

  /** What each action's pool holds (V2: reserves; V3: the pool's balance of the token in; Balancer: the pool's balances), in one multicall. */
  const readState = async (actions: readonly Action[]): Promise<unknown[]> => {
    const contracts = actions.map((a) => {
      if (a.kind === 'deposit') return { address: book.multicall3, abi: parseAbi(['function getBlockNumber() view returns (uint256)']), functionName: 'getBlockNumber', args: [] }
      if (a.kind === 'swap' && a.venue === 'v3') return { address: a.tokenIn, abi: erc20Abi, functionName: 'balanceOf', args: [book.uniswapV3.pools[a.index]!.address] }
      if (a.kind === 'swap' && a.venue === 'balancer') return { address: book.balancerV2.vault, abi: balancerVaultAbi, functionName: 'getPoolTokens', args: [book.balancerV2.pools[a.index]!.poolId] }
      const pair = book.uniswapV2.pairs[a.index]!.address
      if (a.kind === 'burn') return { address: pair, abi: erc20Abi, functionName: 'balanceOf', args: [a.trader] }
      return { address: pair, abi: pairAbi, functionName: 'getReserves', args: [] }
    })
    const results = (await client.multicall({ contracts: contracts as never, allowFailure: true, batchSize: 0, multicallAddress: book.multicall3 })) as { status: string; result?: unknown }[]
    return results.map((r) => (r.status === 'success' ? r.result : undefined))
  }

  const build = async (a: Action, state: unknown, fraction: () => bigint): Promise<WorldCall[]> => {
    const router = book.uniswapV2.router02
    if (a.kind === 'deposit') {
      const vault = book.erc4626!.vaults[a.index]!
      const asset = tokenAt.get(vault.asset.toLowerCase())
      if (!asset) return []
      const amount = rawAmountForUsd({ usd: a.usd, priceUsd: asset.priceUsd, decimals: asset.decimals })
      const ready = await prepare(a.trader, vault.asset, vault.address)
      return ready ? [...ready, call(a.trader, vault.address, loadContractArtifact('DevVault').abi, 'deposit', [amount, a.trader])] : []
    }
    if (a.kind === 'swap') {
      let held: bigint | undefined
      if (a.venue === 'v3') held = state as bigint | undefined
      else if (a.venue === 'balancer') {
        const [tokens, balances] = (state ?? [[], []]) as [Address[], bigint[]]
        held = balances[tokens.findIndex((t) => t.toLowerCase() === a.tokenIn.toLowerCase())]
      } else {
        const [r0, r1] = (state ?? [0n, 0n]) as [bigint, bigint]
        held = a.tokenIn.toLowerCase() === book.uniswapV2.pairs[a.index]!.token0.toLowerCase() ? r0 : r1
      }
      const amount = ((held ?? 0n) * fraction()) / 1_000_000n
      if (amount === 0n) return []
      if (a.venue === 'v2') {
        const ready = await prepare(a.trader, a.tokenIn, router)
        return !ready ? [] : [...ready, call(a.trader, router, loadProtocolArtifact('UniswapV2Router02').abi, 'swapExactTokensForTokens', [amount, 0n, [a.tokenIn, a.tokenOut], a.trader, DEADLINE])]
      }
      if (a.venue === 'v3') {
        const swapRouter = book.uniswapV3.swapRouter02
        const fee = book.uniswapV3.pools[a.index]!.fee
        const ready = await prepare(a.trader, a.tokenIn, swapRouter)
        return !ready ? [] : [...ready, call(a.trader, swapRouter, loadProtocolArtifact('SwapRouter02').abi, 'exactInputSingle', [
          { tokenIn: a.tokenIn, tokenOut: a.tokenOut, fee, recipient: a.trader, amountIn: amount, amountOutMinimum: 0n, sqrtPriceLimitX96: 0n },
        ])]
      }
      const vault = book.balancerV2.vault
      const ready = await prepare(a.trader, a.tokenIn, vault)
      return !ready ? [] : [...ready, call(a.trader, vault, loadProtocolArtifact('BalancerVault').abi, 'swap', [
        { poolId: book.balancerV2.pools[a.index]!.poolId, kind: 0, assetIn: a.tokenIn, assetOut: a.tokenOut, amount, userData: '0x' },
        { sender: a.trader, fromInternalBalance: false, recipient: a.trader, toInternalBalance: false }, 0n, DEADLINE,
      ])]
    }
    const pair = book.uniswapV2.pairs[a.index]!
    const routerAbi = loadProtocolArtifact('UniswapV2Router02').abi
    if (a.kind === 'burn') {
      const lp = ((state as bigint | undefined) ?? 0n) / 2n
      if (lp === 0n) return []
      const ready = await prepare(a.trader, pair.address, router)
      return !ready ? [] : [...ready, call(a.trader, router, routerAbi, 'removeLiquidity', [pair.token0, pair.token1, lp, 0n, 0n, a.trader, DEADLINE])]
    }
    const [r0, r1] = (state ?? [0n, 0n]) as [bigint, bigint]
    const f = fraction()
    const [amount0, amount1] = [(r0 * f) / 1_000_000n, (r1 * f) / 1_000_000n]
    if (amount0 === 0n || amount1 === 0n) return []
    if (!(await fundable(pair.token0)) || !(await fundable(pair.token1))) return []
    const [ready0, ready1] = [await prepare(a.trader, pair.token0, router), await prepare(a.trader, pair.token1, router)]
    if (!ready0 || !ready1) return []
    minted.set(a.trader, (minted.get(a.trader) ?? new Set()).add(a.index))
    return [...ready0, ...ready1, call(a.trader, router, routerAbi, 'addLiquidity', [pair.token0, pair.token1, amount0, amount1, 0n, 0n, a.trader, DEADLINE])]
  }

  return {
    stats: () => ({ ...stats, byKind: { ...stats.byKind } }),
    async block() {
      if (!started) {
        started = true
        for (const t of traders) {
          await client.impersonateAccount({ address: t })
          await client.setBalance({ address: t, value: 10n ** 24n })
        }
      }
      const actions = Array.from({ length: params.perBlock }, draw)
      const state = await readState(actions)
      // Parts per million of the pool's holding: 100 (0.01 %) to 5,000 (0.5 %), log-uniform.
      const fraction = () => BigInt(Math.round(10 ** random.between(2, Math.log10(5_000))))
      const calls: WorldCall[] = []
      const kindOf: (TrafficKind | undefined)[] = []
      for (const [i, a] of actions.entries()) {
        const built = await build(a, state[i], fraction)
        calls.push(...built)
        kindOf.push(...built.map((_, k) => (k === built.length - 1 ? a.kind : undefined)))
      }
      const head = (await client.getBlock({ blockTag: 'latest' })).number
      const receipts = await sendWorldCalls(client, calls, { allowReverts: true })
      stats.blocks++
      receipts.forEach((r, i) => {
        const kind = kindOf[i]
        if (!kind) return
        stats.sent++
        stats.byKind[kind]++
        if (r.status !== 'success') stats.reverted++
      })
      stats.lastBlock = receipts.length ? head + 1n : head
      return stats.lastBlock
    },
  }
}
