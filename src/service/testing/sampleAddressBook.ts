import type { Address } from 'viem'
import type { ChainAddressBook } from '../../chain/addressBook.js'

/**
 * Test-only: a small address book with every kind of entry (tokens, protocol sections, our
 * contracts, accounts). `a(n)` spells a distinct address whose first hex digits are `n`.
 */
export const a = (n: number): Address => `0x${n.toString(16).padStart(4, '0')}${'ab'.repeat(18)}` as Address
export const USDC = a(1)
export const WETH = a(2)
export const PAIR = a(3)

/** A small book with every kind of entry: tokens, protocol sections, our contracts, accounts. */
export function bookOf(): ChainAddressBook {
  return {
    chainId: 1,
    tokens: {
      USDC: { address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6, priceUsd: 1, kind: 'erc20' },
      WETH: { address: WETH, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, priceUsd: 3000, kind: 'weth' },
    },
    weth: WETH,
    multicall3: a(10),
    permit2: a(11),
    uniswapV2: { factory: a(12), router02: a(13), pairs: [{ address: PAIR, token0: USDC, token1: WETH, feeBps: 30 }] },
    uniswapV3: { factory: a(14), positionManager: a(15), swapRouter02: a(16), quoterV2: a(17), tickLens: a(18), pools: [] },
    balancerV2: { vault: a(19), authorizer: a(20), weightedPoolFactory: a(21), queries: a(22), protocolFeeProvider: a(23), pools: [] },
    across: {
      spokePool: a(30), implementation: a(31), contractName: 'Ethereum_SpokePool', relayer: a(32), admin: a(33),
      depositQuoteTimeBuffer: 0, fillDeadlineBuffer: 0, routes: [{ token: USDC, destinationChainId: 8453 }],
    },
    layerZero: { endpoint: a(40), eid: 30101, sendLib: a(41), receiveLib: a(42), relayer: a(43) },
    switchyard: { router: a(50), executor: a(51), smartWalletFactory: a(52), helpers: { balance: a(53) } },
  }
}
