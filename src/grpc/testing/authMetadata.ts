import { Metadata } from '@grpc/grpc-js'

/** Metadata with `authorization` (and optional extra keys). */
export function authMetadata(authorization?: string, extra: Record<string, string> = {}): Metadata {
  const md = new Metadata()
  if (authorization !== undefined) md.set('authorization', authorization)
  for (const [k, v] of Object.entries(extra)) md.set(k, v)
  return md
}
