import { buildBundlePlan } from '../bundle/buildBundlePlan.js'
import type { BuildBundleParameters, BuildBundleReturnType } from '../bundle/types.js'
import type { SearchContext } from '../search/searchContext.js'

export type { BuildBundleParameters, BuildBundleReturnType } from '../bundle/types.js'

/**
 * The `buildBundle` worker task: a bundle's weiroll plan on one snapshot (routes searched and encoded
 * here). Pure: search context and plain parameters in, plain data out.
 * @throws InvalidBundleError, NoRouteError
 */
export function buildBundle(context: SearchContext, parameters: BuildBundleParameters): BuildBundleReturnType {
  return buildBundlePlan(context, parameters)
}
