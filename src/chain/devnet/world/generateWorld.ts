import { poolKeyOf as keyOf, type ScenarioGenerate, type ScenarioPool, type ScenarioToken } from '../scenario.js'
import { createWorldRandom, type WorldRandom } from './createWorldRandom.js'

/** A generated token: deployed by the world deployer at its `nonce` (so its address is known before the build). */
export type WorldToken = { symbol: string; name: string; decimals: number; priceUsd: number; nonce: number }

/** A generated ERC-4626 vault over a listed or generated token, deployed by the world deployer at its `nonce`. */
export type WorldVault = { symbol: string; name: string; asset: string; depositUsd: number; sharePrice: number; nonce: number }

/** What {@link generateWorld} adds to a chain: tokens, pools (by token symbol, as in a scenario) and vaults. */
export type GeneratedWorld = { tokens: WorldToken[]; pools: ScenarioPool[]; vaults: WorldVault[] }

/** Parameters of {@link generateWorld}. */
export type GenerateWorldParameters = {
  /** The chain's listed tokens: the hubs and mid tokens the generated pools attach to. */
  listed: readonly ScenarioToken[]
  /** The counts and the seed. */
  spec: ScenarioGenerate
  /** Mixed into the seed, so two chains with the same spec get different worlds. */
  chainId: number
  /** The chain's listed pools: a generated pool never takes the key of one (a V2 pair exists once). */
  existing?: readonly ScenarioPool[] | undefined
}

/** How many listed tokens act as hubs (the first ones of the list that route plainly: WETH, USDC, USDT, DAI, WBTC on chain 1). */
const HUBS = 5
/** Share of tail pools (not hub to hub) that hold dust: $1 to $50 on V2; V3, V4 and Balancer pools keep at least {@link MIN_CONCENTRATED_USD}. */
const DUST_SHARE = 0.12
/** Share of pools with one side almost drained: their price is 30 to 49 % off the reference. */
const DRAINED_SHARE = 0.03
const MIN_CONCENTRATED_USD = 100
const V3_FEES = [100, 500, 3000, 10000] as const
const V4_TIERS = [[100, 1], [500, 10], [3000, 60], [10000, 200], [2500, 50], [1500, 30]] as const
const RANGES = [1, 2, 5, 10, 20, 50] as const
const DECIMALS = [[18, 0.7], [6, 0.12], [8, 0.1], [9, 0.04], [12, 0.04]] as const
const WEIGHTS: Record<number, readonly (readonly string[])[]> = {
  2: [['0.5', '0.5'], ['0.8', '0.2'], ['0.2', '0.8']],
  3: [['0.333333333333333333', '0.333333333333333333', '0.333333333333333334'], ['0.5', '0.25', '0.25']],
  4: [['0.25', '0.25', '0.25', '0.25']],
}

/** Token kinds a generated pool may use as a hub or mid token: the ones the seeding can mint plainly. */
const PLAIN_KINDS = new Set(['erc20', 'weth', 'tether'])

type Kind = 'hubHub' | 'hubTail' | 'tailTail'

/**
 * A world shaped like a real chain, generated from a seed on top of a chain's listed tokens: a long
 * tail of tokens (prices from $0.0001 to $3,000, mostly 18 decimals), whose popularity falls as a Zipf
 * law of their rank; pools that attach the tail to a few hubs (the first {@link HUBS} plain listed
 * tokens), hubs to each other, and tail tokens to each other. Liquidity follows the same shape: hub
 * pools hold $1M–$100M, a popular tail token's pools up to millions, the long tail thousands, a share
 * of pools is dust and a few are almost drained on one side. V2 pairs are unique per token pair, V3
 * pools per pair and fee tier (every tier), V4 pools per pair, fee and spacing (hookless, some with
 * native ETH), Balancer weighted pools hold 2 to 4 tokens, vaults wrap hubs and popular tokens.
 *
 * Pure and deterministic: the same spec, chain and listed tokens give the same world.
 * @throws Error when the counts ask for more distinct pools than the tokens allow
 */
