import { toJsonSchema, type JsonSchema, type SchemaComponents } from './toJsonSchema.js'
import { errorBodySchema } from './errorBodySchema.js'
import type { OperationEntry } from './operations.js'

/** Prefix of every documented route. */
export const API_PREFIX = '/api/v1'

/** One route of the Fastify route table (collected by an `onRoute` hook). */
export type ServedRoute = {
  /** HTTP method, upper case. */
  method: string
  /** Full URL in Fastify syntax (`/api/v1/prices/:chainId`). */
  url: string
  /** The route's `schema.response` (JSON Schemas by status code), if any. */
  response?: Readonly<Record<string, unknown>> | undefined
}

/** An OpenAPI 3.1 document, as plain JSON. */
export type OpenApiDocument = {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  paths: Record<string, Record<string, OpenApiOperation>>
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> }
  security: Record<string, string[]>[]
  tags: { name: string }[]
}

/** One operation of the document. */
export type OpenApiOperation = {
  operationId: string
  summary: string
  tags: string[]
  parameters: OpenApiParameter[]
  requestBody?: { required: true; content: { 'application/json': { schema: JsonSchema } } }
  responses: Record<string, { description: string; content?: { 'application/json': { schema: JsonSchema } } }>
  security?: Record<string, string[]>[]
}

/** A query or path parameter. */
export type OpenApiParameter = {
  name: string
  in: 'query' | 'path'
  required: boolean
  description?: string
  schema?: JsonSchema
  content?: { 'application/json': { schema: JsonSchema } }
}

/** Parameters of {@link buildOpenApiDocument}. */
export type BuildOpenApiDocumentParameters = {
  /** The served routes (HEAD excluded); only those under {@link API_PREFIX} are documented. */
  routes: readonly ServedRoute[]
  /** The operation registry (`operations.ts`). */
  operations: readonly OperationEntry[]
  /** `info.version`. */
  version: string
}

/** `/prices/:chainId` → `/prices/{chainId}`. */
export function toOpenApiPath(fastifyPath: string): string {
  return fastifyPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}

/** The key an operation is known by in the registry and in error messages: `GET /api/v1/tokens`. */
export function operationKey(method: string, fastifyUrl: string): string {
  return `${method.toUpperCase()} ${toOpenApiPath(fastifyUrl)}`
}

function operationIdOf(method: string, path: string): string {
  const words = path.split('/').filter(Boolean).flatMap((segment) => {
    const param = /^:(.+)$/.exec(segment)
    return param ? ['by', param[1]!] : segment.split(/[^A-Za-z0-9]+/)
  })
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')
}

const LIST_STYLES = 'Also accepted as `name[]=a&name[]=b` (what @ensofinance/sdk sends) or `name=a,b`.'
const UNSPLIT_LIST_STYLES = 'Also accepted as `name[]=a&name[]=b` (what @ensofinance/sdk sends) or `name=a&name=b`; a comma is part of the value, never a separator.'

function parametersOf(entry: OperationEntry, components: SchemaComponents): OpenApiParameter[] {
  const pathNames = new Set([...entry.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!))
  const out: OpenApiParameter[] = []
  for (const schema of entry.parameters ?? []) {
    const json = toJsonSchema(schema, components)
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>
    const required = new Set((json.required ?? []) as string[])
    for (const [name, property] of Object.entries(properties)) {
      if (pathNames.has(name)) {
        const values = entry.pathValues?.[name]
        out.push({ name, in: 'path', required: true, schema: values ? { ...property, enum: [...values] } : property })
      } else if (entry.queryShape?.json?.includes(name)) {
        out.push({ name, in: 'query', required: required.has(name), description: 'A JSON-encoded object.', content: { 'application/json': { schema: property } } })
      } else {
        const isList = entry.queryShape?.lists?.includes(name) ?? false
        const styles = entry.queryShape?.unsplit?.includes(name) ? UNSPLIT_LIST_STYLES : LIST_STYLES
        out.push({ name, in: 'query', required: required.has(name), ...(isList ? { description: styles } : {}), schema: property })
      }
    }
  }
  for (const name of pathNames) {
    if (!out.some((p) => p.in === 'path' && p.name === name)) throw new Error(`${entry.method} ${entry.path}: no schema of the registry entry declares the path parameter ${name}`)
  }
  return out
}

