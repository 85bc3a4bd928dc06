import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApiKeyStore } from '../../service/auth/createApiKeyStore.js'
import { createRateLimiter } from '../../service/auth/createRateLimiter.js'
import { startTestGateway } from '../testing/startTestGateway.js'
import { DEFAULT_EXPLORER_DIR, EXPLORER_CSP } from './explorer.js'

let dir: string
let gateway: Awaited<ReturnType<typeof startTestGateway>>
let unbuilt: Awaited<ReturnType<typeof startTestGateway>>

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-explorer-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>explorer</title>')
  writeFileSync(join(dir, 'app.js'), 'console.log(1)\n')
  writeFileSync(join(dir, 'styles.css'), 'body{}\n')
  mkdirSync(join(dir, 'nested'))
  // With auth on: the page and its assets must not need a key.
  const auth = { apiKeys: createApiKeyStore({ keys: ['explorer-test-key-0123456789'] }), keyLimiter: createRateLimiter({ limit: 100, windowMs: 60_000 }), ipLimiter: createRateLimiter({ limit: 100, windowMs: 60_000 }) }
  gateway = await startTestGateway({ explorerDir: dir, auth })
  unbuilt = await startTestGateway({ explorerDir: join(dir, 'missing') })
})
afterAll(async () => {
  await gateway?.close()
  await unbuilt?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('GET /explorer', () => {
  test('the page at /explorer and /explorer/, without a key, with a policy that loads nothing from elsewhere', async () => {
    for (const url of ['/explorer', '/explorer/']) {
      const res = await gateway.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.body).toBe('<!doctype html><title>explorer</title>')
      expect(res.headers['content-security-policy']).toBe(EXPLORER_CSP)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
    }
    expect(EXPLORER_CSP).toContain("default-src 'none'")
    expect(EXPLORER_CSP).toContain("connect-src 'self'")
  })

  test('its assets with their types; nothing outside the folder', async () => {
    const js = await gateway.app.inject({ method: 'GET', url: '/explorer/app.js' })
    expect(js.statusCode).toBe(200)
    expect(js.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/)
    expect(js.body).toBe('console.log(1)\n')
    expect((await gateway.app.inject({ method: 'GET', url: '/explorer/styles.css' })).headers['content-type']).toMatch(/^text\/css/)
    for (const url of ['/explorer/missing.js', '/explorer/../package.json', '/explorer/%2e%2e/package.json']) {
      const res = await gateway.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.json(), url).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' })
    }
    // A folder without an index is refused (@fastify/static), in the API's error shape.
    const folder = await gateway.app.inject({ method: 'GET', url: '/explorer/nested/' })
    expect(folder.statusCode).toBe(403)
    expect(folder.json()).toMatchObject({ statusCode: 403, code: expect.any(String), message: expect.any(String) })
  })

  test('the API the page calls still needs a key', async () => {
    const res = await gateway.app.inject({ method: 'GET', url: '/api/v1/networks' })
    expect(res.statusCode).toBe(401)
  })

  test('never built: 503 UNAVAILABLE saying how to build it, never a 500', async () => {
    for (const url of ['/explorer', '/explorer/', '/explorer/app.js']) {
      const res = await unbuilt.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(503)
      expect(res.json()).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE', message: expect.stringContaining('npm run build') })
    }
  })

  test('by default, the folder the build writes: dist/explorer of this package', () => {
    expect(DEFAULT_EXPLORER_DIR.replace(/\\/g, '/')).toMatch(/\/dist\/explorer\/$/)
    expect(DEFAULT_EXPLORER_DIR.startsWith(join(import.meta.dirname, '../../..'))).toBe(true)
  })
})
