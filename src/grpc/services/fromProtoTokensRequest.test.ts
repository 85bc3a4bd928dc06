import { describe, expect, it } from 'vitest'
import type { TokensRequest__Output } from '../generated/switchyard/data/v1/TokensRequest.js'
import { fromProtoPricesRequest } from './fromProtoPricesRequest.js'
import { fromProtoProtocolsRequest } from './fromProtoProtocolsRequest.js'
import { fromProtoStandardsRequest } from './fromProtoStandardsRequest.js'
import { fromProtoTokensRequest } from './fromProtoTokensRequest.js'

const empty: TokensRequest__Output = { underlying_tokens: [], address: [], underlying_tokens_exact: [], primary_address: [], symbol: [], name: [] }

describe('fromProtoTokensRequest', () => {
  it('leaves unset fields and empty lists out', () => {
    expect(fromProtoTokensRequest(empty)).toEqual({})
    expect(fromProtoTokensRequest({ ...empty, liquidity_type: 'SingleToken' })).toEqual({})
  })

  it('maps every set field, zero values included, chain_id to a number', () => {
    expect(fromProtoTokensRequest({
      chain_id: '8453', _chain_id: 'chain_id',
      protocol_slug: 'aave-v3', _protocol_slug: 'protocol_slug',
      project: 'aave', _project: 'project',
      type: 'defi', _type: 'type',
      underlying_tokens: ['0xa', '0xb'],
      underlying_tokens_exact: ['0xd'],
      primary_address: ['0xe', '0xf'],
      address: ['0xc'],
      symbol: ['aUSDC', 'USDC'],
      name: ['Aave USDC'],
      liquidity_type: '', _liquidity_type: 'liquidity_type',
      apy_from: 0, _apy_from: 'apy_from',
      apy_to: 7.25, _apy_to: 'apy_to',
      tvl_from: 1.5, _tvl_from: 'tvl_from',
      tvl_to: 0, _tvl_to: 'tvl_to',
      tvl: 2, _tvl: 'tvl',
      include_metadata: false, _include_metadata: 'include_metadata',
      include_underlying: false, _include_underlying: 'include_underlying',
      cursor: 'abc', _cursor: 'cursor',
      page: 3, _page: 'page',
      page_size: 0, _page_size: 'page_size',
    })).toEqual({
      chainId: 8453, protocolSlug: 'aave-v3', project: 'aave', type: 'defi', underlyingTokens: ['0xa', '0xb'], underlyingTokensExact: ['0xd'],
      primaryAddress: ['0xe', '0xf'], address: ['0xc'], symbol: ['aUSDC', 'USDC'], name: ['Aave USDC'], liquidityType: '', apyFrom: 0, apyTo: 7.25, tvlFrom: 1.5, tvlTo: 0, tvl: 2,
      includeMetadata: false, includeUnderlying: false, cursor: 'abc', page: 3, pageSize: 0,
    })
  })

  it('keeps uint64 chain ids beyond 2^53 out of the safe range (the validator rejects them)', () => {
    expect(Number.isSafeInteger(fromProtoTokensRequest({ ...empty, chain_id: '18446744073709551615', _chain_id: 'chain_id' }).chainId)).toBe(false)
  })
})

describe('fromProtoProtocolsRequest', () => {
  it('maps set filters only', () => {
    expect(fromProtoProtocolsRequest({})).toEqual({})
    expect(fromProtoProtocolsRequest({ chain_id: '0', _chain_id: 'chain_id', slug: '', _slug: 'slug' })).toEqual({ chainId: 0, slug: '' })
  })
})

describe('fromProtoStandardsRequest', () => {
  it('passes the slug only when set', () => {
    expect(fromProtoStandardsRequest({})).toEqual({})
    expect(fromProtoStandardsRequest({ slug: 'x' })).toEqual({})
    expect(fromProtoStandardsRequest({ slug: 'aave-v3', _slug: 'slug' })).toEqual({ slug: 'aave-v3' })
  })
})

describe('fromProtoPricesRequest', () => {
  it('maps chain_id to a number and passes the addresses', () => {
    expect(fromProtoPricesRequest({ chain_id: '1', addresses: ['0xa'] })).toEqual({ chainId: 1, addresses: ['0xa'] })
    expect(fromProtoPricesRequest({ chain_id: '0', addresses: [] })).toEqual({ chainId: 0, addresses: [] })
  })
})
