import { ReturnValue } from '../../encoding/value.js'
import { applySlippage } from '../../protocols/bundle/applySlippage.js'
import { planMinimum } from '../../protocols/bundle/planValues.js'
import type { BundleActionContext, BundleValue } from '../../protocols/bundle/types.js'
import type { BundlePass, BundleScope } from './bundlePass.js'

/**
 * Adds an in-plan check that `amount` is at least `quoted` less `bps`. A top-level check is counted in
 * `quotedChecks`; a measuring build leaves it out, and measured amounts replace the quote as its basis.
 * @returns the checked amount
 */
export function planQuotedMinimum(
  pass: BundlePass,
  { ctx, scope, amount, quoted, bps }: { ctx: BundleActionContext; scope: BundleScope; amount: BundleValue; quoted: bigint; bps: bigint },
): BundleValue {
  let basis = quoted
  if (scope.path === 'actions') {
    const k = pass.quotedChecks.length
    pass.quotedChecks.push(amount.value instanceof ReturnValue ? amount.value : undefined)
    if (pass.params.measureQuotedMinimums === true) return amount
    const measured = pass.params.measuredQuotedAmounts?.[k]
    if (measured !== undefined) basis = BigInt(measured)
  }
  const min = applySlippage(basis, bps)
  return planMinimum(ctx, amount, { kind: 'amount', value: min, estimate: min })
}
