import { describe, expect, it } from 'vitest'
import { samplePrice, sampleProjects, sampleProtocols, sampleStandards, sampleTokens } from '../testing/createGrpcTestHarness.js'
import { toProtoPriceOrUnknown } from './toProtoPriceOrUnknown.js'
import { toProtoProject } from './toProtoProject.js'
import { toProtoProtocol } from './toProtoProtocol.js'
import { toProtoStandard } from './toProtoStandard.js'
import { toProtoToken } from './toProtoToken.js'
import { toProtoTokensResponse } from './toProtoTokensResponse.js'

const [defi, base] = sampleTokens.data
if (!defi || !base) throw new Error('sample has two tokens')

describe('toProtoToken', () => {
  it('maps every field, chain ids as strings, and keeps apy 0', () => {
    expect(toProtoToken(defi)).toEqual({
      address: defi.address, chain_id: '1', type: 'defi', decimals: 18, symbol: 'UNI-V2', name: 'Uniswap V2', logos_uri: [],
      underlying_tokens: [
        { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', chain_id: '1', type: 'base', decimals: 6, symbol: 'USDC', name: 'USD Coin' },
        { address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', chain_id: '1', type: 'base', decimals: 18, symbol: 'WETH', name: 'Wrapped Ether' },
      ],
      project: 'uniswap', protocol: 'uniswap-v2', apy: 0, tvl: 1234567.5, primary_address: defi.address,
    })
  })

  it('leaves unknown optional fields unset (not 0 or "")', () => {
    const out = toProtoToken(base)
    for (const field of ['project', 'protocol', 'apy', 'tvl', 'primary_address']) expect(out).not.toHaveProperty(field)
  })

  it('does not copy extra answer fields into the message', () => {
    expect(toProtoToken({ ...base, secret: 'x' } as typeof base)).not.toHaveProperty('secret')
  })
})

describe('toProtoTokensResponse', () => {
  it('writes total as a string and next_cursor only when set', () => {
    expect(toProtoTokensResponse(sampleTokens).meta).toEqual({ total: '3', next_cursor: 'c2', page_size: 2 })
    expect(toProtoTokensResponse({ data: [], meta: { total: 0, pageSize: 10 } })).toEqual({ data: [], meta: { total: '0', page_size: 10 } })
  })
})

describe('toProtoPriceOrUnknown', () => {
  it('maps a price with uint64 fields as strings', () => {
    expect(toProtoPriceOrUnknown(samplePrice)).toEqual({
      price: {
        chain_id: '1', address: samplePrice.address, decimals: 18, symbol: 'WETH', name: 'Wrapped Ether',
        price: 3012.25, timestamp: '1700000000', confidence: 0.93, block_number: '19000000',
      },
    })
  })

  it('leaves price unset for null', () => {
    expect(toProtoPriceOrUnknown(null)).toEqual({})
  })
})

describe('toProtoProtocol, toProtoStandard, toProtoProject', () => {
  it('write chain ids as strings', () => {
    expect(sampleProtocols.map(toProtoProtocol)[0]?.chains).toEqual([{ id: '1', name: 'ethereum' }, { id: '8453', name: 'base' }])
    expect(sampleStandards.map(toProtoStandard)[0]?.actions?.[0]?.supported_chains).toEqual([{ id: '1', name: 'Ethereum' }, { id: '8453', name: 'Base' }])
    expect(sampleProjects.map(toProtoProject)).toEqual([{ id: 'uniswap', chains: ['1', '8453'], protocols: ['uniswap-v2'] }])
  })
})
