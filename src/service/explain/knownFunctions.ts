import { erc20Abi, parseAbi, toFunctionSelector, type Abi, type AbiFunction, type Hex } from 'viem'
import * as generated from '../../contracts/generated/abis.js'
import { aerodromePoolSwapAbi } from '../../protocols/aerodrome/encode.js'
import { aerodromeRouterLiquidityAbi } from '../../protocols/aerodrome/lpActions.js'
import { acrossDepositAbi } from '../../protocols/bridge/defineBridgeAction.js'
import { curveAddLiquidityAbi, curveStableSwapWriteAbi } from '../../protocols/curve/encode.js'
import { curveMetaPoolWriteAbi, curveMetaZapWriteAbi } from '../../protocols/curve/metaEncode.js'
import { curveGaugeAbi, curveMinterAbi } from '../../protocols/curve-gauge/gaugeActions.js'
import { morphoBlueAbi } from '../../protocols/morpho-blue/abi.js'

/**
 * Functions our encoders call, written as the protocol folders declare them (they keep their ABIs
 * private to their encoders): what a plan's commands can name besides our own contracts' functions.
 */
const protocolFunctions = parseAbi([
  'struct SingleSwap { bytes32 poolId; uint8 kind; address assetIn; address assetOut; uint256 amount; bytes userData; }',
  'struct FundManagement { address sender; bool fromInternalBalance; address recipient; bool toInternalBalance; }',
  'struct JoinPoolRequest { address[] assets; uint256[] maxAmountsIn; bytes userData; bool fromInternalBalance; }',
  'struct ExitPoolRequest { address[] assets; uint256[] minAmountsOut; bytes userData; bool toInternalBalance; }',
  'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
  'function swap(SingleSwap singleSwap, FundManagement funds, uint256 limit, uint256 deadline) payable returns (uint256 amountCalculated)',
  'function joinPool(bytes32 poolId, address sender, address recipient, JoinPoolRequest request) payable',
  'function exitPool(bytes32 poolId, address sender, address recipient, ExitPoolRequest request)',
  'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function removeLiquidity(address tokenA, address tokenB, uint256 liquidity, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB)',
  'function mint((address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint256 amount0Desired, uint256 amount1Desired, uint256 amount0Min, uint256 amount1Min, address recipient, uint256 deadline) params) payable returns (uint256 tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)',
  'function decreaseLiquidity((uint256 tokenId, uint128 liquidity, uint256 amount0Min, uint256 amount1Min, uint256 deadline) params) payable returns (uint256 amount0, uint256 amount1)',
  'function collect((uint256 tokenId, address recipient, uint128 amount0Max, uint128 amount1Max) params) payable returns (uint256 amount0, uint256 amount1)',
  'function modifyLiquidities(bytes unlockData, uint256 deadline) payable',
  'function nextTokenId() view returns (uint256)',
  'function getPositionLiquidity(uint256 tokenId) view returns (uint256)',
  'function deposit() payable',
  'function withdraw(uint256 wad)',
  'function deposit(uint256 assets, address receiver) returns (uint256 shares)',
  'function redeem(uint256 shares, address receiver, address owner) returns (uint256 assets)',
  'function supply(address asset, uint256 amount, address onBehalfOf, uint16 referralCode)',
  'function withdraw(address asset, uint256 amount, address to) returns (uint256)',
  'function borrow(address asset, uint256 amount, uint256 interestRateMode, uint16 referralCode, address onBehalfOf)',
  'function repay(address asset, uint256 amount, uint256 interestRateMode, address onBehalfOf) returns (uint256)',
  'function claimRewards(address[] assets, uint256 amount, address to, address reward) returns (uint256)',
  'function submit(address referral) payable returns (uint256)',
  'function sharesOf(address account) view returns (uint256)',
  'function transferShares(address recipient, uint256 sharesAmount) returns (uint256)',
  'function wrap(uint256 stETHAmount) returns (uint256)',
  'function unwrap(uint256 wstETHAmount) returns (uint256)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function permitTransferFrom(((address token, uint256 amount) permitted, uint256 nonce, uint256 deadline) permit, (address to, uint256 requestedAmount) transferDetails, address owner, bytes signature)',
])

const curveFunctions: Abi = [...curveStableSwapWriteAbi, ...[2, 3, 4].flatMap((n) => curveAddLiquidityAbi(n)), ...curveMetaPoolWriteAbi, ...curveMetaZapWriteAbi, ...curveGaugeAbi, ...curveMinterAbi]

const abis: readonly Abi[] = [erc20Abi, protocolFunctions, acrossDepositAbi, morphoBlueAbi, curveFunctions, aerodromePoolSwapAbi, aerodromeRouterLiquidityAbi, ...Object.values(generated as Record<string, Abi>)]

/** Every function we know by selector (the first ABI to name a selector wins: the ERC-20 functions first). */
export const knownFunctions: ReadonlyMap<Hex, AbiFunction> = (() => {
  const table = new Map<Hex, AbiFunction>()
  for (const abi of abis) {
    for (const item of abi) {
      if (item.type !== 'function') continue
      const selector = toFunctionSelector(item)
      if (!table.has(selector)) table.set(selector, item)
    }
  }
  return table
})()
