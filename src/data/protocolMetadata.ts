/**
 * What the read endpoints say about each protocol family we serve. Explicit, one entry per adapter
 * slug in `protocols/registry.ts` (a test checks they match).
 */
export type ProtocolMetadata = {
  project: string
  name: string
  description: string
  url: string
  /** Contract functions our encoder calls, per action. */
  functionNames: Record<string, string[]>
}

export const protocolMetadata: Record<string, ProtocolMetadata> = {
  'uniswap-v2': {
    project: 'uniswap',
    name: 'Uniswap V2',
    description: 'Constant-product AMM pairs (0.30% fee), routed through Router02.',
    url: 'https://app.uniswap.org',
    functionNames: { swap: ['swapExactTokensForTokensSupportingFeeOnTransferTokens'] },
  },
  'uniswap-v3': {
    project: 'uniswap',
    name: 'Uniswap V3',
    description: 'Concentrated-liquidity pools in the 0.01%, 0.05%, 0.30% and 1% tiers, routed through SwapRouter02.',
    url: 'https://app.uniswap.org',
    functionNames: { swap: ['exactInputSingle'] },
  },
  erc4626: {
    project: 'erc4626',
    name: 'ERC-4626 Vaults',
    description: 'Tokenized vaults: deposit the asset for shares, redeem shares for the asset, at the vault rate.',
    url: 'https://eips.ethereum.org/EIPS/eip-4626',
    functionNames: { deposit: ['deposit'], redeem: ['redeem'] },
  },
  lido: {
    project: 'lido',
    name: 'Lido',
    description: 'Liquid staking: stake ETH for rebasing stETH, wrap it into wstETH.',
    url: 'https://lido.fi',
    functionNames: { stake: ['submit'], wrap: ['wrap'], unwrap: ['unwrap'] },
  },
  'aave-v3': {
    project: 'aave',
    name: 'Aave V3',
    description: 'Lending pool: supply an asset for interest-bearing aTokens, withdraw aTokens for the asset.',
    url: 'https://aave.com',
    functionNames: { supply: ['supply'], withdraw: ['withdraw'] },
  },
  'balancer-v2': {
    project: 'balancer',
    name: 'Balancer V2',
    description: 'Weighted pools of the Balancer V2 Vault.',
    url: 'https://balancer.fi',
    functionNames: { swap: ['swap'] },
  },
}

/** Display names of the chains we know. */
export const chainNames: Record<number, string> = { 1: 'Ethereum', 8453: 'Base', 10: 'Optimism', 42161: 'Arbitrum', 137: 'Polygon', 56: 'BNB Chain' }
