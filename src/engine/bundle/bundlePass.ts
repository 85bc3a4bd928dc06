import type { Address } from 'viem'
import { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import type { BundleBridgeLeg, BundleRouteStep, BundleValue } from '../../protocols/bundle/types.js'
import type { SearchContext } from '../search/searchContext.js'
import type { FindRouteParameters, FindRouteReturnType } from '../tasks/findRoute.js'
import type { BuildBundleParameters } from './types.js'

/** The engine's route search on the bundle's snapshot (memoized across a build's passes). */
export type SearchBundleRoute = (p: FindRouteParameters) => FindRouteReturnType

/** A literal spend of a pulled token by a top-level action: the one `spendReceivedInputs` replaces. */
export type PulledSpend = { token: Address; literal: bigint }

/** One list of actions being built: the bundle, or a callback with its own planner and references. */
export type BundleScope = { planner: Planner; values: BundleValue[][]; path: string; current: number }

/** Where a delivered token goes, with the build-time estimate of the amount. */
export type BundleDelivery = { token: Address; receiver: Address; estimate: bigint | undefined }

/**
 * What one pass over a bundle's actions builds and tracks: the top-level planner, the executing
 * contract's balances (to know what must be pulled and what is delivered), the route steps, bridges
 * and checks against a quote. Every step of the pass reads and updates it; nothing outlives the pass.
 */
export type BundlePass = {
  search: SearchContext
  searchRoute: SearchBundleRoute
  params: BuildBundleParameters
  /** Literal spends of pulled inputs to replace by what arrived (by top-level action index), or none. */
  received: ReadonlyMap<number, PulledSpend[]> | undefined
  /** The top-level plan. */
  planner: Planner
  /** What the executing contract holds (lowercase token → build-time amount). */
  holdings: Map<string, bigint>
  /** What the sender must bring (lowercase token → amount). */
  inputs: Map<string, bigint>
  /** Tokens an action delivered to the executing contract. */
  produced: Set<string>
  /** Tokens the bundle spent or received in the executing contract (the router sweeps them). */
  touched: Set<string>
  /** Tokens an action yields in an amount only execution knows (a call's tokenOut). */
  unknownSupply: Set<string>
  /** Deliveries by `receiver:token` (lowercase). */
  deliveries: Map<string, BundleDelivery>
  /** Per token, its last spend when that was a literal amount of a top-level action (null otherwise). */
  lastSpend: Map<string, { at: number; literal: bigint } | null>
  route: BundleRouteStep[]
  bridges: BundleBridgeLeg[]
  /** Checks against a quote in the top-level plan, in plan order, by checked amount. */
  quotedChecks: (ReturnValue | undefined)[]
}

const lower = (a: string) => a.toLowerCase()

/**
 * Starts one pass: an empty plan, and the executing contract's balances before the bundle.
 * @returns the pass's state
 */
export function createBundlePass(
  search: SearchContext,
  { searchRoute, params, received }: { searchRoute: SearchBundleRoute; params: BuildBundleParameters; received: ReadonlyMap<number, PulledSpend[]> | undefined },
): BundlePass {
  const pass: BundlePass = {
    search,
    searchRoute,
    params,
    received,
    planner: new Planner(),
    holdings: new Map<string, bigint>(Object.entries(params.initialBalances).map(([k, v]) => [lower(k), v])),
    inputs: new Map(),
    produced: new Set(),
    touched: new Set(),
    unknownSupply: new Set(),
    deliveries: new Map(),
    lastSpend: new Map(),
    route: [],
    bridges: [],
    quotedChecks: [],
  }
  // Our executor sweeps what it holds at the start too (a bridge callback's delivered tokens).
  if (params.strategy === 'router') for (const key of pass.holdings.keys()) pass.touched.add(key)
  return pass
}
