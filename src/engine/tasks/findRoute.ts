import { InvalidRouteParametersError, NoRouteError } from '../../errors/engine.js'
import type { PoolSnapshotBase } from '../../protocols/types.js'
import { PoolStates } from '../graph/poolStates.js'
import { createSearchMask } from '../search/createSearchMask.js'
import { collectLegCandidates } from '../search/collectLegCandidates.js'
import { findBestPath } from '../search/findBestPath.js'
import { evaluateLegs } from '../search/evaluateLegs.js'
import { findSplitRoute, type FindSplitRouteReturnType } from '../search/findSplitRoute.js'
import type { PathQuote } from '../search/quotePath.js'
import type { SearchContext } from '../search/searchContext.js'
import type { FindRouteParameters, FindRouteReturnType, RouteCandidate, RoutePath, RouteStep } from '../types.js'

export type { FindRouteParameters, FindRouteReturnType } from '../types.js'

export type FindRouteErrorType = NoRouteError | InvalidRouteParametersError

const DEFAULT_MAX_HOPS = 4
const DEFAULT_MAX_SPLITS = 4

/**
 * Finds a route for several inputs and outputs on one snapshot. Pure: graph in, plain data out.
 *
 * Semantics of multi-input/multi-output: every input amount is divided across the outputs by the
 * outputs' shares (default equal; `amount * share / sum(shares)` floored, the last output takes the
 * remainder), and each
 * input→output leg is routed independently (best single path, or split over up to `maxSplits` paths).
 * Legs are searched and executed in order (inputs, then outputs) against a shared pool state, so a
 * pool used by an earlier leg is quoted in the state that leg left. An input equal to an output
 * passes through without steps. Conservation holds exactly: each input's legs spend exactly its
 * amount, and each output's total is the sum of its legs' last-step outputs.
 *
 * @example
 * findRoute(context, { tokensIn: [{ token: weth, amount: 10n ** 18n }], tokensOut: [{ token: usdc }] })
 * @throws {FindRouteErrorType} NoRouteError when a leg has no path with positive output
 */
