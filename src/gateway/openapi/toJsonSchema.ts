import { z } from 'zod'

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as a plain object. */
export type JsonSchema = Record<string, unknown>

/** Where shared schemas go: the document's `components.schemas`. */
export type SchemaComponents = Record<string, JsonSchema>

function rewriteRefs(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, names))
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).map(([key, v]) => {
    if (key === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
      const name = names.get(v.slice('#/$defs/'.length))
      if (name === undefined) throw new Error(`toJsonSchema: dangling reference ${v}`)
      return [key, `#/components/schemas/${name}`]
    }
    return [key, rewriteRefs(v, names)]
  }))
}

/**
 * Converts a validator's zod schema to the JSON Schema of what a client sends (`io: 'input'`: a
 * transform documents its input type). Refinements written as transforms (address checksums, amount
 * ranges) are not expressible and are left out; the validator still applies them. Recursive parts,
 * which zod emits as `$defs`, are moved to `components` (OpenAPI resolves `#/$defs/…` against the
 * document root, not the schema).
 * @param schema - a zod schema used by a request validator
 * @param components - the document's `components.schemas`, extended in place when needed
 * @returns the JSON Schema, without `$schema`
 */
export function toJsonSchema(schema: z.ZodType, components: SchemaComponents): JsonSchema {
  const { $schema: _dialect, $defs, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema
  if ($defs === undefined) return json
  const defs = Object.entries($defs as Record<string, JsonSchema>)
  const names = new Map<string, string>()
  for (const [id] of defs) {
    let n = Object.keys(components).length + names.size
    while (`Recursive${n}` in components) n++
    names.set(id, `Recursive${n}`)
  }
  for (const [id, def] of defs) components[names.get(id)!] = rewriteRefs(def, names) as JsonSchema
  return rewriteRefs(json, names) as JsonSchema
}
