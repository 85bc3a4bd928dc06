import { UnknownProtocolError } from '../../errors/engine.js'
import type { AnyProtocolAdapter, PoolSnapshotBase } from '../../protocols/types.js'
import type { EngineSnapshot } from '../types.js'
import { setEdgeFloatModel } from './setEdgeFloatModel.js'
import type { GraphPool, TokenGraph } from './types.js'

/**
 * Context of {@link buildGraph}: the adapters snapshots may refer to and, optionally, the graph of the
 * previous version of the same chain, whose float models the new graph keeps for the pools whose state
 * did not change in what the models read (`ProtocolAdapter.floatModelKey`).
 */
export type BuildGraphContext = { adapters: readonly AnyProtocolAdapter[]; previous?: TokenGraph | undefined }

/**
 * Builds the token graph of one snapshot version from the adapters' edges. Pure; O(pools + edges).
 * @throws UnknownProtocolError when a snapshot's protocol has no adapter
 *
 * @example
 * const graph = buildGraph({ adapters: protocolAdapters }, snapshot)
 */
export function buildGraph({ adapters, previous }: BuildGraphContext, snapshot: EngineSnapshot): TokenGraph {
  const adapterIndex = new Map(adapters.map((a, i) => [a.slug, i]))
  const tokenIndex = new Map<string, number>()
  const tokens: string[] = []
  const indexOf = (token: string): number => {
    const key = token.toLowerCase()
    let i = tokenIndex.get(key)
    if (i === undefined) {
      i = tokens.length
      tokens.push(key)
      tokenIndex.set(key, i)
    }
    return i
  }
  type Raw = { pool: number; spec: ReturnType<AnyProtocolAdapter['getEdges']>[number]; tail: number; head: number }
  const raw: Raw[] = []
  const pools: { snapshot: PoolSnapshotBase; adapter: AnyProtocolAdapter; adapterIndex: number; edgeIds: number[] }[] = []
  for (const poolSnapshot of snapshot.pools) {
    const ai = adapterIndex.get(poolSnapshot.protocol)
    if (ai === undefined) throw new UnknownProtocolError({ protocol: poolSnapshot.protocol })
    const adapter = adapters[ai]!
    const poolIndex = pools.length
    pools.push({ snapshot: poolSnapshot, adapter, adapterIndex: ai, edgeIds: [] })
    const tokenIds = poolSnapshot.tokens.map(indexOf)
    for (const spec of adapter.getEdges(poolSnapshot)) {
      const tail = tokenIds[spec.tokenInIndex]
      const head = tokenIds[spec.tokenOutIndex]
      if (tail === undefined || head === undefined || tail === head) continue
      raw.push({ pool: poolIndex, spec, tail, head })
    }
  }
  const n = tokens.length
  const m = raw.length
  const outStart = new Int32Array(n + 1)
  const inStart = new Int32Array(n + 1)
  for (const r of raw) {
    outStart[r.tail + 1]!++
    inStart[r.head + 1]!++
  }
  for (let i = 0; i < n; i++) {
    outStart[i + 1]! += outStart[i]!
    inStart[i + 1]! += inStart[i]!
  }
  const outFill = outStart.slice(0, n)
  const inFill = inStart.slice(0, n)
  // Edge ids by tail, then by head (two stable counting passes, O(edges)): a token's out-edges to one
  // head are a contiguous run that `findEdgeRun` finds by binary search.
  const byHead = new Int32Array(m)
  {
    const fill = inStart.slice(0, n)
    raw.forEach((r, i) => {
      byHead[fill[r.head]!++] = i
    })
  }
  const graph: TokenGraph = {
    version: snapshot.version,
    blockNumber: snapshot.blockNumber,
    tokens,
    tokenIndex,
    pools: pools as GraphPool[],
    adapters,
    edgeCount: m,
    outStart,
    inStart,
    inEdges: new Int32Array(m),
    edgeTail: new Int32Array(m),
    edgeHead: new Int32Array(m),
    edgePool: new Int32Array(m),
    edgeSpec: new Array(m),
    edgeAdapter: new Uint16Array(m),
    edgeGas: new Float64Array(m),
    edgeKind: new Uint8Array(m),
    edgeReserveIn: new Float64Array(m),
    edgeReserveOut: new Float64Array(m),
    edgeGamma: new Float64Array(m),
    edgeCustom: new Array(m).fill(undefined),
    edgeMemoRow: new Int32Array(m).fill(-1),
    memoRows: 0,
    edgeMemo: [],
  }
  const specs = graph.edgeSpec as (typeof raw)[number]['spec'][]
  for (const i of byHead) {
    const r = raw[i]!
    const e = outFill[r.tail]!++
    graph.inEdges[inFill[r.head]!++] = e
    graph.edgeTail[e] = r.tail
    graph.edgeHead[e] = r.head
    graph.edgePool[e] = r.pool
    specs[e] = r.spec
    const pool = pools[r.pool]!
    graph.edgeAdapter[e] = pool.adapterIndex
    graph.edgeGas[e] = Number(pool.adapter.gasPerHop)
    pool.edgeIds.push(e)
    setEdgeFloatModel(graph, e, pool.snapshot)
  }
  keepFloatModels(graph, previous)
  return graph
}

/**
 * Gives the edges of every pool whose adapter keys its float models (`floatModelKey`) the previous
 * version's models when the key is unchanged: the same pool (address and adapter), the same edges (token
 * in, token out, action) in the same order. The models were built from a state equal in everything they
 * read, so they answer alike; what they built lazily (a grid of exact quotes) is kept with them.
 */
function keepFloatModels(graph: TokenGraph, previous: TokenGraph | undefined): void {
  const keys = graph.pools.map((pool) => pool.adapter.floatModelKey?.(pool.snapshot))
  if (keys.every((k) => k === undefined)) return
  graph.floatModelKeys = keys
  if (previous?.floatModelKeys === undefined) return
  const before = new Map<string, number>()
  previous.pools.forEach((pool, i) => {
    if (previous.floatModelKeys![i] !== undefined) before.set(pool.snapshot.address, i)
  })
  graph.pools.forEach((pool, i) => {
    const key = keys[i]
    const j = key === undefined ? undefined : before.get(pool.snapshot.address)
    if (j === undefined || previous.floatModelKeys![j] !== key) return
    const old = previous.pools[j]!
    if (old.adapter !== pool.adapter || old.edgeIds.length !== pool.edgeIds.length) return
    const same = pool.edgeIds.every((e, k) => {
      const o = old.edgeIds[k]!
      const a = graph.edgeSpec[e]!
      const b = previous.edgeSpec[o]!
      return a.tokenInIndex === b.tokenInIndex && a.tokenOutIndex === b.tokenOutIndex && a.action === b.action && previous.edgeKind[o] === graph.edgeKind[e] && previous.edgeCustom[o] !== undefined
    })
    if (!same) return
    pool.edgeIds.forEach((e, k) => {
      graph.edgeCustom[e] = previous.edgeCustom[old.edgeIds[k]!]
    })
  })
}
