/**
 * Test support: routes built by hand as the engine returns them (tokens lowercase, WETH for the native
 * coin), their amounts from the rates of a `MockRouteChain`.
 */
import type { Address } from 'viem'
import type { FindRouteReturnType, RoutePath } from '../types.js'
import type { MockRouteChain } from './mockRouteChain.js'
import { lower } from './planRouteAccounts.js'

/** One step of a path: the pool and the token it swaps to (protocol `test-swap` unless given). */
export type Hop = { pool: Address; to: Address; protocol?: string }

/** A path from `from` through `hops`, its amounts from the ledger's rates. */
export function routePath(chain: MockRouteChain, from: Address, amountIn: bigint, hops: Hop[]): RoutePath {
  let amount = amountIn
  let token = lower(from)
  const steps = hops.map((h) => {
    const out = chain.quote(h.pool, amount)
    const step = { protocol: h.protocol ?? 'test-swap', action: 'swap' as const, primary: h.pool, tokenIn: token, tokenOut: lower(h.to), amountIn: amount, amountOut: out, data: {} }
    amount = out
    token = lower(h.to)
    return step
  })
  return { tokenIn: lower(from), tokenOut: token, amountIn, amountOut: amount, steps }
}

/** A pass-through path (input = output). */
export const passThroughPath = (token: Address, amount: bigint): RoutePath => ({ tokenIn: lower(token), tokenOut: lower(token), amountIn: amount, amountOut: amount, steps: [] })

/** A route over `paths`, spending `amountsIn`; each of `outputs` gets what the paths ending in it produce. */
export function handBuiltRoute(paths: RoutePath[], amountsIn: { token: Address; amount: bigint }[], outputs: Address[]): FindRouteReturnType {
  return {
    version: 'test',
    blockNumber: 1n,
    paths,
    amountsIn: amountsIn.map((i) => ({ token: lower(i.token), amount: i.amount })),
    amountsOut: outputs.map((o) => ({ token: lower(o), amount: paths.filter((p) => p.tokenOut === lower(o)).reduce((s, p) => s + p.amountOut, 0n) })),
    gasEstimate: 0n,
    certified: true,
  }
}
