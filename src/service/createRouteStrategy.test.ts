import type { Address, Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { getSwitchyardAddresses } from '../contracts/deploySwitchyardContracts.js'
import { parseLegacyAccountTrailer } from '../encoding/parseLegacyAccountTrailer.js'
import { parseRouteRequest, routingStrategies } from '../schemas/routeRequest.js'
import { createRouteStrategy } from './createRouteStrategy.js'

const FROM: Address = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH: Address = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const alice = `0x${'a1'.repeat(32)}` as Hex
const bob = `0x${'b0'.repeat(32)}` as Hex
const requestId = `0x${'00'.repeat(16)}${'7e'.repeat(16)}` as Hex
const plan = { commands: [`0x${'11'.repeat(32)}`] as Hex[], state: ['0x1234'] as Hex[] }

const encodeFor = (routingStrategy: string, accountId: Hex) => {
  const params = parseRouteRequest({ fromAddress: FROM, tokenIn: [USDC], tokenOut: [WETH], amountIn: ['1000000'], routingStrategy }, { requireVariableEstimates: false })
  return createRouteStrategy(params, { switchyard: getSwitchyardAddresses(), accountId, requestId }).encode([1n], plan).data
}

describe('createRouteStrategy: every strategy carries the caller\'s account (issue 24 item 11)', () => {
  test.each(routingStrategies)('%s: two accounts give two calldatas, each with its own accountId and the requestId', (strategy) => {
    const [a, b] = [encodeFor(strategy, alice), encodeFor(strategy, bob)]
    expect(a).not.toBe(b)
    for (const [data, accountId] of [[a, alice], [b, bob]] as const) {
      expect(data.includes(accountId.slice(2))).toBe(true)
      expect(data.includes(requestId.slice(2))).toBe(true)
    }
  })

  test('the legacy strategies append accountId ‖ requestId ‖ 0x203b433b after the ABI arguments', () => {
    for (const strategy of ['router-legacy', 'delegate-legacy']) {
      const data = encodeFor(strategy, alice)
      expect(data.endsWith('203b433b')).toBe(true)
      expect(parseLegacyAccountTrailer(data)).toEqual({ accountId: alice, requestId })
    }
    // The other strategies pass them as executeShortcut arguments: no trailer.
    expect(parseLegacyAccountTrailer(encodeFor('router', alice))).toBeUndefined()
    expect(parseLegacyAccountTrailer(encodeFor('delegate', alice))).toBeUndefined()
  })
})
