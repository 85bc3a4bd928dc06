import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { MAX_JSON_DEPTH } from '../../schemas/assertJsonDepth.js'
import { errorHandlerPlugin } from './errorHandler.js'
import { jsonDepthGuardPlugin, type JsonDepthGuardOptions } from './jsonDepthGuard.js'

/** `{"a":{"a":…1}}`, `depth` objects deep. */
const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: nested(depth - 1) })

async function post(options: JsonDepthGuardOptions, body: unknown) {
  const app = Fastify()
  await app.register(errorHandlerPlugin)
  await app.register(jsonDepthGuardPlugin, options)
  app.post('/body', async () => ({ ok: true }))
  try {
    const res = await app.inject({ method: 'POST', url: '/body', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
    return [res.statusCode, res.json().code ?? 'ok', res.json().message]
  } finally {
    await app.close()
  }
}

describe('jsonDepthGuardPlugin', () => {
  it('refuses a body nested deeper than maxDepth with 400 TOO_DEEP, before the handler', async () => {
    expect(await post({ maxDepth: 3 }, nested(3))).toEqual([200, 'ok', undefined])
    expect(await post({ maxDepth: 3 }, nested(4))).toEqual([400, 'TOO_DEEP', '(body): nested deeper than 3 levels'])
    expect(await post({ maxDepth: 3 }, [[[['x']]]])).toEqual([400, 'TOO_DEEP', '(body): nested deeper than 3 levels'])
  })

  it('without maxDepth, the limit is MAX_JSON_DEPTH; scalar and null bodies pass', async () => {
    expect(await post({}, nested(MAX_JSON_DEPTH))).toEqual([200, 'ok', undefined])
    expect(await post({}, nested(MAX_JSON_DEPTH + 1))).toEqual([400, 'TOO_DEEP', `(body): nested deeper than ${MAX_JSON_DEPTH} levels`])
    expect(await post({ maxDepth: 1 }, null)).toEqual([200, 'ok', undefined])
    expect(await post({ maxDepth: 1 }, 'text')).toEqual([200, 'ok', undefined])
  })
})
