import { LRUCache } from 'lru-cache'
import type { PoolStates } from '../graph/poolStates.js'
import type { SearchContext, SearchMask } from './searchContext.js'

/** Answers {@link memoOnBlockState} keeps per search context (one context per snapshot version and worker). */
export const BLOCK_STATE_MEMO_ENTRIES = 1024

/** Parameters of {@link memoOnBlockState}. */
export type MemoOnBlockStateParameters<T> = {
  /** Everything the answer depends on besides the block state and the mask's adapters. */
  key: string
  states: PoolStates
  mask: SearchMask
  compute: () => T
}

/**
 * `compute()`, kept in the search context for the next call with the same key, when the search runs on
 * the block state itself: no pool moved by an earlier leg (`states.movedCount`) and no pool banned by
 * the request (`mask.poolBanned`); otherwise it is computed every time. A context is one snapshot
 * version, so an answer never outlives its block. The value is shared by every caller: read it only.
 */
export function memoOnBlockState<T>(context: SearchContext, { key, states, mask, compute }: MemoOnBlockStateParameters<T>): T {
  if (states.movedCount > 0 || mask.poolBanned !== undefined) return compute()
  const memo = (context.blockStateMemo ??= new LRUCache<string, object>({ max: BLOCK_STATE_MEMO_ENTRIES }))
  const full = `${key}|${mask.adapterEnabled.join('')}`
  const known = memo.get(full) as { value: T } | undefined
  if (known !== undefined) return known.value
  const value = compute()
  memo.set(full, { value })
  return value
}
