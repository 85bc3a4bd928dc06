import { protocolAdaptersBySlug } from '../../src/protocols/registry.js'
import type { PoolEdge, PoolSnapshotBase } from '../../src/protocols/types.js'
import type { Leg } from './legsOfArbitrages.js'
import type { OptimalProblem } from './types.js'

/** One executed pool trade of an achievable routing, exact amounts. */
export type ExactTrade = {
  pool: string
  protocol: string
  tokenIn: string
  tokenOut: string
  amountIn: bigint
  amountOut: bigint
  /** Consecutive swaps the trade took (more than 1 only past a pool's hard cap on one swap's input). */
  swaps: number
}

/** Parameters of {@link executeLegs}. */
export type ExecuteLegsParameters = {
  legs: readonly Leg[]
  tokenIn: number
  tokenOut: number
  amountIn: bigint
  /**
   * Legs whose exact output would be under this many raw units are left out and their share goes to the
   * token's other legs (a leg giving 6 units of a token loses up to 1/6 to rounding). Default 0.
   */
  minOut?: bigint | undefined
}

/** Result of {@link executeLegs}. */
export type ExecuteLegsReturnType = {
  /** Exact tokenOut received. */
  amountOut: bigint
  /** The trades, in execution order (each spends only what earlier trades and amountIn provided). */
  trades: ExactTrade[]
  /** Legs left out: closing a cycle, unreachable from tokenIn, out of tokenOut or into tokenIn. */
  dropped: number
}

/**
 * Makes a routing out of suggested legs and evaluates it exactly with each pool's own bigint math (the
 * adapters' `swap`, pool states carried from trade to trade). Repair to feasibility: legs out of tokenOut or
 * into tokenIn and legs that close a cycle (depth-first from tokenIn, heaviest legs first) are dropped; then, in
 * topological order, each token spends exactly what it holds — amountIn for tokenIn, the exact outputs of the
 * trades into it otherwise — across its legs in proportion to their weights (the last leg takes the rounding;
 * legs that would give fewer than `minOut` units are left out first).
 * A trade a pool cannot take whole is cut: a V3 range run dry takes the largest input it accepts (bisection on
 * the exact quote); past Balancer's 30 % in-ratio the rest goes in further swaps of the largest input accepted
 * (32 at most); what a leg still cannot take goes to the token's other legs. So every intermediate token's net
 * flow is ≥ 0 and the input spent is ≤ amountIn, by construction, and the routing executes in the order returned.
 *
 * @returns the exact output and trades
 */
export function executeLegs(problem: OptimalProblem, { legs, tokenIn, tokenOut, amountIn, minOut = 0n }: ExecuteLegsParameters): ExecuteLegsReturnType {
  const n = problem.tokens.length
  const usable = legs.filter((l) => l.from !== tokenOut && l.to !== tokenIn && l.weight > 0 && Number.isFinite(l.weight))
  const out: Leg[][] = Array.from({ length: n }, () => [])
  for (const leg of usable) out[leg.from]!.push(leg)
  for (const list of out) list.sort((a, b) => b.weight - a.weight)
  // Iterative DFS from tokenIn: back edges close cycles and are dropped; reverse post-order is topological.
  const state = new Uint8Array(n)
  const kept = new Set<Leg>()
  const postOrder: number[] = []
  const stack: { token: number; next: number }[] = [{ token: tokenIn, next: 0 }]
  state[tokenIn] = 1
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    const leg = out[frame.token]![frame.next++]
    if (leg === undefined) {
      state[frame.token] = 2
      postOrder.push(frame.token)
      stack.pop()
      continue
    }
    if (state[leg.to] === 1) continue
    kept.add(leg)
    if (state[leg.to] === 0) {
      state[leg.to] = 1
      stack.push({ token: leg.to, next: 0 })
    }
  }
  const supply = new Map<number, bigint>([[tokenIn, amountIn]])
  const states = new Map<number, PoolSnapshotBase>()
  const trades: ExactTrade[] = []
  for (let k = postOrder.length - 1; k >= 0; k--) {
    const token = postOrder[k]!
    if (token === tokenOut) continue
    const held = supply.get(token) ?? 0n
    let mine = out[token]!.filter((l) => kept.has(l))
    if (held === 0n || mine.length === 0) continue
    let shares = allocate(held, mine)
    if (minOut > 0n) {
      // Drop the legs that would give too few units (quoted on the current states), then share again.
      const worthy = mine.filter((leg, i) => quoteLeg(problem, states, leg, shares[i]!) >= minOut)
      if (worthy.length > 0 && worthy.length < mine.length) {
        mine = worthy
        shares = allocate(held, mine)
      }
    }
    // What a leg cannot take (a pool past its cap) goes to the token's legs again, heaviest first.
    let leftover = 0n
    const run = (leg: Leg, amount: bigint): void => {
      const trade = executeLeg(problem, states, leg, amount)
      leftover += amount - (trade?.amountIn ?? 0n)
      if (trade === undefined) return
      trades.push(trade)
      supply.set(leg.to, (supply.get(leg.to) ?? 0n) + trade.amountOut)
    }
    mine.forEach((leg, i) => {
      if (shares[i]! > 0n) run(leg, shares[i]!)
    })
    for (const leg of mine) {
      if (leftover === 0n) break
      const amount = leftover
      leftover = 0n
      run(leg, amount)
    }
  }
  return { amountOut: supply.get(tokenOut) ?? 0n, trades, dropped: legs.length - kept.size }
}

