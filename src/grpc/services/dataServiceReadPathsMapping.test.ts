import { status } from '@grpc/grpc-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BaseError } from '../../errors/base.js'
import { InvalidRequestError } from '../../errors/request.js'
import { createGrpcTestHarness, TEST_KEYS, type GrpcTestHarness } from '../testing/createGrpcTestHarness.js'
import { authMetadata } from '../testing/authMetadata.js'
import { callUnary } from '../testing/callUnary.js'
import { createFakeServices } from '../testing/createFakeServices.js'
import { detailsOf } from '../testing/detailsOf.js'

/** The issue-11 read RPCs' handlers: proto ↔ use-case mapping, against fake services. */
const md = () => authMetadata(`Bearer ${TEST_KEYS.bob}`)
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

let h: GrpcTestHarness
beforeAll(async () => {
  h = await createGrpcTestHarness()
})
afterAll(() => h.stop())
beforeEach(() => {
  h.services.calls.length = 0
  Object.assign(h.services.impl, createFakeServices().impl)
})

describe('WalletBalances', () => {
  it('maps the request (unset chain_id → "all", use_eoa only when set) and the answer (null fields unset)', async () => {
    const { response } = await callUnary(h.data, 'WalletBalances', { chain_id: '1', eoa_address: FROM, use_eoa: false }, { metadata: md() })
    expect(h.services.calls.at(-1)).toMatchObject({ method: 'walletBalances', request: { chainId: 1, eoaAddress: FROM, useEoa: false } })
    expect(response).toEqual({
      address: FROM,
      balances: [
        { token: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', amount: '1500000000000000000', chain_id: '1', decimals: 18, price: '3012.25', name: 'Ether', symbol: 'ETH', _price: 'price', _name: 'name', _symbol: 'symbol' },
        { token: '0x6B175474E89094C44Da98b954EedeAC495271d0F', amount: '42', chain_id: '1', decimals: 18, name: 'Dai Stablecoin', symbol: 'DAI', logo_uri: 'https://icons.example/dai.png', _name: 'name', _symbol: 'symbol', _logo_uri: 'logo_uri' },
      ],
      blocks: [{ chain_id: '1', block_number: '19000000' }],
    })
    await callUnary(h.data, 'WalletBalances', { eoa_address: FROM }, { metadata: md() })
    expect(h.services.calls.at(-1)?.request).toEqual({ chainId: 'all', eoaAddress: FROM })
  })

  it('maps validation errors to INVALID_ARGUMENT with the field', async () => {
    h.services.impl.walletBalances = async () => {
      throw new InvalidRequestError({ code: 'MISSING_FIELD', message: 'useEoa: required', issues: [{ field: 'useEoa', reason: 'required' }] })
    }
    const { error } = await callUnary(h.data, 'WalletBalances', { eoa_address: FROM }, { metadata: md() })
    expect(error?.code).toBe(status.INVALID_ARGUMENT)
    expect(detailsOf(error)).toMatchObject({ code: 'MISSING_FIELD', details: [{ field: 'useEoa', reason: 'required' }] })
  })
})

describe('Actions, Aggregators, ProjectProtocols', () => {
  it('Actions passes the slug only when set and answers inputs as a list', async () => {
    const { response } = await callUnary(h.data, 'Actions', {}, { metadata: md() })
    expect(h.services.calls.at(-1)).toMatchObject({ method: 'actions', request: {} })
    expect(response).toEqual({
      actions: [{
        action: 'transfer',
        inputs: [
          { name: 'token', type: 'address', description: 'Token address', optional: false },
          { name: 'amount', type: 'uint256', description: 'Amount in base units (wei)', optional: true },
        ],
      }],
    })
    await callUnary(h.data, 'Actions', { slug: 'erc20' }, { metadata: md() })
    expect(h.services.calls.at(-1)?.request).toEqual({ slug: 'erc20' })
  })

  it('Actions with an unknown slug → NOT_FOUND', async () => {
    h.services.impl.actions = async () => {
      throw new BaseError('Unknown protocol "curve".', { code: 'NOT_FOUND' })
    }
    const { error } = await callUnary(h.data, 'Actions', { slug: 'curve' }, { metadata: md() })
    expect(error?.code).toBe(status.NOT_FOUND)
    expect(detailsOf(error)).toEqual({ code: 'NOT_FOUND', message: 'Unknown protocol "curve".' })
  })

  it('Aggregators passes chain_id only when set', async () => {
    h.services.impl.aggregators = async () => ['x']
    expect((await callUnary(h.data, 'Aggregators', {}, { metadata: md() })).response).toEqual({ aggregators: ['x'] })
    expect(h.services.calls.at(-1)).toMatchObject({ method: 'aggregators', request: {} })
    await callUnary(h.data, 'Aggregators', { chain_id: '8453' }, { metadata: md() })
    expect(h.services.calls.at(-1)?.request).toEqual({ chainId: 8453 })
  })

  it('ProjectProtocols passes the project and answers protocols', async () => {
    const { response } = await callUnary(h.data, 'ProjectProtocols', { project: 'uniswap' }, { metadata: md() })
    expect(h.services.calls.at(-1)).toMatchObject({ method: 'projectProtocols', request: { project: 'uniswap' } })
    expect(response).toMatchObject({ protocols: [{ project: 'uniswap', slug: 'uniswap-v2', chains: [{ id: '1' }, { id: '8453' }] }] })
  })

  it.each(['WalletBalances', 'Actions', 'Aggregators', 'ProjectProtocols'])('%s requires an API key and never reaches the service without one', async (method) => {
    const { error } = await callUnary(h.data, method, {}, { metadata: authMetadata() })
    expect(error?.code).toBe(status.UNAUTHENTICATED)
    expect(h.services.calls).toHaveLength(0)
  })
})
