import { validate, compileErrors } from '@readme/openapi-parser'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unservedOperations } from '../routes/unserved.js'
import { startTestGateway } from '../testing/startTestGateway.js'
import { accountIdResponseSchema } from '../schemas/accountResponse.js'
import { bundleResponseSchema } from '../schemas/bundleResponse.js'
import { nontokenizedResponseSchema, nontokenizedRouteResponseSchema } from '../schemas/nontokenizedResponse.js'
import { routeResponseSchema } from '../schemas/routeResponse.js'
import { tokensResponseSchema } from '../schemas/tokensResponse.js'
import { priceResponseSchema } from '../schemas/priceResponse.js'
import { API_PREFIX, findUndocumentedRoutes, toOpenApiPath, type OpenApiDocument } from './buildOpenApiDocument.js'
import { errorBodySchema } from './errorBodySchema.js'
import { operations } from './operations.js'
import { DOCS_PREFIX, OPENAPI_URL } from './openApiPlugin.js'

/**
 * The served routes, read from Fastify's own route tree (`printRoutes`), not from our onRoute hook,
 * so a route the hook misses is still caught. Each line is a path suffix under its parent, with the
 * methods in parentheses; every tree level indents by four characters.
 */
function routeTableOf(app: FastifyInstance): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = []
  const stack: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!m) continue
    const depth = m[1]!.length / 4
    stack.length = depth
    const url = (stack[depth - 1] ?? '') + m[2]!
    stack.push(url)
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim()).filter(Boolean)) if (method !== 'HEAD') out.push({ method, url })
  }
  return out
}

