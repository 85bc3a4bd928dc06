import { aaveV3BundleActions } from './aave-v3/bundleActions.js'
import { balancerV2DepositAction, balancerV2RedeemAction } from './balancer-v2/bptActions.js'
import { bridgeActions } from './bridge/defineBridgeAction.js'
import { createPoolActions } from './bundle/createPoolActions.js'
import { aerodromeDepositAction, aerodromeRedeemAction } from './aerodrome/lpActions.js'
import { curveDepositAction, curveRedeemAction } from './curve/lpActions.js'
import { curveGaugeActions } from './curve-gauge/gaugeActions.js'
import type { BundleActionDefinition } from './bundle/types.js'
import { withVariants } from './bundle/withVariants.js'
import { ensoCallAction } from './enso/callAction.js'
import { ensoMergeAction, ensoRouteAction, ensoSplitAction } from './enso/routeActions.js'
import { ensoBalanceAction, ensoEnsoFeeAction, ensoFeeAction, ensoMinAmountOutAction, ensoSlippageAction } from './enso/valueActions.js'
import { erc20Actions } from './erc20/actions.js'
import { erc721Actions } from './erc721/actions.js'
import { helperActions } from './helpers/actions.js'
import { mathActions } from './math/actions.js'
import { morphoBlueBundleActions } from './morpho-blue/bundleActions.js'
import { permit2PermitTransferFromAction } from './permit2/actions.js'
import { uniswapV2DepositAction, uniswapV2RedeemAction } from './uniswap-v2/lpActions.js'
import { uniswapV3DepositClmmAction, uniswapV3RedeemClmmAction } from './uniswap-v3/clmmActions.js'
import { uniswapV4DepositClmmAction, uniswapV4RedeemClmmAction } from './uniswap-v4/clmmActions.js'

const swap = (protocol: string, via: string) => ({ action: 'swap', description: `Swaps tokenIn for tokenOut through ${via} (one pool when primaryAddress is a pool); output: tokenOut received` })

/** The actions as each protocol declares them. */
const baseActions: readonly BundleActionDefinition[] = [
  ensoRouteAction,
  ensoSplitAction,
  ensoMergeAction,
  ensoBalanceAction,
  ensoMinAmountOutAction,
  ensoSlippageAction,
  ensoFeeAction,
  ensoEnsoFeeAction,
  ensoCallAction,
  ...mathActions,
  ...helperActions,
  ...erc20Actions,
  ...erc721Actions,
  permit2PermitTransferFromAction,
  ...createPoolActions({ protocol: 'uniswap-v2', actions: [swap('uniswap-v2', 'Uniswap V2 pairs')], periphery: (c) => [c.uniswapV2Router02] }),
  uniswapV2DepositAction,
  uniswapV2RedeemAction,
  ...createPoolActions({ protocol: 'uniswap-v3', actions: [swap('uniswap-v3', 'Uniswap V3 pools')], periphery: (c) => [c.uniswapV3SwapRouter02] }),
  uniswapV3DepositClmmAction,
  uniswapV3RedeemClmmAction,
  uniswapV4DepositClmmAction,
  uniswapV4RedeemClmmAction,
  ...createPoolActions({ protocol: 'balancer-v2', actions: [swap('balancer-v2', 'Balancer V2 pools')], periphery: (c) => [c.balancerVault] }),
  balancerV2DepositAction, balancerV2RedeemAction,
  ...createPoolActions({ protocol: 'curve', actions: [swap('curve', 'Curve StableSwap pools')], periphery: () => [] }),
  curveDepositAction, curveRedeemAction,
  ...createPoolActions({ protocol: 'aerodrome', actions: [swap('aerodrome', 'Aerodrome classic pools')], periphery: (c) => [c.aerodromeRouter] }),
  aerodromeDepositAction,
  aerodromeRedeemAction,
  ...curveGaugeActions,
  ...createPoolActions({
    protocol: 'erc4626',
    actions: [
      { action: 'deposit', description: 'Deposits the asset (tokenIn) into the ERC-4626 vault primaryAddress; output: shares received' },
      { action: 'redeem', description: 'Redeems vault shares (tokenIn) for the asset; output: asset received' },
    ],
    periphery: () => [],
  }),
  ...createPoolActions({
    protocol: 'lido',
    actions: [
      { action: 'deposit', description: 'Stakes ETH/WETH for stETH, or wraps stETH into wstETH (primaryAddress: stETH or wstETH); output: tokens received' },
      { action: 'redeem', description: 'Unwraps wstETH into stETH; output: stETH received' },
    ],
    periphery: (c) => [c.lidoStETH, c.lidoWstETH],
  }),
  ...createPoolActions({
    protocol: 'pendle',
    actions: [
      { action: 'swap', description: 'Trades through the Pendle V2 market primaryAddress: its SY or the asset into PT, PT into SY or the asset (tokenOut required); output: tokenOut received' },
      { action: 'deposit', description: 'Deposits the asset into the SY of the Pendle V2 market primaryAddress (tokenOut: the SY), or adds liquidity from the SY or the asset alone (tokenOut: the market\'s LP token; part of the SY buys PT in the market, mint with the rest); output: tokenOut received' },
      { action: 'redeem', description: 'Redeems the SY of the Pendle V2 market primaryAddress for the asset, or the market\'s LP token (burnt, its PT sold) for the SY or the asset (tokenOut required); output: tokenOut received' },
    ],
    periphery: () => [],
  }),
  ...aaveV3BundleActions,
  ...morphoBlueBundleActions,
  ...bridgeActions,
]