const ERROR_REF = { $ref: '#/components/schemas/Error' }

function operationOf(entry: OperationEntry, route: ServedRoute, components: SchemaComponents): OpenApiOperation {
  const okSchema = route.response?.['200'] as JsonSchema | undefined
  const errors = {
    '4XX': { description: 'Invalid request (400 with a stable `code`), missing API key (401), not found (404), rate limited (429)', content: { 'application/json': { schema: ERROR_REF } } },
    '5XX': { description: 'Internal error or the routing service is unavailable', content: { 'application/json': { schema: ERROR_REF } } },
  }
  return {
    operationId: operationIdOf(entry.method, entry.path),
    summary: entry.summary,
    tags: [entry.tag],
    parameters: parametersOf(entry, components),
    ...(entry.body ? { requestBody: { required: true as const, content: { 'application/json': { schema: toJsonSchema(entry.body(), components) } } } } : {}),
    responses: entry.refused
      ? { '400': { description: entry.refused.description, content: { 'application/json': { schema: ERROR_REF } } }, ...errors }
      : {
          '200': okSchema
            ? { description: entry.responseDescription ?? 'OK', content: { 'application/json': { schema: okSchema } } }
            : { description: entry.responseDescription ?? 'OK' },
          ...errors,
        },
    ...(entry.authenticated === false ? { security: [] } : {}),
  }
}

/**
 * Builds the OpenAPI 3.1 document of `/api/v1` from the Fastify route table (what is served, and each
 * route's 200 response schema) and the operation registry (the zod schemas the handlers validate
 * parameters and bodies with). Nothing in it is written by hand. A served route missing from the
 * registry is left out here and reported by {@link findUndocumentedRoutes}.
 * @param parameters - {@link BuildOpenApiDocumentParameters}
 * @returns the document
 * @throws Error when a registry entry's schemas cannot be converted or miss a path parameter
 */
export function buildOpenApiDocument({ routes, operations, version }: BuildOpenApiDocumentParameters): OpenApiDocument {
  const registry = new Map(operations.map((entry) => [operationKey(entry.method, API_PREFIX + entry.path), entry]))
  const paths: OpenApiDocument['paths'] = {}
  const schemas: SchemaComponents = {}
  schemas.Error = toJsonSchema(errorBodySchema, schemas)
  for (const route of routes) {
    const entry = registry.get(operationKey(route.method, route.url))
    if (!entry || !route.url.startsWith(`${API_PREFIX}/`)) continue
    const path = toOpenApiPath(route.url)
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(entry, route, schemas) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'switchyard',
      version,
      description: 'The Enso shortcuts API (`/api/v1`) served by switchyard. Generated from the route table and the zod schemas the gateway validates with.',
    },
    paths,
    components: {
      schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The API key, sent as `Authorization: Bearer <key>`' } },
    },
    security: [{ bearer: [] }],
    tags: [...new Set(operations.map((entry) => entry.tag))].map((name) => ({ name })),
  }
}

/**
 * Served routes under {@link API_PREFIX} that have no registry entry, and registry entries that are
 * not served, as `GET /api/v1/...` keys.
 * @param routes - the Fastify route table (HEAD excluded)
 * @param operations - the registry
 * @returns both lists, sorted
 */
export function findUndocumentedRoutes(routes: readonly ServedRoute[], operations: readonly OperationEntry[]): { notInRegistry: string[]; notServed: string[] } {
  const served = new Set(routes.filter((r) => r.url.startsWith(`${API_PREFIX}/`)).map((r) => operationKey(r.method, r.url)))
  const registered = new Set(operations.map((entry) => operationKey(entry.method, API_PREFIX + entry.path)))
  return {
    notInRegistry: [...served].filter((key) => !registered.has(key)).sort(),
    notServed: [...registered].filter((key) => !served.has(key)).sort(),
  }
}
