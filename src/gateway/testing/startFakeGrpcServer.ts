import * as grpc from '@grpc/grpc-js'
import { loadSync } from '@grpc/proto-loader'
import type { ProtoGrpcType as DataProto } from '../../grpc/generated/data_service.js'
import type { ProtoGrpcType as RoutingProto } from '../../grpc/generated/routing_service.js'
import { PROTO_DIR } from '../plugins/grpcClient.js'
import { createFakeDataHandlers } from './createFakeDataHandlers.js'
import { createFakeRoutingHandlers } from './createFakeRoutingHandlers.js'
import type { FakeGrpcServer } from './fakeGrpcServer.js'

// Importers take the fake's types, canned answers and helpers from their own files. These stay
// re-exported only while src/gateway/plugins/errorHandler.test.ts and grpcClient.test.ts, edited
// elsewhere, import them from here.
export type { FakeGrpcServer, RecordedCall } from './fakeGrpcServer.js'
export { grpcError } from './grpcError.js'
export { rateLimitMetadata } from './rateLimitMetadata.js'

/**
 * Starts an in-process gRPC server on 127.0.0.1:0 serving RoutingService and DataService with
 * canned answers, recording each call's request and metadata.
 * @returns the server handle
 */
export async function startFakeGrpcServer(): Promise<FakeGrpcServer> {
  const definition = loadSync(['switchyard/routing/v1/routing_service.proto', 'switchyard/data/v1/data_service.proto'], {
    keepCase: true, longs: String, enums: String, defaults: true, oneofs: true, includeDirs: [PROTO_DIR],
  })
  const proto = grpc.loadPackageDefinition(definition) as unknown as RoutingProto & DataProto
  const server = new grpc.Server()
  const fake: FakeGrpcServer = { address: '', calls: [], handlers: {}, stop: async () => {} }
  server.addService(proto.switchyard.routing.v1.RoutingService.service, createFakeRoutingHandlers(fake))
  server.addService(proto.switchyard.data.v1.DataService.service, createFakeDataHandlers(fake))
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p)))
  })
  fake.address = `127.0.0.1:${port}`
  fake.stop = () => new Promise((resolve) => server.tryShutdown(() => resolve()))
  return fake
}
