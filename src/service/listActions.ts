import { bundleActions } from '../protocols/bundleRegistry.js'
import { describeActionInputs, type ActionInputDescription } from '../protocols/bundle/describeActionInputs.js'
import { UnknownProtocolSlugError } from './listStandards.js'

/** One bundle action and its inputs (GET /actions, /actions/{slug}). */
export type ActionAnswer = {
  /** Action name, e.g. `swap`, `deposit`. */
  action: string
  /** Inputs in declaration order. */
  inputs: ActionInputDescription[]
}

export type ListActionsErrorType = UnknownProtocolSlugError

/** Merges the inputs of one action name across protocols: an input is optional unless every protocol requires it. */
function mergeInputs(declarations: readonly ActionInputDescription[][]): ActionInputDescription[] {
  const byName = new Map<string, { input: ActionInputDescription; types: Set<string>; required: number }>()
  for (const inputs of declarations) {
    for (const input of inputs) {
      const entry = byName.get(input.name) ?? { input, types: new Set<string>(), required: 0 }
      for (const t of input.type.split(' | ')) entry.types.add(t)
      if (!input.optional) entry.required++
      byName.set(input.name, entry)
    }
  }
  return [...byName.values()].map(({ input, types, required }) => ({ ...input, type: [...types].join(' | '), optional: required < declarations.length }))
}

/**
 * The bundle actions, read from the protocols' declarations (`bundleRegistry`). Without `slug`: each
 * action name once, with the inputs of every protocol that offers it merged (a type per alternative;
 * optional unless every protocol requires it). With `slug`: that protocol's actions with their exact inputs.
 * @throws UnknownProtocolSlugError when `slug` names no protocol with bundle actions
 */
export function listActions({ slug }: { slug?: string | undefined }): ActionAnswer[] {
  if (slug !== undefined) {
    const own = bundleActions.filter((a) => a.protocol === slug)
    if (own.length === 0) throw new UnknownProtocolSlugError({ slug, known: [...new Set(bundleActions.map((a) => a.protocol))] })
    return own.map((a) => ({ action: a.action, inputs: describeActionInputs(a) }))
  }
  const byAction = new Map<string, ActionInputDescription[][]>()
  for (const a of bundleActions) byAction.set(a.action, [...(byAction.get(a.action) ?? []), describeActionInputs(a)])
  return [...byAction].map(([action, declarations]) => ({ action, inputs: mergeInputs(declarations) }))
}
