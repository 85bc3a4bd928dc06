import { CurrencyAmount, Token, TradeType } from '@uniswap/sdk-core'
import { Pair, Trade } from '@uniswap/v2-sdk'
import type { BenchGraph, BenchQuery } from './types.js'

/** The peer router: @uniswap/v2-sdk over the direct pair and the pairs among the base tokens. */
export type V2SdkPeer = {
  /** Base tokens used (the graph's top hubs by pool count). */
  bases: string[]
  /** Best output (0n when the SDK finds no trade) and the token path it chose. */
  quote(query: BenchQuery): { amountOut: bigint; path: string[] }
}

/**
 * Builds the peer like the Uniswap interface calls it: `Trade.bestTradeExactIn` with maxHops 3 and
 * maxNumResults 1 over the pairs among {tokenIn, tokenOut, bases} (BASES_TO_CHECK_TRADES_AGAINST
 * style). Tokens and Pair objects are built once up front, which favours the peer.
 */
export function createV2SdkPeer(graph: BenchGraph, { baseCount = 6 }: { baseCount?: number } = {}): V2SdkPeer {
  const tokens = new Map(graph.tokens.map((t) => [t.address.toLowerCase(), new Token(1, t.address, t.decimals, t.symbol)]))
  const degree = new Map<string, number>()
  const pairs = new Map<string, Pair>()
  const key = (a: string, b: string): string => (a < b ? `${a}:${b}` : `${b}:${a}`)
  for (const pool of graph.pools) {
    const a = pool.token0.toLowerCase()
    const b = pool.token1.toLowerCase()
    degree.set(a, (degree.get(a) ?? 0) + 1)
    degree.set(b, (degree.get(b) ?? 0) + 1)
    if (BigInt(pool.reserve0) === 0n || BigInt(pool.reserve1) === 0n) continue
    pairs.set(key(a, b), new Pair(CurrencyAmount.fromRawAmount(tokens.get(a)!, pool.reserve0), CurrencyAmount.fromRawAmount(tokens.get(b)!, pool.reserve1)))
  }
  const bases = [...degree.entries()].sort((x, y) => y[1] - x[1]).slice(0, baseCount).map(([t]) => t)
  return {
    bases,
    quote(query) {
      const tokenIn = query.tokenIn.toLowerCase()
      const tokenOut = query.tokenOut.toLowerCase()
      // A token no V2 pool holds (an LP token, SY or PT of the other families): no V2 route.
      if (!tokens.has(tokenIn) || !tokens.has(tokenOut)) return { amountOut: 0n, path: [] }
      const candidates = new Set<string>([key(tokenIn, tokenOut)])
      for (const base of bases) {
        candidates.add(key(tokenIn, base))
        candidates.add(key(tokenOut, base))
        for (const other of bases) if (other !== base) candidates.add(key(base, other))
      }
      const available: Pair[] = []
      for (const k of candidates) {
        const pair = pairs.get(k)
        if (pair !== undefined) available.push(pair)
      }
      const trades = Trade.bestTradeExactIn(available, CurrencyAmount.fromRawAmount(tokens.get(tokenIn)!, query.amountIn), tokens.get(tokenOut)!, {
        maxHops: 3,
        maxNumResults: 1,
      })
      const trade = trades[0]
      if (trade === undefined || trade.tradeType !== TradeType.EXACT_INPUT) return { amountOut: 0n, path: [] }
      return { amountOut: BigInt(trade.outputAmount.quotient.toString()), path: trade.route.path.map((t) => t.address.toLowerCase()) }
    },
  }
}
