import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { admissionPlugin } from './admission.js'
import { authPlugin } from './auth.js'
import { emptyQueryValuesPlugin } from './emptyQueryValues.js'
import { errorHandlerPlugin } from './errorHandler.js'
import { globalPlugin } from './globalPlugin.js'
import { createGatewayClients, grpcClientPlugin } from './grpcClient.js'
import { jsonDepthGuardPlugin } from './jsonDepthGuard.js'
import { requestIdPlugin } from './requestId.js'

describe('globalPlugin', () => {
  it('a marked plugin is not encapsulated: its hooks reach routes registered beside it, and Fastify knows it by its name', async () => {
    const app = Fastify()
    await app.register(globalPlugin(async (instance) => {
      instance.addHook('onRequest', async (_request, reply) => void reply.header('x-seen', '1'))
    }, 'test-global'))
    app.get('/x', async () => 'ok')
    const res = await app.inject('/x')
    expect([res.statusCode, res.headers['x-seen']]).toEqual([200, '1'])
    expect(app.hasPlugin('test-global')).toBe(true)
    await app.close()
  })

  it('every gateway plugin is known by its name (what a plugin that depends on one checks with hasPlugin)', async () => {
    const clients = createGatewayClients({ address: '127.0.0.1:1' })
    const app = Fastify()
    try {
      await app.register(requestIdPlugin)
      await app.register(errorHandlerPlugin)
      await app.register(jsonDepthGuardPlugin)
      await app.register(emptyQueryValuesPlugin)
      await app.register(grpcClientPlugin, { clients, deadlineMs: 1_000 })
      await app.register(authPlugin, {})
      await app.register(admissionPlugin, {})
      await app.ready()
      const names = ['switchyard-request-id', 'switchyard-error-handler', 'switchyard-json-depth-guard', 'switchyard-empty-query-values', 'switchyard-grpc-client', 'switchyard-auth', 'switchyard-admission']
      expect(names.filter((name) => !app.hasPlugin(name))).toEqual([])
    } finally {
      await app.close()
      clients.routing.close()
      clients.data.close()
    }
  })
})
