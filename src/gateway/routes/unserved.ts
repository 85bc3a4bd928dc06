import type { FastifyPluginAsync } from 'fastify'
import { UnservedOperationError, type UnservedOperationCode } from '../../errors/unserved.js'

const BRIDGES = 'switchyard bridges with layerzero, stargate and across (bundle bridge actions, routes with destinationChainId)'
const BRIDGE_STATUS = 'follow a bridge transaction with GET /api/v1/{layerzero|stargate|across}/bridge/check'

/** A published operation we answer with a documented 400: its code, what is not supported, and what to use instead. */
export type UnservedOperation = { method: 'GET' | 'POST'; path: string; code: UnservedOperationCode; what: string; instead: readonly string[] }

/**
 * Operations of the published OpenAPI that switchyard does not serve. Each answers 400 with our error
 * envelope (never 404), whatever its parameters: the message says what is not supported and what to
 * use instead. `operations.ts` documents them from this list.
 */
export const unservedOperations: readonly UnservedOperation[] = [
  { method: 'GET', path: '/ccip/router', code: 'BRIDGE_NOT_SUPPORTED', what: 'CCIP is not served, so there is no CCIP router to name on any chain', instead: [BRIDGES] },
  { method: 'GET', path: '/cctp/bridge/tokenmessengerv2', code: 'BRIDGE_NOT_SUPPORTED', what: 'CCTP is not served, so there is no TokenMessengerV2 to name on any chain', instead: [BRIDGES] },
  { method: 'GET', path: '/cctp/bridge/claim', code: 'BRIDGE_NOT_SUPPORTED', what: 'CCTP is not served, so there is no CCTP transfer to claim', instead: [BRIDGES, BRIDGE_STATUS] },
  {
    method: 'POST', path: '/shortcuts/static/ipor', code: 'NOT_SUPPORTED', what: 'IPOR shortcuts are not served: switchyard integrates no IPOR Fusion vault',
    instead: ['compose the same steps with POST /api/v1/shortcuts/bundle or /shortcuts/route over the protocols GET /api/v1/standards lists'],
  },
]

/**
 * Answers every {@link unservedOperations} entry with its 400 (`BRIDGE_NOT_SUPPORTED` or
 * `NOT_SUPPORTED`), so every path of the published document answers something documented.
 */
export const unservedRoutes: FastifyPluginAsync = async (app) => {
  for (const op of unservedOperations) {
    app.route({
      method: op.method,
      url: op.path,
      handler: async () => {
        throw new UnservedOperationError({ code: op.code, operation: `${op.method} /api/v1${op.path}`, what: op.what, instead: op.instead })
      },
    })
  }
}
