import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { errorCodes, type FastifyReply, type FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { OverloadedError } from '../../errors/admission.js'
import { globalPlugin } from './globalPlugin.js'

/** What the gateway asks before it forwards route work: whether the service's in-flight bound is reached. */
export type GatewayAdmission = {
  /** True when a route call sent now would be refused OVERLOADED (a peek: nothing is taken). */
  isFull(): boolean
}

export type AdmissionPluginOptions = {
  admission?: GatewayAdmission | undefined
  /** Largest body the app reads (its `bodyLimit`): a body past it is left to Fastify's 413. */
  bodyLimit?: number | undefined
}

/** The REST routes whose calls the service bounds in flight (`ROUTE_WORK_METHODS` on gRPC). */
export const ROUTE_WORK_ROUTES: ReadonlySet<string> = new Set([
  '/api/v1/shortcuts/route',
  '/api/v1/shortcuts/quote',
  '/api/v1/shortcuts/bundle',
  '/api/v1/shortcuts/route/nontokenized',
  '/api/v1/shortcuts/route/batch',
  '/api/v1/shortcuts/route/stream',
])

/** Most request fingerprints remembered, and for how long (the service keeps a computation 60 s). */
const RECENT_MAX = 10_000
const RECENT_TTL_MS = 60_000

/** The request's identity: its key, method, URL (with the query) and body bytes; sha256, so no key is kept. */
function fingerprintOf(request: FastifyRequest, body?: Buffer): string {
  const hash = createHash('sha256').update(request.headers.authorization ?? '').update('\n').update(`${request.method} ${request.url}`).update('\n')
  if (body !== undefined) hash.update(body)
  return hash.digest('base64url')
}

function refuse(reply: FastifyReply): never {
  const error = new OverloadedError({ retryAfterSeconds: 1 })
  reply.header('Retry-After', String(error.retryAfterSeconds))
  throw error
}

/** Reads a whole body, at most `limit` bytes; undefined when it is longer (Fastify then answers 413). */
async function readBody(payload: NodeJS.ReadableStream, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of payload) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
    length += buffer.length
    if (length > limit) return undefined
    chunks.push(buffer)
  }
  return Buffer.concat(chunks, length)
}

/**
 * Load shedding at the door: when the service's bound on in-flight route work is reached, a route,
 * quote, bundle or non-tokenized route request is refused with 503 OVERLOADED and `Retry-After: 1`,
 * after its key is checked and charged and before its body is parsed, validated or sent over gRPC.
 *
 * Except one that can join: the gateway remembers a fingerprint (key, method, URL, body bytes) of the
 * route work it forwarded in the last minute, and past the bound an identical request still goes
 * through, holding no slot: the service lets it join the computation in flight or kept for its block,
 * and refuses it OVERLOADED only where it would have to compute (`CallOptions.joinOnly`). So identical
 * concurrent requests share one slot instead of being shed. A GET is decided in `onRequest` (its URL
 * is its identity); a body is read as bytes in `preParsing` (never parsed when refused) and handed on
 * unchanged. Without `admission` (a gateway in another process) the service decides alone.
 */
export const admissionPlugin = globalPlugin<AdmissionPluginOptions>(async (app, { admission, bodyLimit = 1_048_576 }) => {
  if (admission === undefined) return
  const recent = new LRUCache<string, true>({ max: RECENT_MAX, ttl: RECENT_TTL_MS })
  const routeWork = (request: FastifyRequest) => ROUTE_WORK_ROUTES.has(request.routeOptions.url ?? '')
  const hasBody = (request: FastifyRequest) => request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!routeWork(request) || hasBody(request)) return
    const fingerprint = fingerprintOf(request)
    if (admission.isFull() && !recent.has(fingerprint)) refuse(reply)
    recent.set(fingerprint, true)
  })

  app.addHook('preParsing', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (!routeWork(request)) return payload
    const declared = Number(request.headers['content-length'])
    if (declared > bodyLimit) return payload
    const body = await readBody(payload, bodyLimit)
    if (body === undefined) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE()
    const fingerprint = fingerprintOf(request, body)
    if (admission.isFull() && !recent.has(fingerprint)) refuse(reply)
    recent.set(fingerprint, true)
    const replay = Readable.from([body]) as Readable & { receivedEncodedLength?: number }
    replay.receivedEncodedLength = body.length
    return replay
  })
}, 'switchyard-admission')