/** The SDK's single/multi/tokenized names, for the protocols whose action has that shape. */
const variantNames: Record<string, Parameters<typeof withVariants>[1]> = {
  'uniswap-v2:deposit': ['singledeposit', 'multideposit', 'tokenizedsingledeposit', 'tokenizedmultideposit'],
  'uniswap-v2:redeem': ['singleredeem', 'multiredeem', 'tokenizedsingleredeem', 'tokenizedmultiredeem'],
  'balancer-v2:deposit': ['singledeposit', 'multideposit', 'tokenizedsingledeposit', 'tokenizedmultideposit'],
  'balancer-v2:redeem': ['singleredeem', 'multiredeem', 'tokenizedsingleredeem', 'tokenizedmultiredeem'],
  'aerodrome:deposit': ['singledeposit', 'multideposit', 'tokenizedsingledeposit', 'tokenizedmultideposit'],
  'aerodrome:redeem': ['singleredeem', 'multiredeem', 'tokenizedsingleredeem', 'tokenizedmultiredeem'],
  'curve:deposit': ['singledeposit', 'multideposit', 'tokenizedsingledeposit', 'tokenizedmultideposit'],
  'curve:redeem': ['singleredeem', 'multiredeem', 'tokenizedsingleredeem', 'tokenizedmultiredeem'],
  'erc4626:deposit': ['singledeposit', 'tokenizedsingledeposit'],
  'erc4626:redeem': ['singleredeem', 'tokenizedsingleredeem'],
  'lido:deposit': ['singledeposit', 'tokenizedsingledeposit'],
  'lido:redeem': ['singleredeem', 'tokenizedsingleredeem'],
  'aave-v3:deposit': ['singledeposit', 'tokenizedsingledeposit'],
  'aave-v3:redeem': ['singleredeem', 'tokenizedsingleredeem'],
  'aave-v3:withdraw': ['singlewithdraw'],
  'morpho-blue:deposit': ['singledeposit'],
  'morpho-blue:withdraw': ['singlewithdraw'],
}

/**
 * Every bundle action, listed explicitly. Protocols declare what they offer; the bundle builder has no
 * per-action cases. `/standards` reads this list.
 */
export const bundleActions: readonly BundleActionDefinition[] = [
  ...baseActions,
  ...baseActions.flatMap((a) => withVariants(a, variantNames[`${a.protocol}:${a.action}`] ?? [])),
]

/** The actions by `protocol:action`. */
export const bundleActionsByKey: ReadonlyMap<string, BundleActionDefinition> = new Map(bundleActions.map((a) => [`${a.protocol}:${a.action}`, a]))

/** Bundle building blocks rather than venues: live on every served chain, not listed by /protocols. */
export const buildingBlockProtocols: ReadonlySet<string> = new Set(['enso', 'erc20', 'erc721', 'permit2', 'math', 'helpers'])

/** Protocols that offer bridge actions in the vendor API. */
export const bridgeProtocols: readonly string[] = ['stargate', 'layerzero', 'across', 'ccip', 'relay', 'cctp']

/** Bridge protocols switchyard serves (on the devnet: real Stargate V2 over LayerZero V2, and Across V3). */
export const servedBridgeProtocols: readonly string[] = ['stargate', 'layerzero', 'across']
