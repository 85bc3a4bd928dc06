import type { Address } from 'viem'
import type { BundleValue } from '../../protocols/bundle/types.js'
import type { SearchContext } from '../search/searchContext.js'
import { createBundlePass, type PulledSpend, type SearchBundleRoute } from './bundlePass.js'
import { deliverDelegateGains } from './deliverDelegateGains.js'
import { findLastPulledSpends } from './findLastPulledSpends.js'
import { finishBundlePlan } from './finishBundlePlan.js'
import { planRouterSweeps } from './planRouterSweeps.js'
import { readGainBaselines } from './readGainBaselines.js'
import { runBundleActions } from './runBundleActions.js'
import type { BuildBundleParameters, BuildBundleReturnType } from './types.js'

/** Parameters of {@link runBundlePass}: what an earlier pass found, for this one to act on. */
export type RunBundlePassParameters = {
  searchRoute: SearchBundleRoute
  params: BuildBundleParameters
  /** Delegate: the tokens the wallet gains, to measure in-plan and deliver exactly (none on a first pass). */
  gains: readonly Address[]
  /** Router: the pulled inputs' last literal spends to replace by what arrived (none on a first pass). */
  received: ReadonlyMap<number, PulledSpend[]> | undefined
}

/** One pass's plan, and what a second pass needs. */
export type RunBundlePassReturnType = {
  result: BuildBundleReturnType
  /** Delegate: the tokens the wallet gains. */
  gains: Address[]
  /** Router, under `spendReceivedInputs`: the pulled inputs' last literal spends, by action index. */
  lastPulledSpends: Map<number, PulledSpend[]>
}

/**
 * One pass over the bundle: the actions in order, then the strategy's ending (the router sweeps our
 * executor empty; the delegate transfers the wallet's gains), then the encoded plan.
 * @throws InvalidBundleError, NoRouteError, TooManyStateSlotsError
 */
export function runBundlePass(search: SearchContext, { searchRoute, params, gains, received }: RunBundlePassParameters): RunBundlePassReturnType {
  const pass = createBundlePass(search, { searchRoute, params, received })
  const before = readGainBaselines(pass, { gains })
  const values: BundleValue[][] = []
  runBundleActions(pass, { scope: { planner: pass.planner, values, path: 'actions', current: 0 }, actions: params.actions })
  let netGains: Address[] = []
  if (params.strategy === 'router') planRouterSweeps(pass)
  else netGains = deliverDelegateGains(pass, { before })
  const result = finishBundlePlan(pass, { values })
  return { gains: netGains, lastPulledSpends: findLastPulledSpends(pass), result }
}
