import { Metadata, type Client, type ServiceError } from '@grpc/grpc-js'

/** Outcome of {@link callUnary}: the response or the error, plus the initial metadata. */
export type UnaryOutcome<Res> = { response: Res | undefined; error: ServiceError | undefined; initial: Metadata | undefined }

type AnyUnary<Req, Res> = (request: Req, metadata: Metadata, options: { deadline?: number }, cb: (err: ServiceError | null, res?: Res) => void) => { on(e: 'metadata', l: (m: Metadata) => void): unknown; cancel(): void }

/**
 * Calls a unary method and resolves with its outcome instead of rejecting.
 * @param client - the generated client
 * @param method - e.g. `'Route'`
 */
export function callUnary<C extends Client, Req, Res = Record<string, unknown>>(
  client: C,
  method: string,
  request: Req,
  { metadata = new Metadata(), deadline, onCall }: { metadata?: Metadata; deadline?: number; onCall?: (call: { cancel(): void }) => void } = {},
): Promise<UnaryOutcome<Res>> {
  const fn = (client as unknown as Record<string, AnyUnary<Req, Res>>)[method]
  if (!fn) throw new Error(`no method ${method}`)
  return new Promise((resolve) => {
    let initial: Metadata | undefined
    const call = fn.call(client, request, metadata, deadline === undefined ? {} : { deadline }, (err, res) => {
      resolve({ response: err ? undefined : res, error: err ?? undefined, initial })
    })
    call.on('metadata', (m) => {
      initial = m
    })
    onCall?.(call)
  })
}
