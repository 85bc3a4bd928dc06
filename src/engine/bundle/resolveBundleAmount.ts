import { addBalanceOfSelf } from '../../encoding/planActions.js'
import { literalAmount, planMath } from '../../protocols/bundle/planValues.js'
import type { AmountArg, BundleActionContext, BundleValue } from '../../protocols/bundle/types.js'
import type { BundlePass, BundleScope } from './bundlePass.js'

/**
 * An amount argument as a plan value: a literal as itself (or, for a pulled input's last literal spend
 * under `spendReceivedInputs`, `min(literal, what the executor holds)`), a reference as the referenced
 * output of the scope's earlier action.
 * @throws InvalidBundleError (INVALID_REFERENCE)
 */
export function resolveBundleAmount(pass: BundlePass, { ctx, scope, arg }: { ctx: BundleActionContext; scope: BundleScope; arg: AmountArg }): BundleValue {
  if (typeof arg === 'bigint') {
    const pulled = scope.path === 'actions' ? pass.received?.get(scope.current)?.find((p) => p.literal === arg) : undefined
    if (pulled === undefined) return { kind: 'amount', value: arg, estimate: arg }
    // What a transfer tax left of the pulled amount: never more than asked, never more than held.
    const held = addBalanceOfSelf(scope.planner, { helpers: pass.params.helpers, token: pulled.token })
    return planMath(ctx, 'min', literalAmount(arg), { kind: 'amount', value: held, estimate: arg })
  }
  const value = scope.values[arg.at]?.[arg.index]
  if (value === undefined) return ctx.fail('INVALID_REFERENCE', 'useOutputOfCallAt', `action ${arg.at} has no output ${arg.index}`)
  return { ...value, kind: 'amount' }
}
