import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import type { ChainAddressBook } from '../../chain/addressBook.js'
import { bridgeRoutesBetween } from './bridgesOf.js'

const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Address

function book(chainId: number, over: Partial<ChainAddressBook>): ChainAddressBook {
  return { chainId, weth: a(chainId * 10 + 1), switchyard: { bridgeReceiver: a(chainId * 10 + 9) }, ...over } as unknown as ChainAddressBook
}
const pool = (p: number, token: Address, assetId: number, native = false) => ({ pool: a(p), token, symbol: 'X', assetId, feeLib: a(p + 1), native, sharedDecimals: 6, localDecimals: 6, lpToken: a(p + 2) })

describe('bridgeRoutesBetween (the bridge adapters\' edges)', () => {
  const source = book(1, {
    layerZero: { endpoint: a(100), eid: 30101, sendLib: a(101), receiveLib: a(101) },
    stargate: { tokenMessaging: a(102), creditMessaging: a(103), pools: [pool(200, a(11), 1), pool(210, NATIVE, 13, true), pool(220, a(12), 7)] },
    across: { spokePool: a(300), implementation: a(301), contractName: 'Ethereum_SpokePool', relayer: a(302), admin: a(303), depositQuoteTimeBuffer: 3600, fillDeadlineBuffer: 21600, routes: [
      { token: a(11), destinationChainId: 8453, outputToken: a(81) }, { token: a(11), destinationChainId: 10, outputToken: a(91) }, { token: a(12), destinationChainId: 8453 },
    ] },
  })
  const dest = book(8453, {
    layerZero: { endpoint: a(100), eid: 30184, sendLib: a(104), receiveLib: a(104) },
    stargate: { tokenMessaging: a(105), creditMessaging: a(106), pools: [pool(400, a(81), 1), pool(410, NATIVE, 13, true)] },
  })

  test('stargate: a pool per asset both chains hold, to the destination eid and our receiver there; across: the routes to that chain with a known output token', () => {
    const routes = bridgeRoutesBetween({ chainId: 1, book: source }, { chainId: 8453, book: dest })
    expect(routes.map((r) => [r.protocol, r.primary, r.token, r.destinationToken, r.dstEid, r.destinationReceiver])).toEqual([
      ['stargate', a(200), a(11), a(81), 30184, a(84539)],
      ['stargate', a(210), NATIVE, NATIVE, 30184, a(84539)],
      ['across', a(300), a(11), a(81), undefined, a(84539)],
    ])
    expect(routes.find((r) => r.protocol === 'across')).toMatchObject({ feeBps: 4n, wrappedNative: a(11), destinationWrappedNative: a(84531) })
  })

  test('no receiver of ours on the destination: no edges at all', () => {
    expect(bridgeRoutesBetween({ chainId: 1, book: source }, { chainId: 8453, book: { ...dest, switchyard: {} } })).toEqual([])
  })
})
