import { ApiError, type ApiClient } from '../api/createApiClient.js'
import type { Answer, Question } from '../types.js'

/** The route request body of a route question (`POST /shortcuts/route`). */
export function routeBody(q: Extract<Question, { kind: 'route' }>): Record<string, unknown> {
  return {
    chainId: q.chainId,
    fromAddress: q.fromAddress,
    tokenIn: [q.tokenIn],
    tokenOut: [q.tokenOut],
    amountIn: [q.amountIn],
    slippage: q.slippage,
    routingStrategy: q.routingStrategy,
    variableEstimates: {},
    ...(q.destinationChainId === undefined ? {} : { destinationChainId: q.destinationChainId }),
    ...(q.receiver ? { receiver: q.receiver } : {}),
  }
}

/**
 * Asks the API a question with `explain=true`. A server that does not know `explain` on bundles yet
 * refuses it (400 UNKNOWN_FIELD naming it): the bundle is then asked again without it.
 */
export async function askQuestion(api: ApiClient, question: Question): Promise<Answer> {
  if (question.kind === 'route') return api.route(routeBody(question))
  const query = { chainId: String(question.chainId), fromAddress: question.fromAddress, routingStrategy: question.routingStrategy }
  try {
    return await api.bundle(query, question.actions)
  } catch (err) {
    if (!(err instanceof ApiError && err.code === 'UNKNOWN_FIELD' && err.message.includes('explain'))) throw err
    return api.bundleWithoutExplain(query, question.actions)
  }
}