describe('GET /api/v1/openapi.json and /docs', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>
  let document: OpenApiDocument
  let served: { method: string; url: string }[]

  beforeAll(async () => {
    gateway = await startTestGateway()
    const res = await gateway.app.inject({ method: 'GET', url: OPENAPI_URL })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    document = res.json()
    served = routeTableOf(gateway.app).filter((r) => r.url.startsWith(`${API_PREFIX}/`))
  })
  afterAll(async () => gateway.close())

  it('reads the route table it checks against', () => {
    // Guards the parser above: a broken parser would make the coverage checks vacuous.
    expect(served.length).toBeGreaterThanOrEqual(operations.length)
    expect(served).toContainEqual({ method: 'GET', url: '/api/v1/prices/:chainId/:address' })
    expect(served).toContainEqual({ method: 'POST', url: '/api/v1/shortcuts/route' })
    expect(served).toContainEqual({ method: 'GET', url: '/api/v1/shortcuts/route/nontokenized' })
  })

  it('every route served under /api/v1 is in the registry (operations.ts) and the registry lists nothing else', () => {
    const { notInRegistry, notServed } = findUndocumentedRoutes(served, operations)
    expect(notInRegistry, `served but not documented; add a line to src/gateway/openapi/operations.ts for: ${notInRegistry.join(', ')}`).toEqual([])
    expect(notServed, `documented but not served; remove from operations.ts: ${notServed.join(', ')}`).toEqual([])
  })

  it('documents every served route with its path parameters and its 200 (400 for an operation we refuse), 4XX and 5XX responses', () => {
    expect(Object.keys(document.paths).length).toBeGreaterThan(0)
    for (const { method, url } of served) {
      const op = document.paths[toOpenApiPath(url)]?.[method.toLowerCase()]
      expect(op, `${method} ${url} missing from the document`).toBeDefined()
      const pathParams = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1])
      expect(op!.parameters.filter((p) => p.in === 'path').map((p) => p.name).sort(), `${method} ${url}`).toEqual([...pathParams].sort())
      for (const p of op!.parameters.filter((x) => x.in === 'path')) expect(p.required).toBe(true)
      const refused = unservedOperations.some((u) => u.method === method && `/api/v1${u.path}` === url)
      expect(Object.keys(op!.responses).sort(), `${method} ${url}`).toEqual([refused ? '400' : '200', '4XX', '5XX'])
      for (const status of ['4XX', '5XX']) expect(op!.responses[status]!.content!['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' })
    }
  })

  it('takes each query parameter from the zod schema the handler validates with', () => {
    for (const entry of operations) {
      const op = document.paths[toOpenApiPath(API_PREFIX + entry.path)]![entry.method.toLowerCase()]!
      const expected = (entry.parameters ?? []).flatMap((schema) => Object.keys(schema.shape)).sort()
      expect(op.parameters.map((p) => p.name).sort(), `${entry.method} ${entry.path}`).toEqual(expected)
    }
    const route = document.paths['/api/v1/shortcuts/route']!.get!
    expect(route.parameters.find((p) => p.name === 'fromAddress')).toMatchObject({ in: 'query', required: true, schema: { type: 'string' } })
    expect(route.parameters.find((p) => p.name === 'amountIn')).toMatchObject({ in: 'query', required: true, schema: { type: 'array', minItems: 1, maxItems: 16 } })
    expect(route.parameters.find((p) => p.name === 'chainId')).toMatchObject({ required: false, schema: { type: 'integer' } })
    expect(route.parameters.find((p) => p.name === 'variableEstimates')).toMatchObject({ content: { 'application/json': { schema: {} } } })
    const check = document.paths['/api/v1/{bridgeProtocol}/bridge/check']!.get!
    expect(check.parameters.find((p) => p.name === 'bridgeProtocol')).toMatchObject({ in: 'path', schema: { enum: ['layerzero', 'stargate', 'across'] } })
    expect(document.paths['/api/v1/volume/{chainId}']!.get!.parameters.map((p) => `${p.in} ${p.name}`)).toEqual(['path chainId', 'query blocks'])
  })

  it('documents the request bodies of POST /shortcuts/route and /shortcuts/bundle', () => {
    const route = document.paths['/api/v1/shortcuts/route']!.post!.requestBody!.content['application/json'].schema
    expect(route).toMatchObject({ type: 'object', additionalProperties: false })
    expect(route.required).toEqual(expect.arrayContaining(['fromAddress', 'amountIn', 'tokenIn', 'tokenOut', 'variableEstimates']))
    const bundle = document.paths['/api/v1/shortcuts/bundle']!.post!.requestBody!.content['application/json'].schema
    expect(bundle).toMatchObject({ type: 'array', minItems: 1, maxItems: 10 })
    const variants = (bundle.items as { anyOf: { properties: { protocol: { const: string }; action: { const: string } } }[] }).anyOf
    expect(variants.map((v) => `${v.properties.protocol.const}:${v.properties.action.const}`)).toEqual(expect.arrayContaining(['enso:route', 'erc20:transfer', 'stargate:bridge']))
  })

  it('uses each route\'s own response schema for 200', () => {
    const ok = (path: string, method = 'get') => document.paths[path]![method]!.responses['200']!.content?.['application/json'].schema
    expect(ok('/api/v1/tokens')).toEqual(tokensResponseSchema)
    expect(ok('/api/v1/shortcuts/route', 'post')).toEqual(routeResponseSchema)
    expect(ok('/api/v1/prices/{chainId}/{address}')).toEqual(priceResponseSchema)
    expect(ok('/api/v1/account/accountId')).toEqual(accountIdResponseSchema)
  })

  // Issue 24 item 16: nothing we send is left undescribed.
  it('describes the bundle, non-tokenized route, /nontokenized and accountId bodies, the 11 /nontokenized parameters, bridgingEstimates and the bridge events', () => {
    const ok = (path: string, method = 'get') => document.paths[path]![method]!.responses['200']!.content?.['application/json'].schema as Record<string, unknown> | undefined
    expect(ok('/api/v1/shortcuts/bundle', 'post')).toEqual(bundleResponseSchema)
    expect(ok('/api/v1/shortcuts/route/nontokenized')).toEqual(nontokenizedRouteResponseSchema)
    expect(ok('/api/v1/nontokenized')).toEqual(nontokenizedResponseSchema)
    expect(ok('/api/v1/account/{id}')).toEqual(accountIdResponseSchema)
    expect(document.paths['/api/v1/nontokenized']!.get!.parameters.map((p) => p.name).sort()).toEqual(
      ['address', 'chainId', 'cursor', 'page', 'pageSize', 'positionId', 'primaryAddress', 'project', 'protocolSlug', 'underlyingTokens', 'underlyingTokensExact'],
    )
    const estimate = (ok('/api/v1/shortcuts/route') as { properties: { bridgingEstimates: { items: { properties: Record<string, { description?: string }> } } } }).properties.bridgingEstimates.items.properties
    expect(Object.keys(estimate).sort()).toEqual(['bridge', 'estimatedSeconds', 'fromChainId', 'source', 'toChainId', 'token'])
    for (const [name, field] of Object.entries(estimate)) expect(field.description, name).toBeTruthy()
    const check = ok('/api/v1/{bridgeProtocol}/bridge/check') as { properties: Record<string, { properties?: Record<string, unknown> }> }
    for (const side of ['ensoSourceEvent', 'ensoDestinationEvent']) {
      expect(Object.keys(check.properties[side]!.properties!)).toEqual(expect.arrayContaining(['accountId', 'requestId', 'blockNumber', 'transactionHash', 'chainId', 'success', 'error', 'refundDetails']))
    }
  })

  it('documents externalContracts on the route answer (required, with its meaning) and names it on the bundle answer', () => {
    for (const method of ['get', 'post']) {
      const schema = document.paths['/api/v1/shortcuts/route']![method]!.responses['200']!.content!['application/json'].schema as { required: string[]; properties: Record<string, { type: string; description?: string }> }
      expect(schema.required).toContain('externalContracts')
      expect(schema.properties.externalContracts).toMatchObject({ type: 'array', description: expect.stringContaining('address book') })
    }
    expect(document.paths['/api/v1/shortcuts/bundle']!.post!.responses['200']!.description).toContain('externalContracts')
  })

  it('validates as OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0')
    const result = await validate(structuredClone(document) as never)
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
  })

  it('the validator catches a broken document (so the check above is not vacuous)', async () => {
    const broken = structuredClone(document) as unknown as { paths: Record<string, Record<string, { parameters: { in?: string }[] }>> }
    delete broken.paths['/api/v1/tokens']!.get!.parameters[0]!.in
    expect((await validate(broken as never)).valid).toBe(false)
  })

  it('the Error component is what the error handler sends', async () => {
    expect(document.components.schemas.Error).toMatchObject({ type: 'object', required: ['statusCode', 'error', 'message', 'code', 'requestId'] })
    const bad = await gateway.app.inject({ method: 'GET', url: '/api/v1/shortcuts/route?fromAddress=0x1' })
    expect(bad.statusCode).toBe(400)
    expect(() => errorBodySchema.parse(bad.json())).not.toThrow()
    const missing = await gateway.app.inject({ method: 'GET', url: '/api/v1/nope' })
    expect(missing.statusCode).toBe(404)
    expect(() => errorBodySchema.parse(missing.json())).not.toThrow()
  })

  it('needs no API key, and marks only itself as public', async () => {
    const res = await gateway.app.inject({ method: 'GET', url: OPENAPI_URL, headers: { authorization: '' } })
    expect(res.statusCode).toBe(200)
    expect(document.security).toEqual([{ bearer: [] }])
    const publicOps = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).filter(([, op]) => op.security !== undefined).map(([method]) => `${method} ${path}`))
    expect(publicOps).toEqual(['get /api/v1/openapi.json'])
  })

  it('serves Swagger UI at /docs from the package, showing the same document', async () => {
    const html = await gateway.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` })
    expect(html.statusCode).toBe(200)
    expect(html.body).toContain('swagger-ui')
    const asset = await gateway.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/static/swagger-ui-bundle.js` })
    expect(asset.statusCode).toBe(200)
    expect(asset.body.length).toBeGreaterThan(100_000)
    // Nothing is fetched from outside at runtime: no online validator badge.
    const initializer = await gateway.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/static/swagger-initializer.js` })
    expect(initializer.body).toContain('validatorUrl: null')
    const json = await gateway.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` })
    expect(json.statusCode).toBe(200)
    expect(json.json()).toEqual(document)
  })
})
