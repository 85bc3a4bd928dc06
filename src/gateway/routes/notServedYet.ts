import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { BaseError } from '../../errors/base.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'

/** Spec endpoints this deployment does not serve yet. */
const notServed: { method: 'GET' | 'POST'; url: string; what: string }[] = [
  { method: 'GET', url: '/shortcuts/route/nontokenized', what: 'Non-tokenized routes' },
]

/**
 * The spec's endpoints that are not served yet answer 501 `NOT_IMPLEMENTED` with a clear message
 * (instead of a bare 404), after the usual authentication and rate limiting (an Account call).
 */
export const notServedYetRoutes: FastifyPluginAsync = async (app) => {
  for (const { method, url, what } of notServed) {
    app.route({
      method,
      url,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const { metadata } = await app.grpc.account(toCallContext(request, reply), {})
        reply.headers(rateLimitHeadersOf(metadata))
        throw new BaseError(`${what} (${method} /api/v1${url}) are not supported yet.`, { code: 'NOT_IMPLEMENTED' })
      },
    })
  }
}
