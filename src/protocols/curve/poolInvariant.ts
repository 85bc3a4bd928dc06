import { ampAt, getD, type AmpRamp, type StableSwapMathVariant, xpOf } from './stableSwapMath.js'

/** What a pool's invariant depends on. */
type InvariantInputs = { balances: readonly bigint[]; rates: readonly bigint[]; ramp: AmpRamp; timestamp: bigint; variant?: StableSwapMathVariant | undefined }

type Entry = { rates: readonly bigint[]; amp: bigint; variant: StableSwapMathVariant | undefined; D: bigint }

/**
 * The invariant of a state, keyed on its balances array. Snapshots are never mutated (a trade makes new
 * balances), so the same array means the same balances; rates, A and generation are checked too.
 */
const memo = new WeakMap<readonly bigint[], Entry>()

/** Equal rates; compared by value, since a metapool's view builds a new rates array on every quote. */
function sameRates(a: readonly bigint[], b: readonly bigint[]): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false
  return true
}

/**
 * `get_D(xp, A)` of the pool state `s`, computed once per state: a search re-quotes the same state many
 * times (each trial split of a route re-runs its legs from the unmoved pool), and `get_D`'s Newton
 * iteration is most of a swap's cost (measured on the hostile bench graph: 50 % of a split query's CPU).
 * @throws CurveMathRevert as `getD` does (not memoized)
 */
export function poolInvariant(s: InvariantInputs): bigint {
  const amp = ampAt(s.ramp, s.timestamp)
  const hit = memo.get(s.balances)
  if (hit !== undefined && sameRates(hit.rates, s.rates) && hit.amp === amp && hit.variant === s.variant) return hit.D
  const D = getD(xpOf(s.balances, s.rates), amp, s.variant)
  memo.set(s.balances, { rates: s.rates, amp, variant: s.variant, D })
  return D
}
