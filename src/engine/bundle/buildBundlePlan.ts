import { maxStateSlots } from '../../encoding/commandFormat.js'
import { InvalidBundleError } from '../../errors/bundle.js'
import { TooManyStateSlotsError } from '../../errors/encoding.js'
import type { SearchContext } from '../search/searchContext.js'
import { findRoute, type FindRouteParameters, type FindRouteReturnType } from '../tasks/findRoute.js'
import { runBundlePass } from './runBundlePass.js'
import type { BuildBundleParameters, BuildBundleReturnType } from './types.js'

/**
 * Builds the weiroll plan of a bundle: each action in order adds its commands through its protocol's
 * declaration, references become state handles (wired at execution time), and the context tracks the
 * executing contract's balances to know what must be pulled and what is delivered. Under the router
 * strategy every token the bundle touched is swept at the end (produced tokens to the receiver, the
 * rest to the refund receiver), so our executor ends empty; under the delegate strategy the wallet keeps
 * its funds and the bundle's net gains go to the receiver when it is another address.
 * Pure: runs in an engine worker over the snapshot's search context.
 * @throws InvalidBundleError, NoRouteError
 */
export function buildBundlePlan(search: SearchContext, params: BuildBundleParameters): BuildBundleReturnType {
  try {
    return buildPasses(search, params)
  } catch (error) {
    // The caller's literals (an `enso call`'s arrays, mostly) filled the VM's state: their bundle, their 400.
    if (error instanceof TooManyStateSlotsError) {
      throw new InvalidBundleError({ code: 'INVALID_ACTION', field: 'actions', message: `the bundle's plan needs more than ${maxStateSlots} state values (the weiroll VM's limit): use fewer distinct literal arguments, or split the bundle` })
    }
    throw error
  }
}

function buildPasses(search: SearchContext, params: BuildBundleParameters): BuildBundleReturnType {
  // Both passes route the same legs: each route is searched once.
  const searched = new Map<string, FindRouteReturnType>()
  const searchRoute = (p: FindRouteParameters): FindRouteReturnType => {
    const key = JSON.stringify(p, (_, v) => (typeof v === 'bigint' ? v.toString() : v))
    let found = searched.get(key)
    if (found === undefined) searched.set(key, (found = findRoute(search, p)))
    return found
  }
  // Pass 1 finds the delegate's net outputs; pass 2 measures them in-plan and delivers exactly them.
  // Under the router, pass 2 (when asked) spends what arrived of each pulled input at its last spend.
  const first = runBundlePass(search, { searchRoute, params, gains: [], received: undefined })
  if (params.strategy === 'router') {
    if (params.spendReceivedInputs !== true || first.lastPulledSpends.size === 0) return first.result
    return runBundlePass(search, { searchRoute, params, gains: [], received: first.lastPulledSpends }).result
  }
  if (params.receiver.toLowerCase() === params.self.toLowerCase()) return first.result
  return runBundlePass(search, { searchRoute, params, gains: first.gains, received: undefined }).result
}
