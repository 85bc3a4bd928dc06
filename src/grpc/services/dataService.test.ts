import { status } from '@grpc/grpc-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BaseError } from '../../errors/base.js'
import { InvalidRequestError, UpstreamUnavailableError } from '../../errors/request.js'
import { deriveAccountId } from '../../service/auth/deriveAccountId.js'
import { createGrpcTestHarness, TEST_KEYS, type GrpcTestHarness } from '../testing/createGrpcTestHarness.js'
import { authMetadata } from '../testing/authMetadata.js'
import { callUnary } from '../testing/callUnary.js'
import { createFakeServices } from '../testing/createFakeServices.js'
import { detailsOf } from '../testing/detailsOf.js'
import { sampleBridgePool, sampleBridgeStatus, samplePrice, sampleNetworks } from '../testing/sampleAnswers.js'

const md = () => authMetadata(`Bearer ${TEST_KEYS.bob}`)
const WETH = samplePrice.address
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

describe('DataService', () => {
  let h: GrpcTestHarness
  beforeAll(async () => {
    h = await createGrpcTestHarness()
  })
  afterAll(() => h.stop())

  it('Networks maps the filter and the answer', async () => {
    const { response } = await callUnary(h.data, 'Networks', { name: 'base', chain_id: '8453' }, { metadata: authMetadata(`Bearer ${TEST_KEYS.bob}`) })
    expect(h.services.calls.at(-1)?.request).toEqual({ name: 'base', chainId: 8453 })
    // Devnet chains carry no pool index: the message field is unset (null with proto-loader's defaults).
    expect(response).toEqual({ networks: [{ id: '1', name: 'ethereum', is_connected: true, index: null }, { id: '8453', name: 'base', is_connected: false, index: null }] })
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

  describe('read RPCs', () => {
    beforeEach(() => {
      h.services.calls.length = 0
      Object.assign(h.services.impl, createFakeServices().impl)
    })

    it('Protocols maps the filter (set fields only) and the answer', async () => {
      const { response } = await callUnary(h.data, 'Protocols', { chain_id: '8453', slug: 'uniswap-v2' }, { metadata: md() })
      expect(h.services.calls.at(-1)).toMatchObject({ method: 'protocols', request: { chainId: 8453, slug: 'uniswap-v2' } })
      expect(response).toEqual({
        protocols: [{
          project: 'uniswap', slug: 'uniswap-v2', name: 'Uniswap V2', description: 'Constant-product AMM.', url: 'https://app.uniswap.org',
          logos_uri: ['https://icons.example/uniswap-v2.png'], chains: [{ id: '1', name: 'ethereum' }, { id: '8453', name: 'base' }],
        }],
      })
      await callUnary(h.data, 'Protocols', {}, { metadata: md() })
      expect(h.services.calls.at(-1)?.request).toEqual({})
    })

    it('Standards passes the slug only when set', async () => {
      const { response } = await callUnary(h.data, 'Standards', {}, { metadata: md() })
      expect(h.services.calls.at(-1)).toMatchObject({ method: 'standards', request: {} })
      expect(response).toEqual({
        standards: [{
          protocol: { slug: 'uniswap-v2', name: 'Uniswap V2', url: 'https://app.uniswap.org' },
          forks: [{ slug: 'sushiswap', name: 'SushiSwap', url: 'https://www.sushi.com' }],
          actions: [{
            action: 'swap', name: 'Swap', function_names: ['swapExactTokensForTokens'], supported_chains: [{ id: '1', name: 'Ethereum' }, { id: '8453', name: 'Base' }],
            inputs: ['tokenIn', 'tokenOut', 'amountIn'],
          }],
          details: {
            project: 'uniswap', slug: 'uniswap-v2', name: 'Uniswap V2', description: 'Constant-product AMM.', url: 'https://app.uniswap.org', logos_uri: [],
            chains: [{ id: '1', name: 'Ethereum' }, { id: '8453', name: 'Base' }],
          },
        }],
      })
      await callUnary(h.data, 'Standards', { slug: 'aave-v3' }, { metadata: md() })
      expect(h.services.calls.at(-1)?.request).toEqual({ slug: 'aave-v3' })
    })

    it('Standards with an unknown slug → NOT_FOUND', async () => {
      h.services.impl.standards = async () => {
        throw new BaseError('Unknown protocol slug "nope".', { code: 'NOT_FOUND' })
      }
      const { error } = await callUnary(h.data, 'Standards', { slug: 'nope' }, { metadata: md() })
      expect(error?.code).toBe(status.NOT_FOUND)
      expect(detailsOf(error)).toEqual({ code: 'NOT_FOUND', message: 'Unknown protocol slug "nope".' })
    })

    it('Projects maps the answer', async () => {
      const { response } = await callUnary(h.data, 'Projects', {}, { metadata: md() })
      expect(h.services.calls.at(-1)?.method).toBe('projects')
      expect(response).toEqual({ projects: [{ id: 'uniswap', chains: ['1', '8453'], protocols: ['uniswap-v2'] }] })
    })

    it('Tokens maps set filters (zero values kept, empty lists dropped) and the answer', async () => {
      const { response } = await callUnary(h.data, 'Tokens', {
        chain_id: '1', protocol_slug: 'uniswap-v2', type: 'defi', address: [WETH], apy_from: 0, include_metadata: false, page_size: 0, cursor: 'c1',
      }, { metadata: md() })
      expect(h.services.calls.at(-1)?.request).toEqual({
        chainId: 1, protocolSlug: 'uniswap-v2', type: 'defi', address: [WETH], apyFrom: 0, includeMetadata: false, pageSize: 0, cursor: 'c1',
      })
      expect(response).toMatchObject({
        data: [
          { address: '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc', chain_id: '1', apy: 0, tvl: 1234567.5, project: 'uniswap', protocol: 'uniswap-v2' },
          { address: USDC, chain_id: '1', type: 'base', underlying_tokens: [] },
        ],
        meta: { total: '3', next_cursor: 'c2', page_size: 2 },
      })
      const base = (response as { data: Record<string, unknown>[] }).data[1]
      for (const field of ['project', 'protocol', 'apy', 'tvl', 'primary_address']) expect(base).not.toHaveProperty(field)
      await callUnary(h.data, 'Tokens', {}, { metadata: md() })
      expect(h.services.calls.at(-1)?.request).toEqual({})
    })

    it('Tokens leaves next_cursor unset on the last page', async () => {
      h.services.impl.tokens = async () => ({ data: [], meta: { total: 0, pageSize: 100 } })
      const { response } = await callUnary(h.data, 'Tokens', {}, { metadata: md() })
      expect(response).toEqual({ data: [], meta: { total: '0', page_size: 100 } })
    })

    it('Tokens maps validation errors to INVALID_ARGUMENT', async () => {
      h.services.impl.tokens = async () => {
        throw new InvalidRequestError({ code: 'INVALID_TYPE', message: 'type: must be base or defi', issues: [{ field: 'type', reason: 'must be base or defi' }] })
      }
      const { error } = await callUnary(h.data, 'Tokens', { type: 'nft' }, { metadata: md() })
      expect(error?.code).toBe(status.INVALID_ARGUMENT)
      expect(detailsOf(error)).toMatchObject({ code: 'INVALID_TYPE', details: [{ field: 'type' }] })
    })

    it('Prices answers one entry per address, in order, with price unset for unknown tokens', async () => {
      const { response } = await callUnary(h.data, 'Prices', { chain_id: '1', addresses: [USDC, WETH] }, { metadata: md() })
      expect(h.services.calls.at(-1)?.request).toEqual({ chainId: 1, addresses: [USDC, WETH] })
      expect(response).toEqual({
        prices: [
          {},
          {
            price: {
              chain_id: '1', address: WETH, decimals: 18, symbol: 'WETH', name: 'Wrapped Ether',
              price: 3012.25, timestamp: '1700000000', confidence: 0.93, block_number: '19000000',
            },
            _price: 'price',
          },
        ],
      })
    })

    it.each(['Protocols', 'Standards', 'Projects', 'Tokens', 'Prices'])('%s requires an API key and never reaches the service without one', async (method) => {
      const { error, initial } = await callUnary(h.data, method, {}, { metadata: authMetadata() })
      expect(error?.code).toBe(status.UNAUTHENTICATED)
      expect(detailsOf(error).code).toBe('UNAUTHENTICATED')
      expect(error?.metadata.get('x-ratelimit-limit')).toHaveLength(1)
      expect(initial).toBeUndefined()
      expect(h.services.calls).toHaveLength(0)
    })

    it.each(['Protocols', 'Standards', 'Projects', 'Tokens', 'Prices'])('%s sends the rate-limit state and the caller to the service', async (method) => {
      const { initial } = await callUnary(h.data, method, { chain_id: '1' }, { metadata: md() })
      expect(initial?.get('x-ratelimit-limit')).toEqual(['600'])
      expect(h.services.calls[0]?.options.caller.accountId).toBe(deriveAccountId({ key: TEST_KEYS.bob }))
    })

    it('an unexpected failure → INTERNAL without internals', async () => {
      h.services.impl.prices = async () => {
        throw new Error('secret rpc http://user:pw@node')
      }
      const { error } = await callUnary(h.data, 'Prices', { chain_id: '1', addresses: [WETH] }, { metadata: md() })
      expect(error?.code).toBe(status.INTERNAL)
      expect(detailsOf(error)).toEqual({ code: 'INTERNAL', message: 'Internal error.' })
    })
  })
})

describe('DataService read RPCs: rate limits', () => {
  let h: GrpcTestHarness
  beforeAll(async () => {
    h = await createGrpcTestHarness({ keyRateLimit: { limit: 2, windowMs: 60_000 } })
  })
  afterAll(() => h.stop())

  it('share the per-key budget with the other RPCs and answer RESOURCE_EXHAUSTED past it, without calling the service', async () => {
    expect((await callUnary(h.data, 'Networks', {}, { metadata: md() })).error).toBeUndefined()
    expect((await callUnary(h.data, 'Tokens', {}, { metadata: md() })).error).toBeUndefined()
    const { error } = await callUnary(h.data, 'Prices', { chain_id: '1', addresses: [WETH] }, { metadata: md() })
    expect(error?.code).toBe(status.RESOURCE_EXHAUSTED)
    expect(detailsOf(error).code).toBe('RATE_LIMITED')
    expect(error?.metadata.get('retry-after')).toHaveLength(1)
    expect(h.services.calls.map((c) => c.method)).toEqual(['networks', 'tokens'])
  })
})

describe('DataService bridge RPCs', () => {
  let h: GrpcTestHarness
  beforeAll(async () => {
    h = await createGrpcTestHarness()
  })
  afterAll(() => h.stop())
  beforeEach(() => {
    h.services.calls.length = 0
    Object.assign(h.services.impl, createFakeServices().impl)
  })

  it('BridgePools maps the request (filters only when set) and the pairs (chain ids as uint64 strings)', async () => {
    const { response } = await callUnary(h.data, 'BridgePools', { chain_id: '1', token: USDC, destination_chain_id: '8453' }, { metadata: md() })
    expect(h.services.calls.at(-1)).toMatchObject({ method: 'bridgePools', request: { chainId: 1, token: USDC, destinationChainId: 8453 } })
    expect(response).toEqual({
      pools: [{
        pool: sampleBridgePool.pool, chain_id: '1', destination_chain_id: '8453', token: USDC, decimals: 6,
        destination_data: { pool: sampleBridgePool.destinationData.pool, token: sampleBridgePool.destinationData.token, decimals: 6 },
      }],
    })
    await callUnary(h.data, 'BridgePools', { chain_id: '8453', token: USDC, destination_token: USDC }, { metadata: md() })
    expect(h.services.calls.at(-1)?.request).toEqual({ chainId: 8453, token: USDC, destinationToken: USDC })
  })

  it('BridgeStatus maps the request and the answer (events as JSON text, unset optionals absent)', async () => {
    const hash = `0x${'cd'.repeat(32)}`
    const { response } = await callUnary(h.data, 'BridgeStatus', { bridge_protocol: 'stargate', chain_id: '1', tx_hash: hash }, { metadata: md() })
    expect(h.services.calls.at(-1)).toMatchObject({ method: 'bridgeStatus', request: { bridgeProtocol: 'stargate', chainId: 1, txHash: hash } })
    expect(response).toMatchObject({
      source_chain_id: '1', source_tx_hash: sampleBridgeStatus.sourceTxHash, destination_chain_id: '8453', destination_tx_hash: sampleBridgeStatus.destinationTxHash, status: 'delivered',
    })
    expect(JSON.parse((response as { source_event_json: string }).source_event_json)).toEqual(sampleBridgeStatus.ensoSourceEvent)
    expect(JSON.parse((response as { destination_event_json: string }).destination_event_json)).toEqual(sampleBridgeStatus.ensoDestinationEvent)
    h.services.impl.bridgeStatus = async () => ({ sourceChainId: 1, sourceTxHash: hash, status: 'pending' })
    const pending = await callUnary(h.data, 'BridgeStatus', { bridge_protocol: 'layerzero', chain_id: '1', tx_hash: hash }, { metadata: md() })
    expect(pending.response).toMatchObject({ source_chain_id: '1', source_tx_hash: hash, status: 'pending' })
    for (const field of ['destination_chain_id', 'destination_tx_hash', 'error', 'source_event_json', 'destination_event_json']) {
      expect((pending.response as Record<string, unknown>)[field], field).toBeUndefined()
    }
  })

  it('BridgeStatus maps validation errors to INVALID_ARGUMENT with the stable code', async () => {
    h.services.impl.bridgeStatus = async () => {
      throw new InvalidRequestError({ code: 'BRIDGE_NOT_SUPPORTED', message: 'bridgeProtocol: no', issues: [{ field: 'bridgeProtocol', reason: 'no' }] })
    }
    const { error } = await callUnary(h.data, 'BridgeStatus', { bridge_protocol: 'ccip', chain_id: '1', tx_hash: '0x' }, { metadata: md() })
    expect(error?.code).toBe(status.INVALID_ARGUMENT)
    expect(detailsOf(error)).toMatchObject({ code: 'BRIDGE_NOT_SUPPORTED' })
  })
})
