import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVICE_NAMES } from './loadProtoDefinition.js'
import { createGrpcTestHarness, TEST_KEYS, type GrpcTestHarness } from './testing/createGrpcTestHarness.js'
import { sendRawGrpcCall } from './testing/sendRawGrpcCall.js'

const ROUTE = `/${SERVICE_NAMES.routing}/Route`

let h: GrpcTestHarness
beforeAll(async () => {
  h = await createGrpcTestHarness()
})
afterAll(async () => {
  await h.stop()
})

/** Codes of the refusals the server logged since `from`. */
const refusals = (from: number) => h.logLines.slice(from).map((l) => JSON.parse(l) as { msg: string; code?: string }).filter((l) => l.msg === 'grpc call failed').map((l) => l.code)

describe('createAuthInterceptor: keys are checked before the message is read', () => {
  it('a keyless call is refused UNAUTHENTICATED before its client has sent any message', async () => {
    const from = h.logLines.length
    // Headers only, the stream left open: an answer proves the message was not awaited.
    expect(await sendRawGrpcCall({ address: h.address, path: ROUTE, headers: [], message: undefined })).toBe('ended')
    expect(refusals(from)).toEqual(['UNAUTHENTICATED'])
    expect(h.services.calls).toHaveLength(0)
  })

  it('an admitted call waits for its message (the interceptor lets it be read)', async () => {
    await expect(sendRawGrpcCall({ address: h.address, path: ROUTE, headers: [['authorization', `Bearer ${TEST_KEYS.bob}`]], message: undefined, timeoutMs: 300 })).rejects.toThrow('no end of stream')
  })

  it('two authorization values on the wire are both seen: DUPLICATE_AUTHORIZATION, as REST answers two headers', async () => {
    const from = h.logLines.length
    const headers = [['authorization', `Bearer ${TEST_KEYS.bob}`], ['authorization', `Bearer ${TEST_KEYS.alice}`]] as const
    expect(await sendRawGrpcCall({ address: h.address, path: ROUTE, headers, message: new Uint8Array() })).toBe('ended')
    expect(refusals(from)).toEqual(['DUPLICATE_AUTHORIZATION'])
    expect(h.services.calls).toHaveLength(0)
  })
})
