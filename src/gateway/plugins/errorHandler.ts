import { BaseError } from '../../errors/base.js'
import { toErrorReply } from '../mapping/toErrorReply.js'
import { globalPlugin } from './globalPlugin.js'

/**
 * Sends every error as the REST envelope (see {@link toErrorReply}) with the request id, and answers
 * unknown routes with 404 `NOT_FOUND`. 5xx are logged with the full error server-side only.
 */
export const errorHandlerPlugin = globalPlugin(async (app) => {
  app.setErrorHandler(async (error, request, reply) => {
    const { statusCode, headers, envelope } = toErrorReply(error, { requestId: request.id })
    if (statusCode >= 500) request.log.error({ err: error, code: envelope.code }, 'request failed')
    else request.log.info({ statusCode, code: envelope.code }, envelope.message)
    return reply.code(statusCode).headers(headers).type('application/json; charset=utf-8').send(envelope)
  })
  app.setNotFoundHandler(async (request) => {
    const path = request.url.split('?')[0] ?? ''
    throw new BaseError(`Route ${request.method} ${path.slice(0, 200)} not found.`, { code: 'NOT_FOUND' })
  })
}, 'switchyard-error-handler')
