import { describe, expect, it } from 'vitest'
import { samplePrice, sampleProjects, sampleProtocols, sampleStandards, sampleTokens } from '../testing/sampleAnswers.js'
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

  it('writes the APY window with uint64 fields as strings', () => {
    const out = toProtoToken({ ...defi, apy: 4.5, apyWindow: { method: 'share-price', fromBlock: 300n, toBlock: 302n, seconds: 604800 } })
    expect(out.apy_window).toEqual({ method: 'share-price', from_block: '300', to_block: '302', seconds: '604800' })
  })

  it('without metadata leaves symbol, name and logos out (underlying tokens keep theirs)', () => {
    const out = toProtoToken(defi, { metadata: false })
    for (const field of ['symbol', 'name', 'logos_uri']) expect(out).not.toHaveProperty(field)
    expect(out.underlying_tokens?.map((u) => u.symbol)).toEqual(['USDC', 'WETH'])
    expect(out).toMatchObject({ address: defi.address, chain_id: '1', type: 'defi', decimals: 18 })
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

  it('writes the pagination meta, leaving null prev/next/cursor unset', () => {
    const meta = { total: 25, pageSize: 10, nextCursor: 'x', lastPage: 3, currentPage: 2, perPage: 10, prev: 1, next: 3, cursor: 20 }
    expect(toProtoTokensResponse({ data: [], meta }).meta).toEqual({
      total: '25', page_size: 10, next_cursor: 'x', last_page: 3, current_page: 2, per_page: 10, prev: 1, next: 3, cursor: '20',
    })
    const first = { total: 5, pageSize: 10, lastPage: 1, currentPage: 1, perPage: 10, prev: null, next: null, cursor: null }
    expect(toProtoTokensResponse({ data: [], meta: first }).meta).toEqual({ total: '5', page_size: 10, last_page: 1, current_page: 1, per_page: 10 })
  })

  it('drops token metadata only when the answer says it was not asked for', () => {
    expect(toProtoTokensResponse({ ...sampleTokens, includeMetadata: false }).data?.[0]).not.toHaveProperty('symbol')
    expect(toProtoTokensResponse({ ...sampleTokens, includeMetadata: true }).data?.[0]).toHaveProperty('symbol', 'UNI-V2')
    expect(toProtoTokensResponse(sampleTokens).data?.[1]).toHaveProperty('logos_uri', ['https://icons.example/usdc.png'])
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
