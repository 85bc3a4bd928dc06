import { NATIVE_TOKEN } from '../tokens/createTokenBook.js'

/**
 * A bundle to start from on the devnet's chain 1: route 1 ETH to USDC, then deposit what the route
 * delivered into the devnet's ERC-4626 USDC vault (the README's example).
 */
export const exampleBundle = [
  { protocol: 'enso', action: 'route', args: { tokenIn: NATIVE_TOKEN, tokenOut: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', amountIn: '1000000000000000000', slippage: '100' } },
  { protocol: 'erc4626', action: 'deposit', args: { tokenIn: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', amountIn: { useOutputOfCallAt: 0 }, primaryAddress: '0x5a7e000000000000000000000000000000000001' } },
]
