import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { BaseError } from '../../errors/base.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { accountParamsSchema } from '../schemas/accountParams.js'
import { accountIdResponseSchema } from '../schemas/accountResponse.js'

/**
 * `GET /account/accountId`: the accountId of the calling key, as a JSON string (OpenAPI: `string`;
 * `EnsoClient.getAccountId()` returns the parsed body). `GET /account/:id`: the same id when `:id`
 * is the caller's own (case-insensitive), otherwise 404 `NOT_FOUND`, so a key cannot probe which
 * other account ids exist.
 */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  async function sendCallerAccountId(request: FastifyRequest, reply: FastifyReply, expected?: string): Promise<FastifyReply> {
    const { response, metadata } = await app.grpc.account(toCallContext(request, reply), {})
    reply.headers(rateLimitHeadersOf(metadata))
    const accountId = response.account_id
    if (expected !== undefined && expected.toLowerCase() !== accountId.toLowerCase()) {
      throw new BaseError('Account not found.', { code: 'NOT_FOUND' })
    }
    // Fastify sends a string payload with a JSON content type as-is, so it is encoded here.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(accountId))
  }
  // The schema documents the body; a string payload with a JSON content type is sent as it is.
  const schema = { response: { 200: accountIdResponseSchema } }
  app.get('/account/accountId', { schema }, (request, reply) => sendCallerAccountId(request, reply))
  app.get('/account/:id', { schema }, (request, reply) => sendCallerAccountId(request, reply, accountParamsSchema.parse(request.params, { reportInput: true }).id))
}
