import type { z } from 'zod'
import { addressSchema } from '../../schemas/fields.js'
import { callbackGasLimitArg, uintLiteral } from './args.js'
import { actionInputDescriptions } from './actionInputDescriptions.js'
import type { BundleActionDefinition } from './types.js'

/** One argument of a bundle action, as `/actions` documents it (OpenAPI `ActionInputMetadata`, plus its name). */
export type ActionInputDescription = {
  /** The key in the action's `args`. */
  name: string
  /** `address`, `uint256`, `bool`, `bytes32`, `bytes`, `string`, `integer`, `object`, `any`; `[]` for lists, ` | ` between alternatives. */
  type: string
  description: string
  /** True when the argument may be left out. */
  optional: boolean
}

type Node = z.core.$ZodType
type Def = { type: string; [key: string]: unknown }

const defOf = (node: Node): Def => (node as unknown as { _zod: { def: Def } })._zod.def

/** A `{ useOutputOfCallAt, index? }` reference branch (see `refSchema`). */
function isReference(node: Node): boolean {
  const def = defOf(node)
  if (def.type === 'pipe') return isReference(def.in as Node)
  return def.type === 'object' && typeof def.shape === 'object' && def.shape !== null && 'useOutputOfCallAt' in def.shape
}

function typesOf(node: Node): { types: string[]; reference: boolean } {
  if (node === (addressSchema as unknown as Node)) return { types: ['address'], reference: false }
  if (node === (uintLiteral as unknown as Node) || node === (callbackGasLimitArg as unknown as Node)) return { types: ['uint256'], reference: false }
  const def = defOf(node)
  switch (def.type) {
    case 'optional': case 'default': case 'nullable': case 'readonly': case 'prefault':
      return typesOf(def.innerType as Node)
    case 'pipe':
      return typesOf(def.in as Node)
    case 'union': {
      const options = def.options as Node[]
      const parts = options.filter((o) => !isReference(o)).map(typesOf)
      return { types: [...new Set(parts.flatMap((p) => p.types))], reference: options.length > parts.length || parts.some((p) => p.reference) }
    }
    case 'array': {
      const inner = typesOf(def.element as Node)
      return { types: [inner.types.length === 1 ? `${inner.types[0]}[]` : `(${inner.types.join(' | ')})[]`], reference: inner.reference }
    }
    case 'string': {
      const checks = (def.checks as { _zod: { def: { format?: string; pattern?: RegExp } } }[] | undefined) ?? []
      const pattern = checks.map((c) => c._zod.def.pattern?.source).find((p) => p !== undefined)
      if (pattern?.startsWith('^0x')) return { types: [pattern.includes('{64}$') ? 'bytes32' : 'bytes'], reference: false }
      return { types: ['string'], reference: false }
    }
    case 'number': {
      const checks = (def.checks as { _zod: { def: { format?: string } } }[] | undefined) ?? []
      return { types: [checks.some((c) => /int/.test(c._zod.def.format ?? '')) ? 'integer' : 'number'], reference: false }
    }
    case 'boolean': return { types: ['bool'], reference: false }
    case 'object': case 'record': return { types: ['object'], reference: false }
    default: return { types: ['any'], reference: false }
  }
}

/**
 * The inputs of a bundle action, read from its argument schema: names in declaration order, a type
 * per input (literal branches only; a reference to an earlier output is said in the description),
 * whether it may be left out, and its description from {@link actionInputDescriptions}.
 * @param definition - a bundle action (its `args` must be an object schema)
 * @returns one entry per key of `args`; none when the schema is not an object
 */
export function describeActionInputs(definition: Pick<BundleActionDefinition, 'args'>): ActionInputDescription[] {
  const def = defOf(definition.args as unknown as Node)
  if (def.type !== 'object') return []
  return Object.entries(def.shape as Record<string, Node>).map(([name, schema]) => {
    const { types, reference } = typesOf(schema)
    const base = actionInputDescriptions[name] ?? name
    return {
      name,
      type: types.join(' | '),
      description: reference ? `${base}; or { useOutputOfCallAt, index? } for an earlier action's output` : base,
      optional: (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional',
    }
  })
}

/**
 * The input names of a bundle action, in declaration order (`StandardAction.inputs`).
 * @param definition - a bundle action
 * @returns the keys of its `args`
 */
export function actionInputNames(definition: Pick<BundleActionDefinition, 'args'>): string[] {
  return describeActionInputs(definition).map((i) => i.name)
}
