/**
 * Compares our OpenAPI document with the vendor's published one (`enso-openapi.json`): which paths,
 * parameters and response fields we serve differently. `knownDifferences.ts` lists the accepted ones;
 * `knownDifferences.test.ts` fails on any other.
 */

type Json = Record<string, unknown>

/** What differs. */
export type DifferenceKind =
  /** An operation of the published document we do not serve. */
  | 'path-not-served'
  /** An operation we serve that the published document does not have. */
  | 'path-not-in-reference'
  /** A published parameter we do not accept. */
  | 'param-not-served'
  /** A parameter we accept that is not published. */
  | 'param-not-in-reference'
  /** Required in one document, optional in the other. */
  | 'param-required'
  /** The parameter's type (string, number, boolean, array, object) differs. */
  | 'param-type'
  /** A published request-body field we do not accept. */
  | 'body-field-not-served'
  /** A request-body field we accept that is not published. */
  | 'body-field-not-in-reference'
  /** A published 200 response field we do not send. */
  | 'response-field-not-served'
  /** A 200 response field we send that is not published. */
  | 'response-field-not-in-reference'
  /** Our 200 response has no schema (the route declares none), so its fields cannot be compared. */
  | 'response-undocumented'

/** One difference. `name` is the parameter (`query chainId`) or field path (`route[].tokenIn`). */
export type Difference = { kind: DifferenceKind; operation: string; name?: string }

/** A stable one-line id: `param-required GET /api/v1/tokens query chainId`. */
export function differenceId(d: Difference): string {
  return d.name === undefined ? `${d.kind} ${d.operation}` : `${d.kind} ${d.operation} ${d.name}`
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

function resolver(document: Json): (schema: unknown) => Json {
  return (schema) => {
    let current = schema as Json | undefined
    for (let hops = 0; current && typeof current.$ref === 'string' && hops < 32; hops++) {
      const ref = current.$ref as string
      if (!ref.startsWith('#/')) throw new Error(`diffOpenApi: external reference ${ref}`)
      current = ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Json | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document) as Json | undefined
    }
    return current ?? {}
  }
}

type Operation = { method: string; path: string; op: Json; pathParams: Json[] }

function operationsOf(document: Json): Operation[] {
  const out: Operation[] = []
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined
      if (op) out.push({ method: method.toUpperCase(), path, op, pathParams: (item.parameters ?? []) as Json[] })
    }
  }
  return out
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean)
}

const isTemplate = (segment: string): boolean => /^\{.+\}$/.test(segment)

/** Literal values our templated path accepts for a segment, from the path parameter's `enum`. */
function allowedValues(ours: Operation, resolve: (s: unknown) => Json, name: string): unknown[] | undefined {
  const param = [...ours.pathParams, ...((ours.op.parameters ?? []) as Json[])].map(resolve).find((p) => p.in === 'path' && p.name === name)
  const values = param ? resolve(param.schema).enum : undefined
  return Array.isArray(values) ? values : undefined
}

/**
 * Whether our path serves the published one: same segments, where our `{param}` stands for a
 * published literal (only one of its `enum` values, when it has one) or a published `{param}`.
 * @returns the names of our path parameters filled by published literals, or undefined
 */
function matchPath(ours: Operation, theirs: Operation, resolve: (s: unknown) => Json): string[] | undefined {
  const a = segments(ours.path)
  const b = segments(theirs.path)
  if (a.length !== b.length || ours.method !== theirs.method) return undefined
  const filled: string[] = []
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!
    const y = b[i]!
    if (x === y || (isTemplate(x) && isTemplate(y))) continue
    if (!isTemplate(x)) return undefined
    const name = x.slice(1, -1)
    const values = allowedValues(ours, resolve, name)
    if (values && !values.includes(y)) return undefined
    filled.push(name)
  }
  return filled
}

function kindsOf(schema: Json, resolve: (s: unknown) => Json, seen = 0): Set<string> {
  const s = resolve(schema)
  const kinds = new Set<string>()
  const types = Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type]
  for (const t of types as string[]) if (t !== 'null') kinds.add(t === 'integer' ? 'number' : t)
  if (s.items !== undefined) kinds.add('array')
  if (s.properties !== undefined) kinds.add('object')
  if (s.const !== undefined) kinds.add(typeof s.const === 'number' ? 'number' : typeof s.const)
  if (seen < 8) {
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      for (const member of (s[key] ?? []) as Json[]) for (const k of kindsOf(member, resolve, seen + 1)) kinds.add(k)
    }
  }
  return kinds
}

function parameterSchemaOf(param: Json): Json {
  if (param.schema) return param.schema as Json
  const content = param.content as Record<string, { schema?: Json }> | undefined
  return Object.values(content ?? {})[0]?.schema ?? {}
}

/**
 * Field paths of a schema, `a`, `a.b`, `list[].c`, down to `depth` levels of properties (array steps
 * are free). `oneOf`/`anyOf`/`allOf` contribute the union of their members' fields.
 */
export function fieldsOf(schema: unknown, resolve: (s: unknown) => Json, depth: number, prefix = ''): Set<string> {
  const fields = new Set<string>()
  if (depth <= 0) return fields
  const s = resolve(schema)
  if (s.items && typeof s.items === 'object') for (const f of fieldsOf(s.items, resolve, depth, `${prefix}[]`)) fields.add(f)
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const member of (s[key] ?? []) as Json[]) for (const f of fieldsOf(member, resolve, depth, prefix)) fields.add(f)
  }
  for (const [name, child] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
    const path = prefix === '' ? name : `${prefix}.${name}`
    fields.add(path)
    for (const f of fieldsOf(child, resolve, depth - 1, path)) fields.add(f)
  }
  return fields
}

