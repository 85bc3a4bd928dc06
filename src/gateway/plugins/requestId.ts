import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { globalPlugin } from './globalPlugin.js'

/** Header carrying the request id, both ways. */
export const REQUEST_ID_HEADER = 'x-request-id'

const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

/**
 * The id of a request: the caller's `x-request-id` when it is a sane token (`[A-Za-z0-9._-]{1,64}`,
 * so it is safe in logs, headers and gRPC metadata), otherwise a fresh UUID.
 * Used as Fastify's `genReqId`, so `request.id` is this value.
 * @param req - the raw Node request
 * @returns the request id
 */
export function genRequestId(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER]
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

/**
 * Echoes `request.id` as the `x-request-id` response header on every response, errors included
 * (the hook runs before body parsing, so parser errors carry it too).
 */
export const requestIdPlugin = globalPlugin(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id)
  })
}, 'switchyard-request-id')
