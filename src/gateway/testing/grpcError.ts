import * as grpc from '@grpc/grpc-js'

/**
 * An error as the real server sends it: status, JSON envelope in `details`, code trailer.
 * @param options.status - gRPC status
 * @param options.envelope - JSON envelope (omit, or pass a string for garbage details)
 * @param options.trailers - extra trailer keys
 */
export function grpcError({ status, envelope, trailers = {} }: {
  status: grpc.status
  envelope?: { code: string; message: string; details?: unknown; detail?: string } | string
  trailers?: Record<string, string>
}): Partial<grpc.StatusObject> {
  const metadata = new grpc.Metadata()
  if (typeof envelope === 'object') metadata.set('switchyard-error-code', envelope.code)
  for (const [k, v] of Object.entries(trailers)) metadata.set(k, v)
  return { code: status, details: typeof envelope === 'string' ? envelope : envelope ? JSON.stringify(envelope) : '', metadata }
}