export function generateWorld({ listed, spec, chainId, existing = [] }: GenerateWorldParameters): GeneratedWorld {
  const random = createWorldRandom(`${spec.seed}:${chainId}`)
  // Plain tokens of ordinary decimals only: the weird classes (and 0, 2 or 24 decimals) have pools of their own.
  const plain = listed.filter((t) => PLAIN_KINDS.has(t.kind) && t.decimals >= 6 && t.decimals <= 18)
  const hubs = plain.slice(0, HUBS).map((t) => t.symbol)
  const mids = plain.slice(HUBS).map((t) => t.symbol)
  if (hubs.length < 2) throw new Error(`chain ${chainId}: a generated world needs at least 2 plain listed tokens as hubs`)
  const tokens = generateTokens(random, spec.tokens)
  const tail = tokens.map((t) => t.symbol)
  // Zipf popularity: the token of rank r is drawn with weight 1 / (r + 1)^0.9.
  const cumulative = new Float64Array(tail.length)
  let total = 0
  for (let r = 0; r < tail.length; r++) cumulative[r] = total += 1 / (r + 1) ** 0.9
  const rankOf = new Map(tail.map((s, r) => [s, r]))
  /** 1 for the listed tokens and the most popular tail token, falling to 0 down the tail. */
  const popularity = (symbol: string) => {
    const rank = rankOf.get(symbol)
    return rank === undefined ? 1 : 1 - rank / tail.length
  }
  const drawTail = () => (tail.length ? tail[random.weighted(cumulative)]! : random.pick([...hubs, ...mids]))
  const core = [...hubs, ...mids]
  const drawPair = (): { pair: [string, string]; kind: Kind } => {
    const x = random.next()
    if (x < 0.1 || tail.length === 0) return { pair: twoOf(random, core), kind: 'hubHub' }
    if (x < 0.7) return { pair: random.chance(0.5) ? [random.pick(hubs), drawTail()] : [drawTail(), random.pick(hubs)], kind: 'hubTail' }
    return { pair: [drawTail(), drawTail()], kind: 'tailTail' }
  }
  const liquidityOf = (pair: readonly string[], kind: Kind, dustAllowed: boolean): number => {
    if (kind === 'hubHub') return round(10 ** random.between(6, 8))
    const pop = Math.max(...pair.map(popularity))
    if (random.chance(DUST_SHARE)) return dustAllowed ? round(10 ** random.between(0, 1.7)) : MIN_CONCENTRATED_USD
    const usd = kind === 'hubTail' ? 10 ** (random.between(2, 5) + 2 * pop) : 10 ** (random.between(1, 4) + 1.5 * pop)
    return Math.max(round(usd), dustAllowed ? 1 : MIN_CONCENTRATED_USD)
  }
  const skew = () => (random.chance(DRAINED_SHARE) ? (random.chance(0.5) ? 1 : -1) * Math.round(random.between(3000, 4900)) : Math.round(random.between(-25, 25)))
  const pools: ScenarioPool[] = []
  const seen = new Set<string>(existing.map(keyOf))
  /** Draws until `key` is new; gives up after many tries (the counts ask for more pools than exist). */
  const unique = <T>(what: string, draw: () => { key: string; value: T } | undefined): T => {
    for (let attempt = 0; attempt < 10_000; attempt++) {
      const d = draw()
      if (d && !seen.has(d.key)) {
        seen.add(d.key)
        return d.value
      }
    }
    throw new Error(`chain ${chainId}: cannot draw another distinct ${what}; ask for fewer or add tokens`)
  }
  for (let i = 0; i < spec.uniswapV2; i++) {
    pools.push(unique('uniswap-v2 pair', () => {
      const { pair, kind } = drawPair()
      if (pair[0] === pair[1]) return undefined
      const value = { protocol: 'uniswap-v2' as const, tokens: pair, liquidityUsd: liquidityOf(pair, kind, true), priceSkewBps: skew() }
      return { key: keyOf(value), value }
    }))
  }
  for (let i = 0; i < spec.uniswapV3; i++) {
    pools.push(unique('uniswap-v3 pool', () => {
      const { pair, kind } = drawPair()
      const fee = random.pick(V3_FEES)
      if (pair[0] === pair[1]) return undefined
      const rangePct = random.chance(0.5) ? random.pick(RANGES) : undefined
      const value = { protocol: 'uniswap-v3' as const, tokens: pair, fee, ...(rangePct ? { rangePct } : {}), liquidityUsd: liquidityOf(pair, kind, false), priceSkewBps: skew() }
      return { key: keyOf(value), value }
    }))
  }
  const weth = listed.find((t) => t.kind === 'weth')?.symbol
  for (let i = 0; i < spec.uniswapV4; i++) {
    pools.push(unique('uniswap-v4 pool', () => {
      const { pair, kind } = drawPair()
      // A tenth of the pools that hold WETH hold native ETH instead, as on mainnet.
      const tokens = pair.map((s) => (s === weth && random.chance(0.1) ? 'ETH' : s)) as [string, string]
      const [fee, tickSpacing] = random.pick(V4_TIERS)
      if (tokens[0] === tokens[1] || pair[0] === pair[1]) return undefined
      const rangePct = random.chance(0.5) ? random.pick(RANGES) : undefined
      const value = { protocol: 'uniswap-v4' as const, tokens, fee, tickSpacing, ...(rangePct ? { rangePct } : {}), liquidityUsd: liquidityOf(pair, kind, false), priceSkewBps: skew() }
      return { key: keyOf(value), value }
    }))
  }
  for (let i = 0; i < spec.balancer; i++) {
    pools.push(unique('balancer pool', () => {
      const size = random.pick([2, 2, 2, 3, 3, 4])
      const set = new Set<string>([random.pick(hubs)])
      while (set.size < size) set.add(random.chance(0.3) ? random.pick(core) : drawTail())
      const members = [...set]
      const weights = random.pick(WEIGHTS[size]!)
      const swapFeeBps = random.pick([10, 30, 100])
      const value = { protocol: 'balancer-v2-weighted' as const, tokens: members, weights: [...weights], swapFeeBps, liquidityUsd: liquidityOf(members, 'hubTail', false), priceSkewBps: skew() }
      return { key: keyOf(value), value }
    }))
  }
  const vaults: WorldVault[] = []
  for (let j = 0; j < spec.vaults; j++) {
    const asset = random.chance(0.6) ? random.pick(hubs) : drawTail()
    vaults.push({
      symbol: `gv${asset}${j}`, name: `Generated ${asset} vault ${j}`, asset,
      depositUsd: round(10 ** random.between(3, 7)), sharePrice: Math.round((1 + random.between(0, 0.3)) * 1e4) / 1e4, nonce: tokens.length + j,
    })
  }
  return { tokens, pools, vaults }
}

function generateTokens(random: WorldRandom, count: number): WorldToken[] {
  const cumulative = DECIMALS.reduce<number[]>((acc, [, w]) => [...acc, (acc.at(-1) ?? 0) + w], [])
  return Array.from({ length: count }, (_, i) => ({
    symbol: `GT${i}`,
    name: `Generated Token ${i}`,
    decimals: DECIMALS[random.weighted(cumulative)]![0],
    // Six significant digits, from $0.0001 to about $3,000, log-uniform.
    priceUsd: Number((10 ** random.between(-4, 3.5)).toPrecision(6)),
    nonce: i,
  }))
}

/** Two distinct items. */
function twoOf(random: WorldRandom, items: readonly string[]): [string, string] {
  const a = random.pick(items)
  let b = random.pick(items)
  while (b === a) b = random.pick(items)
  return [a, b]
}

/** Three significant digits: amounts a person would write in a scenario. */
const round = (usd: number) => Number(usd.toPrecision(3))
