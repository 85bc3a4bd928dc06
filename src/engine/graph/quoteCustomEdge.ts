import type { TokenGraph } from './types.js'

/**
 * Float output of custom edge `e` (a kernel of its adapter's float model: concentrated liquidity,
 * weighted and stable pools...) for input `a`, remembering the last input and answer per edge.
 *
 * The layered searches of one route ask each edge again and again for the same input: every run of a
 * search starts from the same source amount, so an edge whose tail keeps its best arrival (most of
 * them: a run's constraints change a few tokens) is quoted at the amount of the run before. The split
 * runs about ten searches at one amount. A custom kernel walks ticks or evaluates powers (~0.1–1 µs);
 * the memo costs two reads. The answer is the kernel's, so no search result changes.
 */
export function quoteCustomEdge(graph: TokenGraph, e: number, a: number): number {
  if (graph.edgeMemoIn[e] === a) return graph.edgeMemoOut[e]!
  const v = graph.edgeCustom[e]!(a)
  graph.edgeMemoIn[e] = a
  graph.edgeMemoOut[e] = v
  return v
}
