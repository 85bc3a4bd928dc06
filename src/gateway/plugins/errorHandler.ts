import { BaseError } from '../../errors/base.js'
import { toErrorReply } from '../mapping/toErrorReply.js'
import { globalPlugin } from './globalPlugin.js'

/**
 * Sends every error as the REST envelope (see {@link toErrorReply}) with the request id, and answers
 * unknown routes with 404 `NOT_FOUND`. The log line matches the outcome: a client's mistake (4xx)
 * is `info` and a 501 (an action or option we do not serve) is `warn`, both without the error
 * object, so no stack trace; only our failures (500, 502–504) are `error`, with the full error.
 */
export const errorHandlerPlugin = globalPlugin(async (app) => {
  app.setErrorHandler(async (error, request, reply) => {
    const { statusCode, headers, envelope } = toErrorReply(error, { requestId: request.id })
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
