import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { buildApp } from './app.js'
import { startFakeGrpcServer } from './testing/startFakeGrpcServer.js'
import { createGatewayClients } from './plugins/grpcClient.js'

describe('buildApp', () => {
  it('needs a gRPC address or clients', async () => {
    await expect(buildApp({})).rejects.toThrow('grpcAddress or clients')
  })

  it('uses injected clients and leaves them open on close (the caller owns them)', async () => {
    const fake = await startFakeGrpcServer()
    const clients = createGatewayClients({ address: fake.address })
    const app = await buildApp({ clients })
    const res = await app.inject({ method: 'GET', url: '/api/v1/networks' })
    expect(res.statusCode).toBe(200)
    await app.close()
    const again = await new Promise<number>((resolve) => {
      clients.data.Networks({}, (err, out) => resolve(err ? -1 : (out?.networks.length ?? 0)))
    })
    expect(again).toBe(2)
    clients.routing.close()
    clients.data.close()
    await fake.stop()
  })

  it('F6 a slow body gets 408 REQUEST_TIMEOUT and the connection is closed', async () => {
    const fake = await startFakeGrpcServer()
    const app = await buildApp({ grpcAddress: fake.address, requestTimeoutMs: 300 })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as { port: number }
    try {
      const reply = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write('POST /api/v1/shortcuts/route HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{')
        })
        let data = ''
        socket.on('data', (d) => (data += d.toString()))
        socket.on('close', () => resolve(data))
        socket.on('error', reject)
      })
      expect(reply).toMatch(/^HTTP\/1\.1 408 Request Timeout/)
      const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))
      expect(body).toMatchObject({ statusCode: 408, error: 'Request Timeout', code: 'REQUEST_TIMEOUT', message: expect.any(String), requestId: expect.any(String) })
    } finally {
      await app.close()
      await fake.stop()
    }
  })
})
