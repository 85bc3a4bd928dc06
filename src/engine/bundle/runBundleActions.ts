import { BaseError } from '../../errors/base.js'
import { InvalidBundleError } from '../../errors/bundle.js'
import { bundleActionsByKey } from '../../protocols/bundleRegistry.js'
import type { BundlePass, BundleScope } from './bundlePass.js'
import { createBundleActionContext } from './createBundleActionContext.js'
import type { ParsedBundleAction } from './types.js'

/**
 * Builds `actions` in order into `scope` through their protocols' declarations, and records each
 * action's outputs in `scope.values` (top-level outputs a simulation measured replace their estimates).
 * A callback's actions run here too, in a scope of their own.
 * @throws InvalidBundleError (UNKNOWN_ACTION, BRIDGE_NOT_SUPPORTED, INVALID_ACTION, or the action's own), NoRouteError
 */
export function runBundleActions(pass: BundlePass, { scope, actions }: { scope: BundleScope; actions: readonly ParsedBundleAction[] }): void {
  const ctx = createBundleActionContext(pass, { scope, runActions: runBundleActions })
  actions.forEach((action, i) => {
    scope.current = i
    const definition = bundleActionsByKey.get(`${action.protocol}:${action.action}`)
    // A flash-loan callback's plan travels inside a call's arguments, out of the service's reach.
    if (scope.path !== 'actions' && (action.action === 'bridge' || (action.args as { destinationChainId?: unknown }).destinationChainId !== undefined)) {
      throw new InvalidBundleError({ code: 'BRIDGE_NOT_SUPPORTED', field: `${scope.path}[${i}]`, message: 'a bridge cannot run inside a flash-loan callback; bridge before or after the loan' })
    }
    if (!definition) throw new InvalidBundleError({ code: 'UNKNOWN_ACTION', field: `${scope.path}[${i}]`, message: `unknown action ${action.protocol} ${action.action}` })
    try {
      const built = [...definition.build(ctx, action.args)]
      const known = scope.path === 'actions' ? pass.params.knownOutputs?.[i] : undefined
      scope.values.push(known ? built.map((v, k) => (known[k] === undefined ? v : { ...v, estimate: BigInt(known[k]!) })) : built)
    } catch (error) {
      if (error instanceof BaseError) throw error
      throw new InvalidBundleError({ code: 'INVALID_ACTION', field: `${scope.path}[${i}]`, message: error instanceof Error ? error.message.split('\n')[0]! : String(error) })
    }
  })
}
