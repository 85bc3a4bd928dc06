import { listSupportedChains } from '../schemas/listSupportedChains.js'
import type { ServiceContext } from './context.js'

/**
 * Wraps every use case so that a validator's `UNSUPPORTED_CHAIN` (a chain id no deployment serves:
 * 0, -1, 2^53) names the chains this one serves, as the use cases' own unknown-chain errors do. The
 * validators are shared with the gateway and know no deployment; the service layer, which both
 * transports go through, does.
 * @param ctx - the service context (its chains are the served ones)
 * @param services - the use cases, each returning a promise
 * @returns the same use cases, their failures passed through {@link listSupportedChains}
 */
export function listingSupportedChains<S extends object>(ctx: ServiceContext, services: S): S {
  const wrapped: Record<string, unknown> = {}
  for (const [name, useCase] of Object.entries(services) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await useCase(...args)
      } catch (error) {
        throw listSupportedChains(error, Object.keys(ctx.chains).map(Number))
      }
    }
  }
  return wrapped as S
}
