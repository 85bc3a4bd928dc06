import { z } from 'zod'
import { MAX_BUNDLE_ACTIONS } from '../../schemas/bundleRequest.js'
import { bundleActions } from '../../protocols/bundleRegistry.js'

/**
 * The body of `POST /shortcuts/bundle` for the OpenAPI document: a JSON array of actions, each one of
 * the declared bundle actions with the very `args` schema `parseBundleRequest` validates it with
 * (`src/protocols/bundleRegistry.ts`). The validator also lowercases `protocol` and `action`, checks
 * references and counts actions inside callbacks; those rules are not expressible here.
 * @returns a zod schema (built on call, so a new bundle action appears without edits here)
 */
export function bundleBodySchema(): z.ZodType {
  const variants = bundleActions.map((definition) => z.strictObject({
    protocol: z.literal(definition.protocol),
    action: z.literal(definition.action),
    args: definition.args,
  }).describe(definition.description))
  const [first, ...rest] = variants
  if (!first) throw new Error('bundleBodySchema: no bundle action is declared')
  return z.array(rest.length ? z.union([first, ...rest]) : first).min(1).max(MAX_BUNDLE_ACTIONS)
}
