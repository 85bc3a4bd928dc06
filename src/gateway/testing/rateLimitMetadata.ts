import * as grpc from '@grpc/grpc-js'

/** Rate-limit state sent as initial metadata on every successful canned answer. */
export function rateLimitMetadata(): grpc.Metadata {
  const md = new grpc.Metadata()
  md.set('x-ratelimit-limit', '100')
  md.set('x-ratelimit-remaining', '99')
  md.set('x-ratelimit-reset', '60')
  return md
}