/** Splits `held` across `legs` in proportion to their weights (sorted heaviest first); the last takes the rounding. */
function allocate(held: bigint, legs: readonly Leg[]): bigint[] {
  const top = legs[0]!.weight
  const units = legs.map((l) => BigInt(Math.floor((l.weight / top) * 2 ** 50)))
  const total = units.reduce((a, b) => a + b, 0n)
  let left = held
  return legs.map((_, i) => {
    const share = i === legs.length - 1 ? left : (held * units[i]!) / total
    left -= share
    return share
  })
}

function edgeOf(problem: OptimalProblem, leg: Leg): PoolEdge {
  const model = problem.pools[leg.pool]!
  return { tokenInIndex: model.tokens.indexOf(leg.from), tokenOutIndex: model.tokens.indexOf(leg.to), action: 'swap' }
}

function quoteLeg(problem: OptimalProblem, states: Map<number, PoolSnapshotBase>, leg: Leg, amountIn: bigint): bigint {
  const snapshot = states.get(leg.pool) ?? problem.snapshots[leg.pool]!
  return protocolAdaptersBySlug.get(snapshot.protocol)!.quote(snapshot, { edge: edgeOf(problem, leg), amountIn })
}

function executeLeg(problem: OptimalProblem, states: Map<number, PoolSnapshotBase>, leg: Leg, amountIn: bigint): ExactTrade | undefined {
  const first = states.get(leg.pool) ?? problem.snapshots[leg.pool]!
  const adapter = protocolAdaptersBySlug.get(first.protocol)!
  const edge = edgeOf(problem, leg)
  let snapshot = first
  let spent = 0n
  let received = 0n
  let swaps = 0
  // A trade past a hard cap (Balancer's 30 % in-ratio) runs as consecutive swaps of the largest input the pool
  // takes whole, found by bisection on the exact quote (0 past the cap, positive below it); a V3 range that
  // runs dry takes nothing more after its first swap.
  while (spent < amountIn && swaps < 32) {
    let amount = amountIn - spent
    let result = adapter.swap(snapshot, { edge, amountIn: amount })
    if (result.amountOut === 0n) {
      let lo = 0n
      let hi = amount
      while (hi - lo > 1n && hi - lo > hi / 1_000_000_000n) {
        const mid = (lo + hi) / 2n
        if (adapter.quote(snapshot, { edge, amountIn: mid }) > 0n) lo = mid
        else hi = mid
      }
      if (lo === 0n) break
      amount = lo
      result = adapter.swap(snapshot, { edge, amountIn: amount })
      if (result.amountOut === 0n) break
    }
    snapshot = result.snapshot
    spent += amount
    received += result.amountOut
    swaps++
  }
  if (swaps === 0) return undefined
  states.set(leg.pool, snapshot)
  return { pool: first.address, protocol: first.protocol, tokenIn: problem.tokens[leg.from]!, tokenOut: problem.tokens[leg.to]!, amountIn: spent, amountOut: received, swaps }
}
