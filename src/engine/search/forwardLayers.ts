import { findEdgeRun } from '../graph/findEdgeRun.js'
import { RECORDED_MEMO_SLOT } from '../graph/quoteCustomEdge.js'
import { type DpConstraints, RANDOM_READ_COST, hasPair, quoteEdgeFloat, wholeUnits } from './dpKernel.js'
import type { DpScratch, SearchContext, SearchMask } from './searchContext.js'

export type { ForwardLayers, ForwardShare } from './searchContext.js'

type LayerQuery = { source: number; target: number; amountIn: number; maxHops: number; mask: SearchMask }

/**
 * Fewest hops at which runs share forward layers. At 3 hops they are hop 1 (the source's out-edges) and
 * the last relaxation, which the DP already reads from its cheapest side: the patch cost more than it
 * saved (split p50 on the medium bench graph 0.65 → 0.79 ms). At 4 hops hop 2 reads the out-edges of
 * every token next to the source, most of the graph from a hub.
 */
export const FORWARD_LAYERS_MIN_HOPS = 4

/** Records a context keeps (the split's searches run at two amounts: amountIn/maxSplits and one chunk). */
export const FORWARD_LAYER_RECORDS = 2

/**
 * Keeps layers 1 to `layers` of the run in `s` (run id `run`) in the context: in the record of the
 * same amount, else in the older of {@link FORWARD_LAYER_RECORDS}.
 */
export function recordForwardLayers(context: SearchContext, query: LayerQuery, s: DpScratch, run: number, layers: number): void {
  const n = context.graph.tokens.length
  const H = query.maxHops
  const records = (context.forwardLayers ??= [])
  let slot = records.findIndex((r) => r.amountIn === query.amountIn)
  if (slot < 0) slot = records.length < FORWARD_LAYER_RECORDS ? records.length : records.reduce((oldest, r, i) => (r.recorded < records[oldest]!.recorded ? i : oldest), 0)
  let f = records[slot]
  if (f === undefined || f.tokens.length < H || f.mark.length !== n) {
    f = {
      source: -1,
      target: -1,
      amountIn: NaN,
      maxHops: 0,
      adapterEnabled: query.mask.adapterEnabled,
      poolBanned: undefined,
      floatEdits: -1,
      layers: 0,
      recorded: 0,
      tokens: Array.from({ length: H }, () => new Int32Array(n)),
      length: new Int32Array(H),
      value: new Float64Array(H * n),
      second: new Float64Array(H * n),
      back: new Int32Array(H * n),
      pass: 0,
      mark: new Int32Array(n),
      changedMark: new Int32Array(n),
      changedOld: new Float64Array(n),
      changed: new Int32Array(n),
      next: new Int32Array(n),
      affected: new Int32Array(n),
    }
    records[slot] = f
  }
  Object.assign(f, { recorded: (context.forwardRecords = (context.forwardRecords ?? 0) + 1), source: query.source, target: query.target, amountIn: query.amountIn, maxHops: H, adapterEnabled: query.mask.adapterEnabled, poolBanned: query.mask.poolBanned, floatEdits: context.graph.floatEdits ?? 0, layers })
  for (let k = 1; k <= layers; k++) {
    const length = s.frontierLength[k]!
    f.length[k] = length
    const list = s.frontier[k]!
    const tokens = f.tokens[k]!
    for (let i = 0; i < length; i++) {
      const Y = list[i]!
      tokens[i] = Y
      const idx = k * n + Y
      f.value[idx] = s.value[idx]!
      f.second[idx] = s.second[idx]!
      f.back[idx] = s.back[idx]!
    }
  }
}

/**
 * Fills layers 1 to min(kept, `layers`) of run `run` in `s` from the kept layers when they match the
 * query (else returns undefined and touches nothing), then recomputes what the `extra` pools change.
 * Bans only take edges away, so every amount can only fall (kernels are monotone, as the DP assumes):
 * at each layer, a token's best and second-best amounts change only if an edge whose input fell (an
 * out-edge of a token whose amount fell one layer before, or an edge of an extra pool) brought it at
 * least its second-best amount before; each such edge is quoted at its old input, and only the tokens
 * it reaches that way are relaxed again from all their in-edges. Quotes are the DP's own (same
 * kernels, rounding and filters; at layer H-1 only the target's in-neighbours), and a token's best and
 * second-best amounts are the two largest of the same multiset whatever the order the edges are read
 * in, so every amount equals a fresh run's; only which of two edges of exactly equal float amounts is
 * kept as the best may differ. Returns the layers filled and the edges read.
 */