function jsonSchemaOf(holder: Json | undefined, resolve: (s: unknown) => Json): Json | undefined {
  const content = resolve(holder).content as Record<string, { schema?: Json }> | undefined
  return content?.['application/json']?.schema
}

/** Parameters of {@link diffOpenApi}. */
export type DiffOpenApiParameters = {
  /** Our generated document. */
  ours: Json
  /** The published document. */
  reference: Json
  /** How deep response fields are compared (default 2: `tx.data`, `data[].address`). */
  responseDepth?: number
  /** How deep request-body fields are compared (default 1). */
  bodyDepth?: number
}

/**
 * Lists every path, parameter, request-body field and 200 response field that differs between our
 * document and the published one. Operations are keyed by our path (`GET /api/v1/prices/{chainId}`)
 * when served, else by the published path.
 * @param parameters - {@link DiffOpenApiParameters}
 * @returns the differences, sorted by id
 */
export function diffOpenApi({ ours, reference, responseDepth = 2, bodyDepth = 1 }: DiffOpenApiParameters): Difference[] {
  const resolveOurs = resolver(ours)
  const resolveTheirs = resolver(reference)
  const our = operationsOf(ours)
  const theirs = operationsOf(reference)
  const out: Difference[] = []
  const matchedOurs = new Set<Operation>()
  for (const t of theirs) {
    const exact = our.find((o) => o.method === t.method && o.path === t.path)
    const match = exact ? { o: exact, filled: [] as string[] } : our.map((o) => ({ o, filled: matchPath(o, t, resolveOurs) })).find((m) => m.filled !== undefined)
    if (!match?.filled) {
      out.push({ kind: 'path-not-served', operation: `${t.method} ${t.path}` })
      continue
    }
    matchedOurs.add(match.o)
    const operation = `${match.o.method} ${match.o.path}`
    compareParameters(out, operation, match.o, t, match.filled, resolveOurs, resolveTheirs)
    compareFields(out, operation, 'body', jsonSchemaOf(match.o.op.requestBody as Json, resolveOurs), jsonSchemaOf(t.op.requestBody as Json, resolveTheirs), resolveOurs, resolveTheirs, bodyDepth)
    const ourOk = jsonSchemaOf((match.o.op.responses as Json | undefined)?.['200'] as Json, resolveOurs)
    const theirOk = jsonSchemaOf((t.op.responses as Json | undefined)?.['200'] as Json, resolveTheirs)
    if (!ourOk && theirOk) out.push({ kind: 'response-undocumented', operation })
    else compareFields(out, operation, 'response', ourOk, theirOk, resolveOurs, resolveTheirs, responseDepth)
  }
  for (const o of our) if (!matchedOurs.has(o)) out.push({ kind: 'path-not-in-reference', operation: `${o.method} ${o.path}` })
  const unique = new Map(out.map((d) => [differenceId(d), d]))
  return [...unique.keys()].sort().map((id) => unique.get(id)!)
}

function compareParameters(out: Difference[], operation: string, o: Operation, t: Operation, filled: readonly string[], resolveOurs: (s: unknown) => Json, resolveTheirs: (s: unknown) => Json): void {
  const index = (op: Operation, resolve: (s: unknown) => Json) => new Map(
    [...op.pathParams, ...((op.op.parameters ?? []) as Json[])].map(resolve).map((p) => [`${String(p.in)} ${String(p.name)}`, p]),
  )
  const ourParams = index(o, resolveOurs)
  for (const name of filled) ourParams.delete(`path ${name}`)
  const theirParams = index(t, resolveTheirs)
  for (const [key, p] of theirParams) {
    const mine = ourParams.get(key)
    if (!mine) {
      out.push({ kind: 'param-not-served', operation, name: key })
      continue
    }
    if (Boolean(mine.required) !== Boolean(p.required)) out.push({ kind: 'param-required', operation, name: key })
    const a = kindsOf(parameterSchemaOf(mine), resolveOurs)
    const b = kindsOf(parameterSchemaOf(p), resolveTheirs)
    if (a.size > 0 && b.size > 0 && ![...a].some((k) => b.has(k))) out.push({ kind: 'param-type', operation, name: key })
  }
  for (const key of ourParams.keys()) if (!theirParams.has(key)) out.push({ kind: 'param-not-in-reference', operation, name: key })
}

function compareFields(out: Difference[], operation: string, where: 'body' | 'response', ours: Json | undefined, theirs: Json | undefined, resolveOurs: (s: unknown) => Json, resolveTheirs: (s: unknown) => Json, depth: number): void {
  const a = ours ? fieldsOf(ours, resolveOurs, depth) : new Set<string>()
  const b = theirs ? fieldsOf(theirs, resolveTheirs, depth) : new Set<string>()
  for (const f of b) if (!a.has(f)) out.push({ kind: `${where}-field-not-served`, operation, name: f })
  for (const f of a) if (!b.has(f)) out.push({ kind: `${where}-field-not-in-reference`, operation, name: f })
}
