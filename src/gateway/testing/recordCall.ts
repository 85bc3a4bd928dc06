import type * as grpc from '@grpc/grpc-js'
import type { FakeGrpcServer, RecordedCall } from './fakeGrpcServer.js'

function plain(metadata: grpc.Metadata): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(metadata.getMap())) out[k] = String(v)
  return out
}

/** Records one received call (its request and metadata as plain strings) on the fake server. */
export function recordCall(fake: FakeGrpcServer, method: RecordedCall['method'], call: grpc.ServerUnaryCall<unknown, unknown>): void {
  fake.calls.push({ method, request: call.request, metadata: plain(call.metadata) })
}
