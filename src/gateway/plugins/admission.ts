import type { FastifyReply, FastifyRequest } from 'fastify'
import { OverloadedError } from '../../errors/admission.js'
import { globalPlugin } from './globalPlugin.js'

/** What the gateway asks before it forwards route work: whether the service's in-flight bound is reached. */
export type GatewayAdmission = {
  /** True when a route call sent now would be refused OVERLOADED (a peek: nothing is taken). */
  isFull(): boolean
}

export type AdmissionPluginOptions = { admission?: GatewayAdmission | undefined }

/** The REST routes whose calls the service bounds in flight (`ROUTE_WORK_METHODS` on gRPC). */
export const ROUTE_WORK_ROUTES: ReadonlySet<string> = new Set([
  '/api/v1/shortcuts/route',
  '/api/v1/shortcuts/quote',
  '/api/v1/shortcuts/bundle',
  '/api/v1/shortcuts/route/nontokenized',
])

/**
 * Load shedding at the door: when the service's bound on in-flight route work is reached, a route,
 * quote, bundle or non-tokenized route request is refused in its `onRequest` hook — after its key is
 * checked and charged, before its body is read, parsed, validated or sent over gRPC — with 503
 * OVERLOADED and `Retry-After: 1`, the answer the service would give. Under a flood of refused callers
 * that keep retrying, each refusal then costs a header parse and a bucket update instead of a body
 * parse, a gRPC round trip and two error mappings, so refusals stay fast. Without `admission` (a
 * gateway in another process) the service refuses as before.
 */
export const admissionPlugin = globalPlugin<AdmissionPluginOptions>(async (app, { admission }) => {
  if (admission === undefined) return
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!ROUTE_WORK_ROUTES.has(request.routeOptions.url ?? '') || !admission.isFull()) return
    const error = new OverloadedError({ retryAfterSeconds: 1 })
    reply.header('Retry-After', String(error.retryAfterSeconds))
    throw error
  })
}, 'switchyard-admission')
