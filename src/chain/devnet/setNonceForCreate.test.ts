import { expect, test } from 'vitest'
import { findCreateNonce } from './setNonceForCreate.js'

const provider = '0x2f39d218133AFaB8F2B819B1066c7E434Ad94E9e'
const configurator = '0x64b761D848206f447Fe2dd461b0c635Ec39EbB27'

test("mainnet's Aave provider created the Pool and PoolConfigurator proxies at nonces 1 and 2", () => {
  expect(findCreateNonce({ creator: provider, target: '0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2' })).toBe(1)
  expect(findCreateNonce({ creator: provider, target: configurator })).toBe(2)
})

test('the PoolConfigurator created each reserve’s aToken, stable and variable debt token at three consecutive nonces', () => {
  // WETH was the first reserve listed (nonces 1–3), WBTC the third (7–9), USDC the fourth, DAI the fifth.
  expect(findCreateNonce({ creator: configurator, target: '0x4d5F47FA6A74757f35C14fD3a6Ef8E3C9BC514E8' })).toBe(1)
  expect(findCreateNonce({ creator: configurator, target: '0xeA51d7853EEFb32b6ee06b1C12E6dcCA88Be0fFE' })).toBe(3)
  expect(findCreateNonce({ creator: configurator, target: '0x5Ee5bf7ae06D1Be5997A1A72006FE6C607eC6DE8' })).toBe(7)
  expect(findCreateNonce({ creator: configurator, target: '0x98C23E9d8f34FEFb1B7BD6a91B7FF122F4e16F5c' })).toBe(10)
  expect(findCreateNonce({ creator: configurator, target: '0x018008bfb33d285247A21d44E50697654f754e63' })).toBe(13)
})

test('an address no nonce reaches', () => {
  expect(findCreateNonce({ creator: provider, target: '0x000000000000000000000000000000000000dEaD', maxNonce: 64 })).toBeUndefined()
})
