/** Most results kept per pool state; past it the state's entries are dropped and kept anew. */
export const MEMO_ENTRIES_PER_STATE = 64

/**
 * A memo of a pure function of one pool state (an object never mutated: a trade makes a new one) and a string
 * key: a search quotes the same state at the same amounts many times (a split's trials re-run every leg from
 * the unmoved pools; measured on the hostile bench graph, two thirds of a split query's Curve quotes repeated
 * one before them). Entries go with their state (a WeakMap), at most {@link MEMO_ENTRIES_PER_STATE} each.
 * @returns a function computing `compute(state)` once per state and key
 */
export function memoizeByState<TState extends object, TResult>(): (state: TState, key: string, compute: () => TResult) => TResult {
  const memo = new WeakMap<TState, Map<string, TResult>>()
  return (state, key, compute) => {
    let entries = memo.get(state)
    if (entries !== undefined && entries.has(key)) return entries.get(key)!
    const result = compute()
    if (entries === undefined) memo.set(state, (entries = new Map()))
    else if (entries.size >= MEMO_ENTRIES_PER_STATE) entries.clear()
    entries.set(key, result)
    return result
  }
}
