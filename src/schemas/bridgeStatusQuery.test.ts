import { describe, expect, it } from 'vitest'
import { parseBridgeStatusQuery } from './bridgeStatusQuery.js'

const HASH = `0x${'Ab'.repeat(32)}`

const codeOf = (input: unknown) => {
  try {
    parseBridgeStatusQuery(input)
    return 'ok'
  } catch (error) {
    return (error as { code: string }).code
  }
}

describe('parseBridgeStatusQuery', () => {
  it('lowercases the protocol and the hash', () => {
    expect(parseBridgeStatusQuery({ bridgeProtocol: 'Stargate', chainId: 1, txHash: HASH })).toEqual({ bridgeProtocol: 'stargate', chainId: 1, txHash: HASH.toLowerCase() })
    for (const bridgeProtocol of ['layerzero', 'stargate', 'across']) expect(codeOf({ bridgeProtocol, chainId: 8453, txHash: HASH })).toBe('ok')
  })

  it('refuses other bridges with BRIDGE_NOT_SUPPORTED', () => {
    for (const bridgeProtocol of ['ccip', 'relay', 'cctp', 'x'.repeat(65)]) expect(codeOf({ bridgeProtocol, chainId: 1, txHash: HASH })).not.toBe('ok')
    expect(codeOf({ bridgeProtocol: 'ccip', chainId: 1, txHash: HASH })).toBe('BRIDGE_NOT_SUPPORTED')
    expect(() => parseBridgeStatusQuery({ bridgeProtocol: 'cctp', chainId: 1, txHash: HASH })).toThrowErrorMatchingInlineSnapshot(`[InvalidRequestError: bridgeProtocol: switchyard follows layerzero, stargate, across transactions, not "cctp"]`)
  })

  it('refuses a malformed hash with INVALID_TX_HASH', () => {
    for (const txHash of ['0x1234', `0x${'g'.repeat(64)}`, `${'ab'.repeat(32)}`, `0x${'ab'.repeat(33)}`, `zz0x${'ab'.repeat(32)}`, ` 0x${'ab'.repeat(32)}`]) expect(codeOf({ bridgeProtocol: 'layerzero', chainId: 1, txHash })).toBe('INVALID_TX_HASH')
    expect(() => parseBridgeStatusQuery({ bridgeProtocol: 'layerzero', chainId: 1, txHash: '0x12' })).toThrowErrorMatchingInlineSnapshot(`[InvalidRequestError: txHash: must be 0x followed by 64 hex digits]`)
  })

  it('needs every field and nothing else', () => {
    expect(codeOf({ bridgeProtocol: 'layerzero', txHash: HASH })).toBe('MISSING_FIELD')
    expect(codeOf({ bridgeProtocol: 'layerzero', chainId: 1 })).toBe('MISSING_FIELD')
    expect(codeOf({ bridgeProtocol: 'layerzero', chainId: 1, txHash: HASH, guid: '0x' })).toBe('UNKNOWN_FIELD')
    expect(codeOf({ bridgeProtocol: 'layerzero', chainId: 1.5, txHash: HASH })).toBe('INVALID_TYPE')
  })
})
