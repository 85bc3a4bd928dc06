import type { TokenGraph } from './types.js'

/**
 * Memo slots of the custom kernels: slot `k` (1 to 6) serves hop `k` of the layered searches, slot 0
 * anything else, slot {@link PROBE_MEMO_SLOT} the split's rate probe (a vanishing amount that no other
 * search asks for), slot {@link RECORDED_MEMO_SLOT} + k the recorded amounts of hop k that
 * `restoreForwardLayers` compares with.
 */
export const PROBE_MEMO_SLOT = 7
export const RECORDED_MEMO_SLOT = 8

/**
 * Float output of custom edge `e` (a kernel of its adapter's float model: concentrated liquidity,
 * weighted and stable pools...) for input `a`, remembering the last input and answer per edge and slot.
 *
 * The layered searches of one route ask each edge again and again for the same input: every run of a
 * search starts from the same source amount, so an edge whose tail keeps its best arrival (most of
 * them: a run's constraints change a few tokens) is quoted at the amount of the run before. The split
 * runs about ten searches at one amount. A custom kernel walks ticks or evaluates powers (~0.1–1 µs);
 * the memo costs a few reads. One entry per edge was not enough (issue 20): a run reads an edge at
 * several hop positions with different inputs (X→Y at hop 2 from X's arrival at hop 1, at hop 3 from
 * its arrival at hop 2), and the split's rate probe between the searches overwrote every entry it
 * touched, so on the large world 63 % of the calls missed. A slot per hop position (`slot`) keeps
 * each position's input. The answer is the kernel's, so no search result changes.
 */
export function quoteCustomEdge(graph: TokenGraph, e: number, a: number, slot = 0): number {
  const row = graph.edgeMemoRow[e]!
  if (row < 0) return graph.edgeCustom[e]!(a)
  let memo = graph.edgeMemo[slot]
  if (memo === undefined || row >= memo.in.length) memo = growMemo(graph, slot)
  if (memo.in[row] === a) return memo.out[row]!
  const v = graph.edgeCustom[e]!(a)
  memo.in[row] = a
  memo.out[row] = v
  return v
}

/** Slot `slot`'s memo with a row for every custom edge so far (its entries kept, new ones empty). */
function growMemo(graph: TokenGraph, slot: number): { in: Float64Array; out: Float64Array } {
  const old = graph.edgeMemo[slot]
  const memo = { in: new Float64Array(graph.memoRows).fill(Number.NaN), out: new Float64Array(graph.memoRows) }
  if (old !== undefined) {
    memo.in.set(old.in)
    memo.out.set(old.out)
  }
  graph.edgeMemo[slot] = memo
  return memo
}
