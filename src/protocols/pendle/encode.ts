import { parseAbi, type Address } from 'viem'
import { switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { addBalanceOfSelf, addForceApprove, addTransfer } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import { InvalidPlannerCallError } from '../../errors/encoding.js'
import type { EncodeStepContext, EncodeStepParameters, StepData } from '../types.js'

/** Pendle's write functions we call: the SY's (IStandardizedYield) and the market's (IPMarket). */
export const pendleWriteAbi = parseAbi([
  'function deposit(address receiver, address tokenIn, uint256 amountTokenToDeposit, uint256 minSharesOut) payable returns (uint256 amountSharesOut)',
  'function redeem(address receiver, uint256 amountSharesToRedeem, address tokenOut, uint256 minTokenOut, bool burnFromInternalBalance) returns (uint256 amountTokenOut)',
  'function swapExactPtForSy(address receiver, uint256 exactPtIn, bytes data) returns (uint256 netSyOut, uint256 netSyFee)',
  'function swapSyForExactPt(address receiver, uint256 exactPtOut, bytes data) returns (uint256 netSyIn, uint256 netSyFee)',
  'function burn(address receiverSy, address receiverPt, uint256 netLpToBurn) returns (uint256 netSyOut, uint256 netPtOut)',
  'function mint(address receiver, uint256 netSyDesired, uint256 netPtDesired) returns (uint256 netLpOut, uint256 netSyUsed, uint256 netPtUsed)',
])

/** What a Pendle step does, from the adapter's `getStepData`. */
export type PendleStepData = {
  kind: 'deposit' | 'redeem' | 'buyPt' | 'sellPt' | 'exitLp' | 'assetToPt' | 'ptToAsset' | 'lpToAsset' | 'addLp' | 'assetToLp'
  sy: Address
  pt: Address
  market: Address
  /** addLp, assetToLp: the PT the quoted split buys for the market, its SY cost and the SY input it is for (0 when unknown). */
  ptFromSwap: bigint
  syForSwap: bigint
  quotedSyIn: bigint
}

/** Reads {@link PendleStepData} back from plain step data. */
export function pendleStepDataOf(data: StepData): PendleStepData {
  const big = (v: StepData[string] | undefined) => BigInt(String(v ?? '0'))
  return {
    kind: data.kind as PendleStepData['kind'], sy: data.sy as Address, pt: data.pt as Address, market: data.market as Address,
    ptFromSwap: big(data.ptFromSwap), syForSwap: big(data.syForSwap), quotedSyIn: big(data.quotedSyIn),
  }
}

function balanceDelta(planner: Planner, context: EncodeStepContext, token: Address, before: ReturnValue): ReturnValue {
  const after = addBalanceOfSelf(planner, { helpers: context.helpers, token })
  return planner.add(functionCall({ address: context.helpers.math, abi: switchyardMathHelperAbi, functionName: 'sub', args: [after, before] }).staticcall())
}

/**
 * One Pendle step, each calling the SY or the market directly (no Pendle router, so no `ApproxParams`):
 * - deposit: approve the asset exactly, `SY.deposit(self, asset, amount, 0)` (returns the SY minted);
 * - redeem: `SY.redeem(self, amount, asset, 0, false)` (burns the caller's SY; returns the asset paid);
 * - sellPt: PT sent to the market, `market.swapExactPtForSy(self, amount, "")`; the SY received as a balance change;
 * - buyPt: the SY sent to the market, `market.swapSyForExactPt(self, ptOut, "")` for the PT amount the route
 *   quoted (`amountOut`, the most PT the SY pays for, computed off-chain with the market's exact math); the
 *   few wei of SY the trade does not need stay with the market, as with Pendle's router;
 * - exitLp: LP sent to the market, `market.burn(self, self, lp)`, then the PT received sold as in sellPt; the
 *   SY received in both as one balance change;
 * - addLp: single-sided liquidity: all the SY sent to the market, `market.swapSyForExactPt(market, pt, "")`
 *   for the PT of the split the engine quoted (the PT stays in the market), then
 *   `market.mint(self, syIn - cost, pt)`; the LP minted (a balance change) is the output, and the few wei the
 *   mint does not use stay with the market, as with Pendle's router;
 * - assetToPt, ptToAsset, lpToAsset, assetToLp: deposit then buyPt, sellPt then redeem, exitLp then redeem,
 *   deposit then addLp.
 * @throws InvalidPlannerCallError for buyPt without the quoted `amountOut`, addLp without the quoted split
 */
export function encodePendleStep(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters): ReturnValue {
  const data = pendleStepDataOf(step.data)
  const { kind, sy } = data
  const self = context.self
  const asset = kind === 'deposit' || kind === 'assetToPt' || kind === 'assetToLp' ? step.tokenIn : step.tokenOut
  const deposit = (amount: ReturnValue | bigint) => {
    addForceApprove(planner, { token: step.tokenIn, spender: sy, amount })
    return planner.add(functionCall({ address: sy, abi: pendleWriteAbi, functionName: 'deposit', args: [self, asset, amount, 0n] }))
  }
  const redeem = (amount: ReturnValue | bigint) =>
    planner.add(functionCall({ address: sy, abi: pendleWriteAbi, functionName: 'redeem', args: [self, amount, asset, 0n, false] }))
  if (kind === 'deposit') return deposit(step.amountIn)
  if (kind === 'redeem') return redeem(step.amountIn)
  if (kind === 'buyPt') return buyPt(planner, context, step, data, step.amountIn)
  if (kind === 'assetToPt') return buyPt(planner, context, step, data, deposit(step.amountIn))
  if (kind === 'addLp') return addLp(planner, context, data, step.amountIn)
  if (kind === 'assetToLp') return addLp(planner, context, data, deposit(step.amountIn))
  if (kind === 'sellPt' || kind === 'exitLp') return sellToSy(planner, context, data, kind === 'exitLp', step.amountIn)
  return redeem(sellToSy(planner, context, data, kind === 'lpToAsset', step.amountIn))
}

/** The SY sent to the market, then `swapSyForExactPt` for the quoted PT; returns the PT received. */
function buyPt(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters, { sy, pt, market }: PendleStepData, syIn: ReturnValue | bigint): ReturnValue {
  if (step.amountOut === undefined || step.amountOut <= 0n) throw new InvalidPlannerCallError({ functionName: 'swapSyForExactPt', reason: 'a Pendle PT purchase needs the PT amount the route quoted (amountOut)' })
  const before = addBalanceOfSelf(planner, { helpers: context.helpers, token: pt })
  addTransfer(planner, { token: sy, receiver: market, amount: syIn })
  planner.add(functionCall({ address: market, abi: pendleWriteAbi, functionName: 'swapSyForExactPt', args: [context.self, step.amountOut, '0x'] }))
  return balanceDelta(planner, context, pt, before)
}

/** PT (or LP, burnt first) into SY: sent to the market, `swapExactPtForSy`; returns the SY received. */
function sellToSy(planner: Planner, context: EncodeStepContext, { sy, pt, market }: PendleStepData, fromLp: boolean, amountIn: ReturnValue | bigint): ReturnValue {
  const self = context.self
  const before = addBalanceOfSelf(planner, { helpers: context.helpers, token: sy })
  let ptIn = amountIn
  if (fromLp) {
    const ptBefore = addBalanceOfSelf(planner, { helpers: context.helpers, token: pt })
    addTransfer(planner, { token: market, receiver: market, amount: amountIn })
    planner.add(functionCall({ address: market, abi: pendleWriteAbi, functionName: 'burn', args: [self, self, amountIn] }))
    ptIn = balanceDelta(planner, context, pt, ptBefore)
  }
  addTransfer(planner, { token: pt, receiver: market, amount: ptIn })
  planner.add(functionCall({ address: market, abi: pendleWriteAbi, functionName: 'swapExactPtForSy', args: [self, ptIn, '0x'] }))
  return balanceDelta(planner, context, sy, before)
}

/** The SY sent to the market, the quoted PT bought for the market itself, then `mint` with the rest; returns the LP minted. */
function addLp(planner: Planner, context: EncodeStepContext, { sy, market, ptFromSwap, syForSwap, quotedSyIn }: PendleStepData, syIn: ReturnValue | bigint): ReturnValue {
  if (ptFromSwap <= 0n || syForSwap <= 0n || quotedSyIn <= syForSwap) {
    throw new InvalidPlannerCallError({ functionName: 'mint', reason: 'a Pendle LP deposit step needs the split the engine quoted (ptFromSwap, syForSwap, quotedSyIn)' })
  }
  const syDesired = typeof syIn === 'bigint'
    ? syIn - syForSwap
    : planner.add(functionCall({ address: context.helpers.math, abi: switchyardMathHelperAbi, functionName: 'sub', args: [syIn, syForSwap] }).staticcall())
  const before = addBalanceOfSelf(planner, { helpers: context.helpers, token: market })
  addTransfer(planner, { token: sy, receiver: market, amount: syIn })
  planner.add(functionCall({ address: market, abi: pendleWriteAbi, functionName: 'swapSyForExactPt', args: [market, ptFromSwap, '0x'] }))
  planner.add(functionCall({ address: market, abi: pendleWriteAbi, functionName: 'mint', args: [context.self, syDesired, ptFromSwap] }))
  return balanceDelta(planner, context, market, before)
}
