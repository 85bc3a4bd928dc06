import { type Address, getAddress } from 'viem'
import type { BundleValue } from '../../protocols/bundle/types.js'
import { isNativeAddress } from '../../schemas/fields.js'
import { addAmounts } from './addAmounts.js'
import type { BundlePass, BundleScope } from './bundlePass.js'

/**
 * Records that the executing contract spends `amount` of `token`: from what it holds, else from an
 * amount only execution knows, else what is missing is pulled from the sender.
 * @throws InvalidBundleError (AMOUNT_TOO_LARGE)
 */
export function recordSpend(pass: BundlePass, { scope, token, amount }: { scope: BundleScope; token: Address; amount: BundleValue }): void {
  const key = token.toLowerCase()
  pass.touched.add(key)
  pass.lastSpend.set(key, scope.path === 'actions' && typeof amount.value === 'bigint' ? { at: scope.current, literal: amount.value } : null)
  const need = amount.estimate ?? 0n
  const have = pass.holdings.get(key) ?? 0n
  if (have >= need) pass.holdings.set(key, have - need)
  // A token an earlier action yields in an amount only execution knows (a call's tokenOut) covers
  // its later spends: nothing is pulled from the sender for it.
  else if (pass.unknownSupply.has(key)) pass.holdings.set(key, 0n)
  else {
    pass.holdings.set(key, 0n)
    const what = `the amounts of ${isNativeAddress(token) ? 'the native coin' : getAddress(token)} the sender must bring`
    pass.inputs.set(key, addAmounts(pass.inputs.get(key) ?? 0n, need - have, { field: `${scope.path}[${scope.current}]`, what }))
  }
}
