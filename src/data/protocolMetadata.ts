import { uniswapV3Forks } from '../protocols/uniswap-v3/config.js'

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
    functionNames: { swap: ['swapExactTokensForTokensSupportingFeeOnTransferTokens'], deposit: ['addLiquidity'], redeem: ['removeLiquidity'] },
  },
  'uniswap-v3': {
    project: 'uniswap',
    name: 'Uniswap V3',
    description: 'Concentrated-liquidity pools in the 0.01%, 0.05%, 0.30% and 1% tiers, routed through SwapRouter02.',
    url: 'https://app.uniswap.org',
    functionNames: { swap: ['exactInputSingle'], depositclmm: ['mint'], redeemclmm: ['decreaseLiquidity', 'collect'] },
  },
  // The other rows of the Uniswap V3 fork table, each served by the V3 adapter through our fork helper.
  ...Object.fromEntries(uniswapV3Forks.filter((f) => f.swapVia === 'forkHelper').map((f): [string, ProtocolMetadata] => [f.slug, {
    project: f.project,
    name: f.name,
    description: `${f.name} concentrated-liquidity pools (a Uniswap V3 fork, fee tiers ${f.feeTiers.map((t) => `${t.fee / 10_000}%`).join(', ')}), swapped through our Uniswap V3 fork helper.`,
    url: f.url,
    functionNames: { swap: ['swapExactIn'] },
  }])),
  'uniswap-v4': {
    project: 'uniswap',
    name: 'Uniswap V4',
    description: 'Hookless concentrated-liquidity pools of the V4 PoolManager singleton (native ETH pools included), swapped through our unlock-callback helper.',
    url: 'https://app.uniswap.org',
    functionNames: { swap: ['swapExactIn'] },
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
    functionNames: { stake: ['submit'], wrap: ['wrap'], unwrap: ['unwrap'], deposit: ['submit', 'wrap'], redeem: ['unwrap'] },
  },
  'aave-v3': {
    project: 'aave',
    name: 'Aave V3',
    description: 'Lending pool: supply an asset for interest-bearing aTokens, withdraw aTokens for the asset.',
    url: 'https://aave.com',
    functionNames: { supply: ['supply'], withdraw: ['withdraw'], deposit: ['supply'], redeem: ['withdraw'], borrow: ['borrow'], repay: ['repay'], harvest: ['claimRewards'], flashloan: ['flashLoanSimple'] },
  },
  'balancer-v2': {
    project: 'balancer',
    name: 'Balancer V2',
    description: 'Weighted pools of the Balancer V2 Vault.',
    url: 'https://balancer.fi',
    functionNames: { swap: ['swap'], deposit: ['joinPool'], redeem: ['exitPool'] },
  },
  aerodrome: {
    project: 'aerodrome',
    name: 'Aerodrome',
    description: 'Classic pools on Base: swap through volatile (x * y) and stable (x^3 y + y^3 x) pairs created by the PoolFactory.',
    url: 'https://aerodrome.finance',
    functionNames: { swap: ['swap'] },
  },
  curve: {
    project: 'curve',
    name: 'Curve',
    description: 'StableSwap pools: swap between pegged coins, deposit coins for the LP token, redeem it for one coin or all.',
    url: 'https://curve.finance',
    functionNames: { swap: ['exchange'], deposit: ['add_liquidity'], redeem: ['remove_liquidity_one_coin', 'remove_liquidity'] },
  },
  'curve-gauge': {
    project: 'curve',
    name: 'Curve gauges',
    description: 'Liquidity gauges: stake a Curve LP token, unstake it, harvest CRV (through the Minter) and extra rewards.',
    url: 'https://curve.finance',
    functionNames: { deposit: ['deposit'], withdraw: ['withdraw'], harvest: ['mint', 'claim_rewards'] },
  },
  pendle: {
    project: 'pendle',
    name: 'Pendle V2',
    description: 'Yield tokenization: the asset into its SY and back, SY or the asset into the market\'s PT and back, the market\'s LP token out to SY or the asset.',
    url: 'https://www.pendle.finance',
    functionNames: { swap: ['swapSyForExactPt', 'swapExactPtForSy'], deposit: ['deposit'], redeem: ['redeem', 'burn'] },
  },
  'morpho-blue': {
    project: 'morpho',
    name: 'Morpho Blue',
    description: 'Isolated lending markets: supply the loan token or collateral, borrow and repay (positions held by the wallet).',
    url: 'https://morpho.org',
    functionNames: { deposit: ['supply', 'supplyCollateral'], withdraw: ['withdraw', 'withdrawCollateral'], borrow: ['borrow'], repay: ['repay'] },
  },
  enso: {
    project: 'enso',
    name: 'Enso actions',
    description: 'Bundle building blocks: best route, split, merge, balances, arbitrary calls, fees and in-plan minimums.',
    url: 'https://docs.enso.build',
    functionNames: { balance: ['balanceOfCaller'], minamountout: ['checkMinAmountOut'], slippage: ['checkMinAmountOut'], fee: ['feeAmount', 'transfer'] },
  },
  erc20: {
    project: 'erc20',
    name: 'ERC-20',
    description: 'Token approvals and transfers made by the executing contract.',
    url: 'https://eips.ethereum.org/EIPS/eip-20',
    functionNames: { approve: ['approve'], transfer: ['transfer'], transferfrom: ['transferFrom'] },
  },
  erc721: {
    project: 'erc721',
    name: 'ERC-721',
    description: 'NFT approvals and transfers made by the executing contract (positions minted earlier in the bundle included).',
    url: 'https://eips.ethereum.org/EIPS/eip-721',
    functionNames: { approve: ['approve'], transfer: ['safeTransferFrom'], transferfrom: ['transferFrom'] },
  },
  permit2: {
    project: 'uniswap',
    name: 'Permit2',
    description: 'Signature transfers to the wallet.',
    url: 'https://github.com/Uniswap/permit2',
    functionNames: { permittransferfrom: ['permitTransferFrom'] },
  },
  math: {
    project: 'enso',
    name: 'Math',
    description: 'Arithmetic on literals and earlier outputs, evaluated at execution time.',
    url: 'https://docs.enso.build',
    functionNames: { add: ['add'], sub: ['sub'], mul: ['mul'], div: ['div'], min: ['min'], max: ['max'] },
  },
  stargate: {
    project: 'stargate',
    name: 'Stargate V2',
    description: 'Bridges pooled assets (USDC, ETH) between chains as LayerZero V2 taxis; a callback runs on the destination through our receiver.',
    url: 'https://stargate.finance',
    functionNames: { bridge: ['sendStargate', 'send', 'lzCompose'] },
  },
  layerzero: {
    project: 'layerzero',
    name: 'LayerZero V2',
    description: "Omnichain messaging; its token bridges are Stargate V2's pools (the same bridge action as stargate).",
    url: 'https://layerzero.network',
    functionNames: { bridge: ['sendStargate', 'send', 'lzCompose'] },
  },
  across: {
    project: 'across',
    name: 'Across V3',
    description: 'Intent bridge: a deposit on the source spoke pool is filled on the destination by a relayer, with a message handled by our receiver.',
    url: 'https://across.to',
    functionNames: { bridge: ['depositV3', 'fillV3Relay', 'handleV3AcrossMessage'] },
  },
  helpers: {
    project: 'enso',
    name: 'Conditions',
    description: 'Comparisons, negation, checks and selection evaluated at execution time.',
    url: 'https://docs.enso.build',
    functionNames: { check: ['check'], not: ['toggle'], toggle: ['toggle', 'mul', 'add'] },
  },
}

/** Display names of the chains we know. */
export const chainNames: Record<number, string> = { 1: 'Ethereum', 8453: 'Base', 10: 'Optimism', 42161: 'Arbitrum', 137: 'Polygon', 56: 'BNB Chain' }
