/** Test support: checks a findSplitRoute result against the exact optimum of independent paths. */
import { expect } from 'vitest'
import type { FindSplitRouteReturnType } from '../search/findSplitRoute.js'
import { continuousOptimum, type PathShape } from './continuousOptimum.js'

/**
 * Checks the result against the optimum ({@link continuousOptimum}): never above it, and within
 * `tolerance` of an integer split near it.
 * @param paths - each path's shape and its exact output for an input
 */
export function checkSplitOptimal(result: FindSplitRouteReturnType, paths: { shape: PathShape; exact: (x: bigint) => bigint }[], amountIn: bigint, tolerance: number): void {
  const { max, at } = continuousOptimum(paths.map((p) => p.shape), Number(amountIn))
  expect(Number(result.best.amountOut)).toBeLessThanOrEqual(max * (1 + 1e-12))
  const xs = at.map((x) => BigInt(Math.floor(x)))
  xs[xs.length - 1]! += amountIn - xs.reduce((s, x) => s + x, 0n)
  const achievable = paths.reduce((s, p, i) => s + (xs[i]! > 0n ? p.exact(xs[i]!) : 0n), 0n)
  expect(Number(achievable)).toBeLessThanOrEqual(max * (1 + 1e-12))
  expect(Number(achievable - result.best.amountOut) / Number(achievable)).toBeLessThan(tolerance)
}
