import { aggregatorIntegrations, type AggregatorIntegration } from '../protocols/aggregatorRegistry.js'
import { UnsupportedChainError } from '../errors/request.js'
import { chainIdSchema } from '../schemas/fields.js'
import { toInvalidRequestError } from '../schemas/toInvalidRequestError.js'
import type { ServiceContext } from './context.js'

export type ListAggregatorsErrorType = UnsupportedChainError

/**
 * The swap aggregators routes may use (GET /aggregators), from the aggregator registry: those live on
 * a served chain (on `chainId` only, when given).
 * @param registry - defaults to {@link aggregatorIntegrations}; tests pass their own
 * @returns aggregator slugs, in registry order
 * @throws InvalidRequestError | UnsupportedChainError when `chainId` is not a served chain
 */
export function listAggregators(
  ctx: Pick<ServiceContext, 'chains'>,
  { chainId }: { chainId?: number | undefined },
  registry: readonly AggregatorIntegration[] = aggregatorIntegrations,
): string[] {
  const served = Object.keys(ctx.chains).map(Number)
  if (chainId !== undefined) {
    const parsed = chainIdSchema.safeParse(chainId)
    // A fraction is INVALID_TYPE; any other chain not served (0 included) is UNSUPPORTED_CHAIN, listed.
    if (!parsed.success && !Number.isInteger(chainId)) throw toInvalidRequestError(parsed.error)
    if (!served.includes(chainId)) throw new UnsupportedChainError({ chainId, supported: served })
  }
  return registry.filter((a) => a.chains.some((c) => (chainId === undefined ? served.includes(c) : c === chainId))).map((a) => a.slug)
}
