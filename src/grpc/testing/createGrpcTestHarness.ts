import { credentials, loadPackageDefinition } from '@grpc/grpc-js'
import { pino, type Logger } from 'pino'
import { createApiKeyStore } from '../../service/auth/createApiKeyStore.js'
import type { RateLimitOptions } from '../../service/auth/createRateLimiter.js'
import type { ProtoGrpcType as DataProto } from '../generated/data_service.js'
import type { ProtoGrpcType as RoutingProto } from '../generated/routing_service.js'
import type { DataServiceClient } from '../generated/switchyard/data/v1/DataService.js'
import type { RoutingServiceClient } from '../generated/switchyard/routing/v1/RoutingService.js'
import { loadProtoDefinition } from '../loadProtoDefinition.js'
import { createGrpcServer, type GrpcServer } from '../server.js'
import { createFakeServices, type FakeServices } from './createFakeServices.js'

/** Keys configured in the harness: one with a UUID accountId, one without. */
export const TEST_KEYS = {
  alice: 'alice-test-key-0123456789',
  aliceAccountUuid: '123e4567-e89b-12d3-a456-426614174000',
  bob: 'bob.test~key+0123456789/=',
} as const

export type GrpcTestHarnessParameters = {
  keyRateLimit?: RateLimitOptions
  ipRateLimit?: RateLimitOptions
  trustedProxies?: readonly string[]
  /** The gateway credential the server believes `x-forwarded-for` from. */
  gatewaySecret?: string
  /** Bound on in-flight route work. */
  maxInflight?: number
  shutdownTimeoutMs?: number
}

export type GrpcTestHarness = {
  services: FakeServices
  grpc: GrpcServer
  port: number
  address: string
  routing: RoutingServiceClient
  data: DataServiceClient
  /** Every log line the server wrote (JSON). */
  logLines: string[]
  /** Closes the clients and stops the server. */
  stop(): Promise<void>
}

/**
 * Starts the real gRPC server on 127.0.0.1:0 with {@link createFakeServices} and two keys
 * ({@link TEST_KEYS}), and connects grpc-js clients built from the same protos.
 */
export async function createGrpcTestHarness(params: GrpcTestHarnessParameters = {}): Promise<GrpcTestHarness> {
  const services = createFakeServices()
  const logLines: string[] = []
  const logger: Logger = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) })
  const grpc = createGrpcServer({
    services,
    logger,
    auth: {
      apiKeys: createApiKeyStore({ keys: [`${TEST_KEYS.alice}:${TEST_KEYS.aliceAccountUuid}`, TEST_KEYS.bob] }),
      keyRateLimit: params.keyRateLimit,
      ipRateLimit: params.ipRateLimit,
      trustedProxies: params.trustedProxies,
      gatewaySecret: params.gatewaySecret,
    },
    maxInflight: params.maxInflight,
    shutdownTimeoutMs: params.shutdownTimeoutMs,
  })
  const port = await grpc.bind('127.0.0.1:0')
  const address = `127.0.0.1:${port}`
  const proto = loadPackageDefinition(loadProtoDefinition()) as unknown as RoutingProto & DataProto
  const routing = new proto.switchyard.routing.v1.RoutingService(address, credentials.createInsecure())
  const data = new proto.switchyard.data.v1.DataService(address, credentials.createInsecure())
  return {
    services, grpc, port, address, routing, data, logLines,
    async stop() {
      routing.close()
      data.close()
      await grpc.shutdown()
    },
  }
}
