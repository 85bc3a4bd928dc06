import { InvalidBundleError } from '../../errors/bundle.js'
import { checkedAdd } from '../../schemas/checkedAdd.js'

/**
 * `a + b`, or a 400 AMOUNT_TOO_LARGE naming where (the action whose amount pushed the sum past
 * 2^256-1: `actions[2]`, `actions[0].args.callback[1]`) and what the sum is of.
 * @throws InvalidBundleError (AMOUNT_TOO_LARGE)
 */
export function addAmounts(a: bigint, b: bigint, { field, what }: { field: string; what: string }): bigint {
  const total = checkedAdd(a, b)
  if (total === undefined) throw new InvalidBundleError({ code: 'AMOUNT_TOO_LARGE', field, message: `${what} add up to more than 2^256-1` })
  return total
}
