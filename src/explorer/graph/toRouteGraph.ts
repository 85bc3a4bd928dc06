import type { Answer, AnswerStep, ExplanationStep } from '../types.js'

/** A token on a chain: a node of the diagram. */
export type RouteNode = {
  /** `chainId:address` (lower case). */
  id: string
  chainId: number
  token: string
  /** What enters the whole answer here (its inputs), or leaves it (its outputs), in base units. */
  amountIn?: string
  amountOut?: string
}

/** Where an edge's amounts come from. */
export type AmountsFrom = 'simulation' | 'estimate' | 'answer' | 'none'

/** A step through a pool (or a bridge): an edge of the diagram. */
export type RouteEdge = {
  /** Position of the step in execution order. */
  index: number
  from: string
  to: string
  protocol: string
  action: string
  /** The pool, vault, bridge pool or contract (the step's `primary`). */
  pool: string
  chainId: number
  tokenIn: string
  tokenOut: string
  /** True when the step leaves one chain and arrives on another. */
  bridge: boolean
  amountIn?: string
  amountOut?: string
  amountsFrom: AmountsFrom
  /** The engine's estimate, beside simulated amounts. */
  estimatedAmountOut?: string
  gas?: string
  leg?: number
}

/** The answer as a graph: tokens as nodes, steps as edges, and the chains it crosses in order. */
export type RouteGraph = { nodes: RouteNode[]; edges: RouteEdge[]; chains: number[] }

const nodeId = (chainId: number, token: string) => `${chainId}:${token.toLowerCase()}`

function edgeFromExplanation(step: ExplanationStep, fallbackChainId: number, answerStep: AnswerStep | undefined): RouteEdge {
  const chainId = step.chainId ?? answerStep?.chainId ?? fallbackChainId
  const destination = answerStep?.destinationChainId ?? chainId
  return {
    index: step.index,
    from: nodeId(chainId, step.tokenIn),
    to: nodeId(destination, step.tokenOut),
    protocol: step.protocol,
    action: step.action,
    pool: step.pool,
    chainId,
    tokenIn: step.tokenIn,
    tokenOut: step.tokenOut,
    bridge: destination !== chainId,
    amountIn: step.amountIn,
    amountOut: step.amountOut,
    amountsFrom: step.amountsFrom,
    estimatedAmountOut: step.estimatedAmountOut,
    ...(step.gas === undefined ? {} : { gas: step.gas }),
    ...(step.leg === undefined ? {} : { leg: step.leg }),
  }
}

function edgeFromAnswer(step: AnswerStep, index: number): RouteEdge {
  const chainId = step.sourceChainId ?? step.chainId
  const destination = step.destinationChainId ?? chainId
  const tokenIn = step.tokenIn[0] ?? ''
  const tokenOut = step.tokenOut[0] ?? ''
  // Bundles carry what each step moved; routes carry the engine's quote in the step's args.
  const amountIn = step.amountIn ?? (typeof step.args.amountIn === 'string' ? step.args.amountIn : undefined)
  const amountOut = step.amountOut ?? (typeof step.args.amountOut === 'string' ? step.args.amountOut : undefined)
  return {
    index, from: nodeId(chainId, tokenIn), to: nodeId(destination, tokenOut), protocol: step.protocol, action: step.action, pool: step.primary,
    chainId, tokenIn, tokenOut, bridge: destination !== chainId,
    ...(amountIn === undefined ? {} : { amountIn }),
    ...(amountOut === undefined ? {} : { amountOut }),
    amountsFrom: amountIn === undefined && amountOut === undefined ? 'none' : 'answer',
  }
}

/** The answer's outputs as `token → amount` (a route's amountOut by its tokenOut, a bundle's amountsOut). */
export function outputsOf(answer: Answer, tokenOut: readonly string[]): Record<string, string> {
  // Bundles answer amounts by token; a route's amounts follow its tokenOut list.
  if (answer.amountsOut && !Array.isArray(answer.amountsOut)) return answer.amountsOut
  const amounts = answer.amountOut === undefined ? [] : [answer.amountOut].flat()
  return Object.fromEntries(tokenOut.flatMap((t, i) => (amounts[i] === undefined ? [] : [[t, amounts[i]]])))
}

/**
 * The diagram's graph of an answer: the explanation's steps when the answer has one (the amounts the
 * simulation moved, the engine's estimate beside them), else the answer's own steps (a bundle's
 * amounts, a route's quoted amounts in `args`). A bridge step's output node sits on its destination chain.
 * The answer's outputs are marked on the nodes of the last chain that deliver them.
 * @param params.answer - a route, cross-chain route or bundle answer
 * @param params.amountIn - routes: what was asked, marked on the input node
 * @param params.tokenIn - routes: the input token as asked (the native coin when the first step wraps it)
 * @param params.tokenOut - routes: the output tokens as asked
 * @param params.destinationChainId - cross-chain routes: where the outputs arrive
 */
export function toRouteGraph(params: { answer: Answer; chainId: number; tokenIn?: string; amountIn?: string; tokenOut?: readonly string[]; destinationChainId?: number }): RouteGraph {
  const { answer, chainId } = params
  const explained = answer.explanation?.steps
  const edges = explained && explained.length > 0
    ? explained.map((s) => edgeFromExplanation(s, chainId, answer.route.find((r) => r.primary.toLowerCase() === s.pool.toLowerCase() && r.protocol === s.protocol)))
    : answer.route.map(edgeFromAnswer)
  const nodes = new Map<string, RouteNode>()
  const chains: number[] = []
  const addNode = (id: string) => {
    if (nodes.has(id)) return nodes.get(id)!
    const [chain = '0', token = ''] = id.split(':')
    const node: RouteNode = { id, chainId: Number(chain), token }
    if (!chains.includes(node.chainId)) chains.push(node.chainId)
    nodes.set(id, node)
    return node
  }
  for (const e of edges) {
    addNode(e.from)
    addNode(e.to)
  }
  // Keep the original spelling of each token (checksummed) for labels and links.
  for (const e of edges) {
    nodes.get(e.from)!.token = e.tokenIn
    nodes.get(e.to)!.token = e.tokenOut
  }
  if (params.tokenIn !== undefined && params.amountIn !== undefined) {
    // A cross-chain route's steps start at the wrapped coin when the native one was asked.
    const input = nodes.get(nodeId(chainId, params.tokenIn)) ?? (edges[0] ? nodes.get(edges[0].from) : undefined) ?? addNode(nodeId(chainId, params.tokenIn))
    input.amountIn = params.amountIn
  }
  const outChain = params.destinationChainId ?? chains[chains.length - 1] ?? chainId
  for (const [token, amount] of Object.entries(outputsOf(answer, params.tokenOut ?? []))) {
    const id = nodeId(outChain, token)
    const node = nodes.get(id) ?? [...nodes.values()].find((n) => n.token.toLowerCase() === token.toLowerCase()) ?? addNode(id)
    node.amountOut = amount
  }
  return { nodes: [...nodes.values()], edges, chains }
}