export function findRoute(context: SearchContext, parameters: FindRouteParameters): FindRouteReturnType {
  const graph = context.graph
  const maxHops = parameters.maxHops ?? DEFAULT_MAX_HOPS
  const maxSplits = parameters.maxSplits ?? DEFAULT_MAX_SPLITS
  if (!Number.isInteger(maxHops) || maxHops < 1 || maxHops > 6) throw new InvalidRouteParametersError({ reason: `maxHops must be 1-6, got ${maxHops}` })
  if (!Number.isInteger(maxSplits) || maxSplits < 1 || maxSplits > 16) throw new InvalidRouteParametersError({ reason: `maxSplits must be 1-16, got ${maxSplits}` })
  if (parameters.tokensIn.length === 0 || parameters.tokensOut.length === 0) throw new InvalidRouteParametersError({ reason: 'at least one input and one output are required' })
  const indexOf = (token: string): number => {
    const i = graph.tokenIndex.get(token.toLowerCase())
    if (i === undefined) throw new NoRouteError({ reason: `token ${token} has no pool in snapshot ${graph.version}` })
    return i
  }
  const inputs = parameters.tokensIn.map((input) => {
    if (input.amount <= 0n) throw new InvalidRouteParametersError({ reason: `amount of ${input.token} must be positive` })
    return { token: input.token.toLowerCase(), index: indexOf(input.token), amount: input.amount }
  })
  const shares = parameters.tokensOut.map((output) => {
    const share = output.share ?? 1
    if (!(share > 0) || !Number.isFinite(share)) throw new InvalidRouteParametersError({ reason: `share of ${output.token} must be positive` })
    return share
  })
  const outputs = parameters.tokensOut.map((output) => ({ token: output.token.toLowerCase(), index: indexOf(output.token) }))
  // Integer shares are used as they are; fractional ones at 1e-9 resolution, so amounts split in bigint.
  const integral = shares.every((s) => Number.isSafeInteger(s))
  const shareUnits = shares.map((s) => (integral ? BigInt(s) : BigInt(Math.max(1, Math.round(s * 1e9)))))
  const shareTotal = shareUnits.reduce((a, b) => a + b, 0n)
  const mask = createSearchMask(graph, parameters)
  const states = new PoolStates(graph)
  const paths: RoutePath[] = []
  const totals = new Map<string, bigint>(outputs.map((o) => [o.token, 0n]))
  let gasEstimate = 0n
  let certified = true
  const candidates: RouteCandidate[] = []
  let legIndex = -1

  // `met` holds the pools earlier paths of the same leg moved, so each step's data sees the state its quote met.
  const toPath = (quote: PathQuote, met: Map<number, PoolSnapshotBase>): RoutePath => {
    const steps: RouteStep[] = quote.edges.map((e, h) => {
      const poolIndex = graph.edgePool[e]!
      const pool = graph.pools[poolIndex]!
      const spec = graph.edgeSpec[e]!
      const state = met.get(poolIndex) ?? states.get(poolIndex)
      const data = pool.adapter.getStepData(state, spec, quote.amounts[h]!)
      met.set(poolIndex, pool.adapter.swap(state, { edge: spec, amountIn: quote.amounts[h]! }).snapshot)
      return {
        protocol: pool.adapter.slug,
        action: spec.action,
        primary: pool.snapshot.address,
        tokenIn: graph.tokens[graph.edgeTail[e]!]!,
        tokenOut: graph.tokens[graph.edgeHead[e]!]!,
        amountIn: quote.amounts[h]!,
        amountOut: quote.amounts[h + 1]!,
        data,
      }
    })
    return {
      tokenIn: graph.tokens[graph.edgeTail[quote.edges[0]!]!]!,
      tokenOut: graph.tokens[graph.edgeHead[quote.edges[quote.edges.length - 1]!]!]!,
      amountIn: quote.amounts[0]!,
      amountOut: quote.amountOut,
      steps,
    }
  }

  let remainingLegs = inputs.length * outputs.length
  try {
    for (const input of inputs) {
      let assigned = 0n
      outputs.forEach((output, j) => {
        remainingLegs--
        legIndex++
        const amountIn = j === outputs.length - 1 ? input.amount - assigned : (input.amount * shareUnits[j]!) / shareTotal
        assigned += amountIn
        if (amountIn === 0n) return
        if (input.index === output.index) {
          paths.push({ tokenIn: input.token, tokenOut: output.token, amountIn, amountOut: amountIn, steps: [] })
          totals.set(output.token, totals.get(output.token)! + amountIn)
          return
        }
        const gasPriceWad = parameters.gasPriceInTokenOutWad?.[output.token] ?? 0n
        const leg = { source: input.index, target: output.index, amountIn, maxHops, mask, gasPriceWad, states }
        const readsBefore = context.edgeReads
        const single = findBestPath(context, leg)
        certified &&= single.certified
        if (single.best === undefined)
          throw new NoRouteError({
            reason: single.certified
              ? `no path from ${input.token} to ${output.token} within ${maxHops} hops for ${amountIn}`
              : `no paying path from ${input.token} to ${output.token} found within the search budget (${single.dpRuns} layered searches, ${context.edgeReads - readsBefore} edges read, ${maxHops} hops, ${amountIn}); fewer hops may find one`,
          })
        let quotes: readonly PathQuote[] = [single.best]
        let amountOut = single.best.amountOut
        let moved: Map<number, PoolSnapshotBase> | undefined
        let split: FindSplitRouteReturnType | undefined
        if (maxSplits > 1) {
          split = findSplitRoute(context, { ...leg, maxSplits, single: single.best.edges, chunks: parameters.splitChunks })
          quotes = split.best.legs
          amountOut = split.best.amountOut
          moved = split.best.moved
        }
        if (parameters.explain === true) candidates.push(...collectLegCandidates(context, { ...leg, leg: legIndex, single: single.best, split, chosen: quotes }))
        const met = new Map<number, PoolSnapshotBase>()
        for (const quote of quotes) {
          paths.push(toPath(quote, met))
          gasEstimate += quote.gas
        }
        totals.set(output.token, totals.get(output.token)! + amountOut)
        // Later legs see the pools this one moved; the last leg has no successor to inform.
        if (remainingLegs > 0) {
          moved ??= evaluateLegs(states, { legs: [{ edges: single.best.edges, amountIn }], gasPriceWad }).moved
          for (const [poolIndex, snapshot] of moved) states.set(poolIndex, snapshot)
        }
      })
    }
  } finally {
    states.restore()
  }
  return {
    version: graph.version,
    blockNumber: graph.blockNumber,
    paths,
    amountsIn: inputs.map((i) => ({ token: i.token, amount: i.amount })),
    amountsOut: outputs.map((o) => ({ token: o.token, amount: totals.get(o.token)! })),
    gasEstimate,
    certified,
    ...(parameters.explain === true ? { candidates } : {}),
  }
}
