import { z } from 'zod'
import type { ErrorEnvelope } from '../../errors/status.js'

/**
 * The body of every 4xx/5xx answer (`toErrorReply`): Fastify's `{statusCode, error, message}` plus our
 * stable `code`, field issues, a technical `detail` and the request id. The OpenAPI document's `Error`
 * component is generated from it; `openApiPlugin.test.ts` parses real error replies with it, and the
 * type checks below fail to compile when it drifts from {@link ErrorEnvelope}.
 */
export const errorBodySchema = z.strictObject({
  statusCode: z.number().int().min(400).max(599),
  error: z.string(),
  message: z.string(),
  code: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/),
  details: z.array(z.strictObject({ field: z.string(), reason: z.string() })).optional(),
  detail: z.string().optional(),
  requestId: z.string(),
})

/** An error body as the gateway sends it. */
export type ErrorBody = z.infer<typeof errorBodySchema>

type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Envelope = Required<Pick<ErrorEnvelope, 'requestId'>> & Omit<ErrorEnvelope, 'requestId'>
type FieldsMatch = Equal<keyof ErrorBody, keyof Envelope>
/** Compile-time guard: the schema names exactly the envelope's fields, and each schema value fits the envelope. */
export const errorBodyMatchesEnvelope: FieldsMatch extends true ? (ErrorBody extends Envelope ? true : never) : never = true
