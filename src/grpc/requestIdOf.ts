import { randomUUID } from 'node:crypto'
import type { Metadata } from '@grpc/grpc-js'

const REQUEST_ID = /^[\x21-\x7e]{1,128}$/

/**
 * The id a call is logged under: the caller's `x-request-id` (the gateway forwards its own) when it
 * is 1–128 printable ASCII characters, otherwise a fresh UUID.
 * @param metadata - the call's metadata
 */
export function requestIdOf(metadata: Metadata): string {
  const value = metadata.get('x-request-id')[0]
  return typeof value === 'string' && REQUEST_ID.test(value) ? value : randomUUID()
}
