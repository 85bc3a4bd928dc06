import type { FastifyInstance } from 'fastify'
import { buildApp, type BuildAppParameters } from '../app.js'
import { startFakeGrpcServer } from './startFakeGrpcServer.js'
import type { FakeGrpcServer } from './fakeGrpcServer.js'

/** Addresses used across the gateway tests (EIP-55 checksummed). */
export const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
export const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
export const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
export const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
export const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
export const API_KEY = 'test-key-0123456789abcdef'

/**
 * A fake gRPC server plus a gateway pointed at it.
 * @param overrides - extra {@link BuildAppParameters}
 */
export async function startTestGateway(overrides: Partial<BuildAppParameters> = {}): Promise<{ app: FastifyInstance; fake: FakeGrpcServer; close(): Promise<void> }> {
  const fake = await startFakeGrpcServer()
  const app = await buildApp({ grpcAddress: fake.address, deadlineMs: 2_000, ...overrides })
  return {
    app,
    fake,
    async close() {
      await app.close()
      await fake.stop()
    },
  }
}
