import type { ServiceError } from '@grpc/grpc-js'

/** Parses the JSON envelope in a gRPC error's `details`. */
export function detailsOf(error: ServiceError | undefined): { code: string; message: string; details?: { field: string; reason: string }[]; detail?: string } {
  if (!error) throw new Error('expected an error')
  return JSON.parse(error.details) as ReturnType<typeof detailsOf>
}