export function restoreForwardLayers(context: SearchContext, query: LayerQuery, { extra, base, constraints: c, near }: { extra: readonly number[]; base: Uint8Array | undefined; constraints?: DpConstraints | undefined; near?: { reverseCost: number } | undefined }, s: DpScratch, run: number, layers: number): { layers: number; reads: number } | undefined {
  const f = context.forwardLayers?.find((r) => r.amountIn === query.amountIn)
  const graph = context.graph
  const H = query.maxHops
  if (f === undefined || f.source !== query.source || f.target !== query.target || f.amountIn !== query.amountIn || f.maxHops !== H || f.adapterEnabled !== query.mask.adapterEnabled || f.poolBanned !== base || f.floatEdits !== (graph.floatEdits ?? 0)) return undefined
  const poolBanned = query.mask.poolBanned
  if (extra.length > 0 && poolBanned === undefined) return undefined
  for (const p of extra) if (poolBanned![p] !== 1) return undefined
  const top = Math.min(f.layers, layers)
  const n = graph.tokens.length
  const { value, second, back, stamp, frontier, frontierLength, nearTarget } = s
  for (let k = 1; k <= top; k++) {
    const length = f.length[k]!
    const tokens = f.tokens[k]!
    const list = frontier[k]!
    for (let i = 0; i < length; i++) {
      const Y = tokens[i]!
      list[i] = Y
      const idx = k * n + Y
      stamp[idx] = run
      value[idx] = f.value[idx]!
      second[idx] = f.second[idx]!
      back[idx] = f.back[idx]!
    }
    frontierLength[k] = length
  }
  if (extra.length === 0 && c === undefined) return { layers: top, reads: 0 }
  const { outStart, edgeHead, edgeTail, edgePool, edgeAdapter, inStart, inEdges, pools } = graph
  const { adapterEnabled } = query.mask
  const { source, target } = query
  let reads = 0
  let changed = f.changed
  let changedLength = 0
  let next = f.next
  const affected = f.affected
  for (let k = 1; k <= top; k++) {
    // Where the tokens whose amount fell have more out-edges than half the layer's fresh relaxation
    // reads (a hub's amount fell), the patch would cost about as much: layers k on are relaxed fresh.
    // The layer's fresh relaxation reads (as the DP counts them): the patch gives way to it where it
    // would cost half as much (a hub's amount fell: its out-edges, and the in-edges of every token they
    // reach, are read again); the layers from there on are then relaxed fresh.
    let freshCost = Infinity
    if (k > 1) {
      freshCost = 0
      const from = frontier[k - 1]!
      for (let i = 0; i < frontierLength[k - 1]!; i++) freshCost += outStart[from[i]! + 1]! - outStart[from[i]!]!
      if (k === H - 1 && near !== undefined) freshCost = Math.min(freshCost, RANDOM_READ_COST * near.reverseCost)
    }
    let patchCost = 0
    for (let i = 0; i < changedLength; i++) patchCost += outStart[changed[i]! + 1]! - outStart[changed[i]!]!
    const giveWay = (): { layers: number; reads: number } => {
      for (let j = k; j <= top; j++) for (let i = 0; i < frontierLength[j]!; i++) stamp[j * n + frontier[j]![i]!] = 0
      return { layers: k - 1, reads }
    }
    if (2 * patchCost > freshCost) return giveWay()
    const changedPass = f.pass
    const pass = ++f.pass
    const prev = (k - 1) * n
    const lastRelax = k === H - 1
    let affectedLength = 0
    /** Edge e (tail at layer k-1) may have brought its head a best or second-best amount that falls now. */
    const consider = (e: number): void => {
      const Y = edgeHead[e]!
      if (Y === source || Y === target || f.mark[Y] === pass || (lastRelax && nearTarget[Y] === 0)) return
      if (adapterEnabled[edgeAdapter[e]!] === 0 || (base !== undefined && base[edgePool[e]!] === 1)) return
      const X = edgeTail[e]!
      const old = f.changedMark[X] === changedPass && k > 1 ? f.changedOld[X]! : stamp[prev + X] === run ? value[prev + X]! : 0
      if (!(old > 0)) return
      const o = wholeUnits(quoteEdgeFloat(graph, e, old, RECORDED_MEMO_SLOT + k))
      // Below the head's second-best amount (a head it reached is reached), it is neither of the two.
      if (!(o >= 1) || (stamp[k * n + Y] === run && o < second[k * n + Y]!)) return
      f.mark[Y] = pass
      affected[affectedLength++] = Y
    }
    for (const p of extra) for (const e of pools[p]!.edgeIds) consider(e)
    if (c !== undefined) {
      // A constraint's bans at this layer: an edge, every edge of a pool, a token (relaxed again: it
      // takes nothing at this layer).
      for (const [layer, e] of c.bannedEdges) if (layer === k) consider(e)
      for (const [layer, p] of c.bannedPools) if (layer === k) for (const e of pools[p]!.edgeIds) consider(e)
      for (const [layer, Y] of c.bannedTokens) {
        if (layer !== k || Y === source || Y === target || f.mark[Y] === pass || stamp[k * n + Y] !== run) continue
        f.mark[Y] = pass
        affected[affectedLength++] = Y
      }
    }
    for (let i = 0; i < changedLength; i++) {
      const X = changed[i]!
      const eEnd = outStart[X + 1]!
      reads += eEnd - outStart[X]!
      for (let e = outStart[X]!; e < eEnd; e++) consider(e)
    }
    if (k > 1) {
      for (let ai = 0; ai < affectedLength; ai++) patchCost += inStart[affected[ai]! + 1]! - inStart[affected[ai]!]!
      if (2 * patchCost > freshCost) return giveWay()
    }
    let nextLength = 0
    const nextPass = ++f.pass
    let removed = false
    const list = frontier[k]!
    let best = 0
    let sec = 0
    let be = -1
    /** The DP's relaxation of edge e from tail X into the token being recomputed (top two amounts). */
    const relax = (e: number, X: number, Y: number): void => {
      if (adapterEnabled[edgeAdapter[e]!] === 0) return
      if (poolBanned !== undefined && poolBanned[edgePool[e]!] === 1) return
      if (c !== undefined && (hasPair(c.bannedEdges, k, e) || hasPair(c.bannedTokens, k, Y) || hasPair(c.bannedPools, k, edgePool[e]!))) return
      const v = wholeUnits(quoteEdgeFloat(graph, e, value[prev + X]!, k))
      if (!(v >= 1)) return
      if (be < 0) {
        best = v
        be = e
      } else if (v > best) {
        sec = best
        best = v
        be = e
      } else if (v > sec) sec = v
    }
    for (let ai = 0; ai < affectedLength; ai++) {
      const Y = affected[ai]!
      const idx = k * n + Y
      const reached = stamp[idx] === run
      const was = reached ? value[idx]! : 0
      best = 0
      sec = 0
      be = -1
      if (k === 1) {
        // Layer 0 holds the source alone: its edges to Y, not all of Y's in-edges.
        const eEnd = outStart[source + 1]!
        for (let e = findEdgeRun(graph, source, Y); e >= 0 && e < eEnd && edgeHead[e] === Y; e++, reads++) relax(e, source, Y)
      } else {
        const iEnd = inStart[Y + 1]!
        reads += iEnd - inStart[Y]!
        for (let i = inStart[Y]!; i < iEnd; i++) {
          const e = inEdges[i]!
          const X = edgeTail[e]!
          if (stamp[prev + X] === run) relax(e, X, Y)
        }
      }
      if (best !== was) {
        f.changedMark[Y] = nextPass
        f.changedOld[Y] = was
        next[nextLength++] = Y
      }
      if (be < 0) {
        if (reached) {
          stamp[idx] = 0
          removed = true
        }
        continue
      }
      if (!reached) {
        stamp[idx] = run
        list[frontierLength[k]!++] = Y
      }
      value[idx] = best
      second[idx] = sec
      back[idx] = be
    }
    if (removed) {
      let kept = 0
      for (let i = 0; i < frontierLength[k]!; i++) if (stamp[k * n + list[i]!] === run) list[kept++] = list[i]!
      frontierLength[k] = kept
    }
    ;[changed, next] = [next, changed]
    changedLength = nextLength
    f.pass = nextPass
  }
  return { layers: top, reads }
}
