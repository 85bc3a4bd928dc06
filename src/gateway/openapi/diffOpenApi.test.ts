import { describe, expect, it } from 'vitest'
import { diffOpenApi, differenceId, fieldsOf } from './diffOpenApi.js'

const ok = (schema: unknown) => ({ '200': { description: '', content: { 'application/json': { schema } } } })
const q = (name: string, required: boolean, schema: unknown) => ({ name, in: 'query', required, schema })

const reference = {
  openapi: '3.0.0',
  paths: {
    '/api/v1/a': { get: { parameters: [q('chainId', true, { type: 'number' }), q('gone', false, { type: 'string' }), q('list', false, { type: 'array', items: { type: 'string' } })], responses: ok({ $ref: '#/components/schemas/A' }) } },
    '/api/v1/layerzero/check': { get: { parameters: [q('txHash', true, { type: 'string' })], responses: ok({ type: 'object', properties: { status: { type: 'string' } } }) } },
    '/api/v1/ccip/check': { get: { parameters: [], responses: {} } },
    '/api/v1/b': { post: { requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { x: {}, y: {} } } } } }, responses: ok({ type: 'object', properties: { z: {} } }) } },
  },
  components: { schemas: { A: { allOf: [{ type: 'object', properties: { tx: { type: 'object', properties: { data: {}, to: {} } } } }, { properties: { gas: {} } }] } } },
}

const ours = {
  openapi: '3.1.0',
  paths: {
    '/api/v1/a': { get: { parameters: [q('chainId', false, { type: 'integer' }), q('list', false, { type: 'string' }), q('extra', false, { type: 'string' })], responses: ok({ type: 'object', properties: { tx: { type: 'object', properties: { data: {}, from: {} } }, gas: {} } }) } },
    '/api/v1/{bridge}/check': { get: { parameters: [{ name: 'bridge', in: 'path', required: true, schema: { type: 'string', enum: ['layerzero'] } }, q('txHash', true, { anyOf: [{ type: 'string' }, { type: 'null' }] })], responses: ok({ type: 'object', properties: { status: {} } }) } },
    '/api/v1/b': { post: { requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { x: {}, w: {} } } } } }, responses: { '200': { description: '' } } } },
    '/api/v1/c': { get: { parameters: [], responses: ok({}) } },
  },
}

describe('diffOpenApi', () => {
  it('reports each kind of difference, matching templated paths only to the values their enum allows', () => {
    expect(diffOpenApi({ ours, reference }).map(differenceId)).toEqual([
      'body-field-not-in-reference POST /api/v1/b w',
      'body-field-not-served POST /api/v1/b y',
      'param-not-in-reference GET /api/v1/a query extra',
      'param-not-served GET /api/v1/a query gone',
      'param-required GET /api/v1/a query chainId',
      'param-type GET /api/v1/a query list',
      'path-not-in-reference GET /api/v1/c',
      'path-not-served GET /api/v1/ccip/check',
      'response-field-not-in-reference GET /api/v1/a tx.from',
      'response-field-not-served GET /api/v1/a tx.to',
      'response-undocumented POST /api/v1/b',
    ])
  })

  it('finds nothing between a document and itself', () => {
    expect(diffOpenApi({ ours: reference, reference })).toEqual([])
  })

  it('lists nested fields through arrays, references and combinators, down to the depth asked', () => {
    const resolve = (s: unknown) => s as Record<string, unknown>
    const schema = { type: 'array', items: { type: 'object', properties: { a: { oneOf: [{ properties: { b: {} } }, { properties: { c: { properties: { d: {} } } } }] } } } }
    expect([...fieldsOf(schema, resolve, 2)].sort()).toEqual(['[].a', '[].a.b', '[].a.c'])
    expect([...fieldsOf(schema, resolve, 3)].sort()).toEqual(['[].a', '[].a.b', '[].a.c', '[].a.c.d'])
  })
})
