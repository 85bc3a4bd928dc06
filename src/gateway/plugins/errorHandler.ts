import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ZodError } from 'zod'
import { BaseError } from '../../errors/base.js'
import { listSupportedChains, needsSupportedChains } from '../../schemas/listSupportedChains.js'
import { toInvalidRequestError } from '../../schemas/toInvalidRequestError.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toErrorReply } from '../mapping/toErrorReply.js'
import { globalPlugin } from './globalPlugin.js'

/**
 * A chain id the gateway's own validation refused (0, -1, 2^53: a proto uint64 cannot even carry
 * -1) is answered with the chains the gRPC server serves, as it would answer itself; they are asked
 * for (Networks) only then. Without an answer the refusal goes out as it is.
 */
async function withServedChains(thrown: unknown, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  // Routes that `.parse` their query throw zod's own error: read it as the validators' typed one.
  const error = thrown instanceof ZodError ? toInvalidRequestError(thrown) : thrown
  const grpc = (request.server as Partial<Pick<FastifyInstance, 'grpc'>>).grpc
  if (!needsSupportedChains(error) || grpc === undefined) return thrown
  try {
    const { response } = await grpc.networks(toCallContext(request, reply), {})
    return listSupportedChains(error, response.networks.map((n) => Number(n.id)))
  } catch {
    return thrown
  }
}

/**
 * Sends every error as the REST envelope (see {@link toErrorReply}) with the request id, and answers
 * unknown routes with 404 `NOT_FOUND`. The log line matches the outcome: a client's mistake (4xx)
 * is `info` and a 501 (an action or option we do not serve) is `warn`, both without the error
 * object, so no stack trace; only our failures (500, 502–504) are `error`, with the full error.
 */
export const errorHandlerPlugin = globalPlugin(async (app) => {
  app.setErrorHandler(async (error, request, reply) => {
    const { statusCode, headers, envelope } = toErrorReply(await withServedChains(error, request, reply), { requestId: request.id })
    const fields = { statusCode, code: envelope.code }
    if (statusCode === 501) request.log.warn(fields, envelope.message)
    else if (statusCode >= 500) request.log.error({ ...fields, err: error }, 'request failed')
    else request.log.info(fields, envelope.message)
    return reply.code(statusCode).headers(headers).type('application/json; charset=utf-8').send(envelope)
  })
  app.setNotFoundHandler(async (request) => {
    const path = request.url.split('?')[0] ?? ''
    throw new BaseError(`Route ${request.method} ${path.slice(0, 200)} not found.`, { code: 'NOT_FOUND' })
  })
}, 'switchyard-error-handler')
