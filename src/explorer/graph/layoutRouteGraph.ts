import type { RouteGraph } from './toRouteGraph.js'

/** Sizes of the drawing, in SVG user units (px at 100 %). */
export const LAYOUT = {
  nodeWidth: 164,
  nodeHeight: 56,
  /** Horizontal distance between the centres of two columns. */
  columnStep: 430,
  /** Vertical room of one edge of a bundle of parallel edges (split legs side by side). */
  fan: 64,
  itemGap: 24,
  margin: 24,
  laneTitle: 30,
  lanePadding: 24,
} as const

export type PlacedNode = { id: string; x: number; y: number; column: number }
export type PlacedEdge = { index: number; d: string; labelX: number; labelY: number }
export type PlacedLane = { chainId: number; y: number; height: number }
/** Where everything goes. */
export type RouteLayout = { width: number; height: number; lanes: PlacedLane[]; nodes: PlacedNode[]; edges: PlacedEdge[] }

/** An item of a column: a token, or a stand-in for edges that pass the column by (`group` set). */
type Item = { key: string; lane: number; column: number; height: number; y: number; group?: string; after?: string[] }

/** Longest distance from an input, along the steps (a step back in the graph keeps its column). */
function columnsOf(graph: RouteGraph): Map<string, number> {
  const column = new Map(graph.nodes.map((n) => [n.id, 0]))
  for (let round = 0; round < graph.nodes.length; round++) {
    let moved = false
    for (const e of graph.edges) {
      const next = column.get(e.from)! + 1
      if (e.from !== e.to && next > column.get(e.to)! && next < graph.nodes.length) {
        column.set(e.to, next)
        moved = true
      }
    }
    if (!moved) break
  }
  return column
}

/** A smooth path through points, leaving and reaching each one horizontally. */
function pathThrough(points: readonly [number, number][]): string {
  const [first, ...rest] = points
  let d = `M${first![0].toFixed(1)},${first![1].toFixed(1)}`
  let [px, py] = first!
  for (const [x, y] of rest) {
    const dx = (x - px) / 2
    d += ` C${(px + dx).toFixed(1)},${py.toFixed(1)} ${(x - dx).toFixed(1)},${y.toFixed(1)} ${x.toFixed(1)},${y.toFixed(1)}`
    px = x
    py = y
  }
  return d
}

/**
 * Lays a route graph out left to right: a column per step of depth, a horizontal lane per chain (a
 * bridge crosses from one lane to the next), tokens as boxes, and the steps between two tokens as a
 * bundle of parallel curves, side by side (split legs). A step that skips columns passes them by
 * through room kept for it in each column, so it never runs under another token. Within a column,
 * items follow the mean height of what feeds them, so legs do not cross needlessly.
 * @param graph - from {@link toRouteGraph}
 * @returns positions and SVG path data; the graph's order is kept (edge `index` = the step's)
 */
export function layoutRouteGraph(graph: RouteGraph): RouteLayout {
  const { nodeWidth, nodeHeight, columnStep, fan, itemGap, margin, laneTitle, lanePadding } = LAYOUT
  const column = columnsOf(graph)
  const laneOf = (id: string) => Math.max(0, graph.chains.indexOf(graph.nodes.find((n) => n.id === id)!.chainId))
  const groups = new Map<string, number[]>()
  graph.edges.forEach((e, i) => {
    const key = `${e.from}>${e.to}`
    groups.set(key, [...(groups.get(key) ?? []), i])
  })
  const groupHeight = (size: number) => size * fan
  const items = new Map<string, Item>()
  for (const n of graph.nodes) {
    const incident = [...groups.entries()].filter(([k]) => k.startsWith(`${n.id}>`) || k.endsWith(`>${n.id}`)).map(([, g]) => g.length)
    items.set(n.id, { key: n.id, lane: laneOf(n.id), column: column.get(n.id)!, height: Math.max(nodeHeight + 16, ...incident.map(groupHeight)), y: 0, after: [] })
  }
  const passes = new Map<string, string[]>()
  for (const [key, members] of groups) {
    const e = graph.edges[members[0]!]!
    const from = items.get(e.from)!
    const to = items.get(e.to)!
    let previous = e.from
    const stops: string[] = []
    for (let c = from.column + 1; c < to.column; c++) {
      const stop = `${key}@${c}`
      items.set(stop, { key: stop, lane: from.lane, column: c, height: groupHeight(members.length), y: 0, group: key, after: [previous] })
      stops.push(stop)
      previous = stop
    }
    to.after!.push(previous)
    passes.set(key, stops)
  }
  const columns = Math.max(0, ...[...items.values()].map((i) => i.column)) + 1
  const cell = (lane: number, c: number) => [...items.values()].filter((i) => i.lane === lane && i.column === c)
  const stackHeight = (list: Item[]) => list.reduce((h, i) => h + i.height, 0) + Math.max(0, list.length - 1) * itemGap
  const lanes: PlacedLane[] = []
  let top = margin
  graph.chains.forEach((chainId, lane) => {
    const body = Math.max(nodeHeight, ...Array.from({ length: columns }, (_, c) => stackHeight(cell(lane, c))))
    lanes.push({ chainId, y: top, height: laneTitle + body + 2 * lanePadding })
    top += laneTitle + body + 2 * lanePadding + itemGap
  })
  const order = [...items.keys()]
  for (let c = 0; c < columns; c++) {
    lanes.forEach((lane, index) => {
      const list = cell(index, c)
      // By the mean height of what feeds each item (items fed by nothing keep their first-seen order).
      const feed = (i: Item) => {
        const ys = (i.after ?? []).map((k) => items.get(k)!).filter((p) => p.column < c).map((p) => p.y)
        return ys.length ? ys.reduce((a, b) => a + b, 0) / ys.length : Number.POSITIVE_INFINITY
      }
      list.sort((a, b) => feed(a) - feed(b) || order.indexOf(a.key) - order.indexOf(b.key))
      let y = lane.y + laneTitle + lanePadding + (lane.height - laneTitle - 2 * lanePadding - stackHeight(list)) / 2
      for (const i of list) {
        i.y = y + i.height / 2
        y += i.height + itemGap
      }
    })
  }
  const xOf = (c: number) => margin + nodeWidth / 2 + c * columnStep
  const nodes = graph.nodes.map((n) => ({ id: n.id, x: xOf(column.get(n.id)!), y: items.get(n.id)!.y, column: column.get(n.id)! }))
  const edges: PlacedEdge[] = []
  for (const [key, members] of groups) {
    const e = graph.edges[members[0]!]!
    const from = items.get(e.from)!
    const to = items.get(e.to)!
    const stops = passes.get(key)!.map((k) => items.get(k)!)
    members.forEach((edgeIndex, j) => {
      const offset = (j - (members.length - 1) / 2) * fan
      const start: [number, number] = [xOf(from.column) + nodeWidth / 2, from.y]
      const end: [number, number] = [xOf(to.column) - nodeWidth / 2, to.y]
      const middle: [number, number][] = stops.length
        ? stops.map((s) => [xOf(s.column), s.y + offset] as [number, number])
        : [[(start[0] + end[0]) / 2, (start[1] + end[1]) / 2 + offset]]
      const label = middle[Math.floor((middle.length - 1) / 2)]!
      edges.push({ index: graph.edges[edgeIndex]!.index, d: pathThrough([start, ...middle, end]), labelX: label[0], labelY: label[1] })
    })
  }
  edges.sort((a, b) => a.index - b.index)
  return { width: 2 * margin + nodeWidth + (columns - 1) * columnStep, height: top - itemGap + margin, lanes, nodes, edges }
}
