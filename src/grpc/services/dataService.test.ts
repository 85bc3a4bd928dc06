import { status } from '@grpc/grpc-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UpstreamUnavailableError } from '../../errors/request.js'
import { deriveAccountId } from '../../service/auth/deriveAccountId.js'
import { authMetadata, callUnary, createGrpcTestHarness, detailsOf, sampleNetworks, TEST_KEYS, type GrpcTestHarness } from '../testing/createGrpcTestHarness.js'

describe('DataService', () => {
  let h: GrpcTestHarness
  beforeAll(async () => {
    h = await createGrpcTestHarness()
  })
  afterAll(() => h.stop())

  it('Networks maps the filter and the answer', async () => {
    const { response } = await callUnary(h.data, 'Networks', { name: 'base', chain_id: '8453' }, { metadata: authMetadata(`Bearer ${TEST_KEYS.bob}`) })
    expect(h.services.calls.at(-1)?.request).toEqual({ name: 'base', chainId: 8453 })
    expect(response).toEqual({ networks: [{ id: '1', name: 'ethereum', is_connected: true }, { id: '8453', name: 'base', is_connected: false }] })
    await callUnary(h.data, 'Networks', {}, { metadata: authMetadata(`Bearer ${TEST_KEYS.bob}`) })
    expect(h.services.calls.at(-1)?.request).toEqual({})
    expect(sampleNetworks).toHaveLength(2)
  })

  it('Networks maps service errors', async () => {
    h.services.impl.networks = async () => {
      throw new UpstreamUnavailableError({ chainId: 1 })
    }
    const { error } = await callUnary(h.data, 'Networks', {}, { metadata: authMetadata(`Bearer ${TEST_KEYS.bob}`) })
    expect(error?.code).toBe(status.UNAVAILABLE)
    expect(detailsOf(error)).toEqual({ code: 'UPSTREAM_UNAVAILABLE', message: 'The node for chain 1 is unavailable.' })
  })

  it('Account answers the authenticated key’s accountId and ignores account_id in the request', async () => {
    const other = `0x${'ab'.repeat(32)}`
    const alice = await callUnary(h.data, 'Account', { account_id: other }, { metadata: authMetadata(`Bearer ${TEST_KEYS.alice}`) })
    expect(alice.response).toEqual({ account_id: '0x123e4567e89b12d3a45642661417400000000000000000000000000000000000' })
    const bob = await callUnary(h.data, 'Account', { account_id: other }, { metadata: authMetadata(`Bearer ${TEST_KEYS.bob}`) })
    expect(bob.response).toEqual({ account_id: deriveAccountId({ key: TEST_KEYS.bob }) })
  })
})
