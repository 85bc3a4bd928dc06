/**
 * A swap aggregator routes may call (an external API or contract that quotes across venues). Routes
 * exclude one with `ignoreAggregators: [slug]`.
 */
export type AggregatorIntegration = {
  /** Slug clients send in `ignoreAggregators`. */
  slug: string
  /** Chains it is live on. */
  chains: readonly number[]
}

/**
 * Every swap aggregator switchyard integrates, listed explicitly (STYLE §1.5). Empty: routes are
 * found by our own engine over the protocol adapters (`registry.ts`), never through an aggregator.
 */
export const aggregatorIntegrations: readonly AggregatorIntegration[] = []
