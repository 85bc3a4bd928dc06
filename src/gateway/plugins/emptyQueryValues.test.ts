import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { emptyQueryValuesPlugin } from './emptyQueryValues.js'

describe('emptyQueryValuesPlugin', () => {
  it('drops empty query values before a route reads the query, on routes registered after it in any scope', async () => {
    const app = Fastify()
    await app.register(emptyQueryValuesPlugin)
    await app.register(async (api) => {
      api.get('/echo', async (request) => request.query)
    }, { prefix: '/api' })
    const res = await app.inject('/api/echo?a=&b=1&c=&c=2&d=&d=')
    expect(res.json()).toEqual({ b: '1', c: '2' })
    await app.close()
  })
})
