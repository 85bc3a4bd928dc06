import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument, findUndocumentedRoutes, toOpenApiPath } from './buildOpenApiDocument.js'
import type { OperationEntry } from './operations.js'

const query = z.strictObject({ chainId: z.number().int().optional(), tokens: z.array(z.string()), filter: z.record(z.string(), z.unknown()).optional() })
const params = z.strictObject({ kind: z.string(), id: z.string().transform((v) => v.toLowerCase()) })
type Tree = { name: string; children: Tree[] }
const tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) }))

const operations: OperationEntry[] = [
  { method: 'GET', path: '/things/:kind/:id', summary: 'A thing', tag: 'things', parameters: [params, query], queryShape: { lists: ['tokens'], json: ['filter'] }, pathValues: { kind: ['a', 'b'] } },
  { method: 'POST', path: '/trees', summary: 'Plant', tag: 'trees', body: () => z.array(tree), responseDescription: 'Nothing useful' },
  { method: 'GET', path: '/public', summary: 'Open', tag: 'meta', authenticated: false },
]
const response = { type: 'object', properties: { ok: { type: 'boolean' } } }
const routes = [
  { method: 'GET', url: '/api/v1/things/:kind/:id', response: { 200: response } },
  { method: 'POST', url: '/api/v1/trees' },
  { method: 'GET', url: '/api/v1/public' },
  { method: 'GET', url: '/api/v1/unregistered' },
  { method: 'GET', url: '/metrics' },
]

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument({ routes, operations, version: '1.2.3' })

  it('splits a validator\'s properties into path and query parameters, from its zod schema', () => {
    const op = doc.paths['/api/v1/things/{kind}/{id}']!.get!
    expect(op.operationId).toBe('getThingsByKindById')
    expect(op.parameters).toEqual([
      { name: 'kind', in: 'path', required: true, schema: { type: 'string', enum: ['a', 'b'] } },
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'chainId', in: 'query', required: false, schema: { type: 'integer', minimum: expect.any(Number), maximum: expect.any(Number) } },
      { name: 'tokens', in: 'query', required: true, description: expect.stringContaining('name[]=a'), schema: { type: 'array', items: { type: 'string' } } },
      { name: 'filter', in: 'query', required: false, description: expect.any(String), content: { 'application/json': { schema: expect.objectContaining({ type: 'object' }) } } },
    ])
    expect(op.responses['200']).toEqual({ description: 'OK', content: { 'application/json': { schema: response } } })
    expect(op.responses['4XX']!.content!['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' })
    expect(op.security).toBeUndefined()
  })

  it('moves recursive parts of a body to components and points at them', () => {
    const op = doc.paths['/api/v1/trees']!.post!
    expect(op.responses['200']).toEqual({ description: 'Nothing useful' })
    const body = op.requestBody!.content['application/json'].schema
    const text = JSON.stringify(body)
    expect(text).not.toContain('$defs')
    const ref = /"\$ref":"#\/components\/schemas\/([A-Za-z0-9]+)"/.exec(text)?.[1]
    expect(ref).toBeDefined()
    expect(JSON.stringify(doc.components.schemas[ref!])).toContain(`#/components/schemas/${ref}`)
  })

  it('documents only registered routes under /api/v1, and marks public ones', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(['/api/v1/public', '/api/v1/things/{kind}/{id}', '/api/v1/trees'])
    expect(doc.paths['/api/v1/public']!.get!.security).toEqual([])
    expect(doc.info.version).toBe('1.2.3')
    expect(doc.components.schemas.Error).toMatchObject({ type: 'object', additionalProperties: false })
  })

  it('refuses an entry whose schemas miss a path parameter', () => {
    const broken: OperationEntry[] = [{ method: 'GET', path: '/x/:id', summary: 'x', tag: 'x', parameters: [query] }]
    expect(() => buildOpenApiDocument({ routes: [{ method: 'GET', url: '/api/v1/x/:id' }], operations: broken, version: '1' })).toThrow('path parameter id')
  })
})

describe('findUndocumentedRoutes', () => {
  it('names served routes missing from the registry and registry entries not served', () => {
    expect(findUndocumentedRoutes(routes, [...operations, { method: 'GET', path: '/gone', summary: 'g', tag: 'g' }])).toEqual({
      notInRegistry: ['GET /api/v1/unregistered'],
      notServed: ['GET /api/v1/gone'],
    })
  })
})

describe('toOpenApiPath', () => {
  it('turns Fastify parameters into OpenAPI templates', () => {
    expect(toOpenApiPath('/api/v1/prices/:chainId/:address')).toBe('/api/v1/prices/{chainId}/{address}')
  })
})
