import { parseUnits } from '../format/parseUnits.js'
import type { TokenBook } from '../tokens/createTokenBook.js'
import type { Question } from '../types.js'

/** The route form's values, as typed. */
export type RouteFormValues = {
  chainId: number
  /** The chain to arrive on; the same chain for a route on one chain. */
  destinationChainId: number
  tokenIn: string
  tokenOut: string
  amount: string
  slippage: string
  strategy: string
  fromAddress: string
  receiver: string
}

/**
 * A route question from the form: tokens found by symbol or address in the token book, the amount
 * in base units of the input token, and for a cross-chain route the receiver (the sender when empty).
 * @throws Error naming the field a person must fix (an unknown token, an unreadable amount)
 */
export function readRouteQuestion(values: RouteFormValues, tokens: TokenBook): Extract<Question, { kind: 'route' }> {
  const { chainId, destinationChainId } = values
  const tokenIn = tokens.resolve(chainId, values.tokenIn)
  const tokenOut = tokens.resolve(destinationChainId, values.tokenOut)
  if (!tokenIn) throw new Error(`Token in: "${values.tokenIn}" is not a token of chain ${chainId} (pick one from the list, or paste its address).`)
  if (!tokenOut) throw new Error(`Token out: "${values.tokenOut}" is not a token of chain ${destinationChainId} (pick one from the list, or paste its address).`)
  const fromAddress = values.fromAddress.trim()
  const receiver = values.receiver.trim()
  const crossChain = destinationChainId !== chainId
  return {
    kind: 'route', chainId, fromAddress, tokenIn: tokenIn.address, tokenOut: tokenOut.address,
    amountIn: parseUnits({ text: values.amount, decimals: tokenIn.decimals }),
    slippage: values.slippage.trim(), routingStrategy: values.strategy,
    ...(crossChain ? { destinationChainId, receiver: receiver || fromAddress } : receiver ? { receiver } : {}),
  }
}

/**
 * A bundle question from the form: the actions as pasted (a JSON array).
 * @throws Error when the text is not JSON or not an array
 */
export function readBundleQuestion(values: { chainId: number; fromAddress: string; strategy: string; actions: string }): Extract<Question, { kind: 'bundle' }> {
  let actions: unknown
  try {
    actions = JSON.parse(values.actions)
  } catch (err) {
    throw new Error(`The bundle is not JSON: ${(err as Error).message}`)
  }
  if (!Array.isArray(actions)) throw new Error('The bundle must be a JSON array of {protocol, action, args}.')
  return { kind: 'bundle', chainId: values.chainId, fromAddress: values.fromAddress.trim(), routingStrategy: values.strategy, actions }
}
