import { type Address, getAddress, parseAbi } from 'viem'
import { functionCall } from '../../encoding/call.js'
import { NoRouteError } from '../../errors/engine.js'
import { planMath, planMinimum, planMulDiv, planTransfer } from '../../protocols/bundle/planValues.js'
import type { BundleActionContext, BundleRouteParameters, BundleRouteStep, BundleValue } from '../../protocols/bundle/types.js'
import { protocolAdapters, protocolAdaptersBySlug } from '../../protocols/registry.js'
import { isNativeAddress, NATIVE_ADDRESS } from '../../schemas/fields.js'
import type { FindRouteParameters, FindRouteReturnType } from '../tasks/findRoute.js'

const wethAbi = parseAbi(['function deposit() payable', 'function withdraw(uint256 wad)'])
const lower = (a: string) => a.toLowerCase()

/** Engine settings a bundle route runs under, besides the action's own parameters. */
export type EncodeBundleRouteOptions = BundleRouteParameters & {
  maxHops: number
  maxSplits: number
  ignoreStandards: readonly string[]
  /** In-plan minimum under the delegate strategy when the action sets none. */
  delegateSlippageBps: bigint
  report(step: BundleRouteStep): void
}

/**
 * Routes `amountIn` of `tokenIn` to `tokenOut` inside a bundle (`search` is the engine's findRoute on the
 * bundle's snapshot): the engine searches on the build-time
 * estimate, and the plan spends the runtime value — split paths take `floor(value × share)` each and the
 * last path the remainder, so the split is exact whatever the earlier actions produced. Native coin is
 * wrapped before and unwrapped after. Records the spend, the output and the route steps.
 * @returns the output value (sum of the paths' outputs)
 * @throws NoRouteError, InvalidBundleError (MISSING_ESTIMATE when the input has no estimate)
 */
export function encodeBundleRoute(
  ctx: BundleActionContext,
  search: (parameters: FindRouteParameters) => FindRouteReturnType,
  p: EncodeBundleRouteOptions,
): BundleValue {
  const { planner } = ctx
  const weth = ctx.contracts.weth
  const engineIn = isNativeAddress(p.tokenIn) ? weth : p.tokenIn
  const engineOut = isNativeAddress(p.tokenOut) ? weth : p.tokenOut
  const amountIn = p.amountIn
  ctx.spend(p.tokenIn, amountIn)
  if (isNativeAddress(p.tokenIn)) planner.add(functionCall({ address: weth, abi: wethAbi, functionName: 'deposit' }).withValue(amountIn.value as bigint))

  let out: BundleValue
  if (lower(engineIn) === lower(engineOut)) out = { ...amountIn, token: p.tokenOut }
  else {
    if (amountIn.estimate === undefined) return ctx.fail('MISSING_ESTIMATE', 'amountIn', 'the referenced amount has no build-time estimate to route on (it comes from a call); pass a literal amount')
    if (amountIn.estimate === 0n) {
      // A runtime value estimated at zero (e.g. a balance a call fills) is unknown, not zero.
      if (typeof amountIn.value !== 'bigint') return ctx.fail('MISSING_ESTIMATE', 'amountIn', 'the referenced amount is not known before execution')
      return ctx.fail('INVALID_AMOUNT', 'amountIn', 'the amount to route is zero at build time')
    }
    const only = p.onlyProtocols === undefined ? undefined : new Set(p.onlyProtocols)
    const ignore = [...p.ignoreStandards, ...(only ? protocolAdapters.filter((a) => !only.has(a.slug)).map((a) => a.slug) : [])]
    const found = search({
      tokensIn: [{ token: lower(engineIn), amount: amountIn.estimate }],
      tokensOut: [{ token: lower(engineOut) }],
      maxHops: p.maxHops,
      maxSplits: p.onlyPools?.length === 1 ? 1 : p.maxSplits,
      ignoreStandards: ignore,
      onlyPools: p.onlyPools,
    })
    const stepContext = {
      self: ctx.self,
      helpers: ctx.helpers,
      contracts: { uniswapV2Router02: ctx.contracts.uniswapV2Router02, uniswapV3SwapRouter02: ctx.contracts.uniswapV3SwapRouter02, balancerVault: ctx.contracts.balancerVault },
      deadline: ctx.deadline,
    }
    const total = found.paths.reduce((sum, path) => sum + path.amountIn, 0n)
    let assigned: BundleValue | undefined
    let sum: BundleValue | undefined
    found.paths.forEach((path, i) => {
      let amount: BundleValue
      if (found.paths.length === 1) amount = amountIn
      else if (i < found.paths.length - 1) {
        amount = planMulDiv(ctx, amountIn, path.amountIn, total)
        assigned = assigned === undefined ? amount : planMath(ctx, 'add', assigned, amount)
      } else amount = planMath(ctx, 'sub', amountIn, assigned!)
      let handle = amount.value as bigint | ReturnType<typeof planner.add>
      for (const step of path.steps) {
        const adapter = protocolAdaptersBySlug.get(step.protocol)
        if (!adapter?.encode) throw new NoRouteError({ reason: `protocol ${step.protocol} has no encoder` })
        handle = adapter.encode(planner, stepContext, { primary: step.primary, tokenIn: step.tokenIn as Address, tokenOut: step.tokenOut as Address, data: step.data, amountIn: handle, amountOut: step.amountOut })
        p.report({
          action: step.action, protocol: step.protocol, primary: getAddress(step.primary),
          tokenIn: [getAddress(step.tokenIn)], tokenOut: [getAddress(step.tokenOut)],
          amountIn: step.amountIn.toString(), amountOut: step.amountOut.toString(),
        })
      }
      const part: BundleValue = { kind: 'amount', value: handle, estimate: path.amountOut, token: p.tokenOut }
      sum = sum === undefined ? part : planMath(ctx, 'add', sum, part)
    })
    out = { ...sum!, estimate: found.amountsOut[0]!.amount, token: p.tokenOut }
  }
  if (isNativeAddress(p.tokenOut)) planner.add(functionCall({ address: weth, abi: wethAbi, functionName: 'withdraw', args: [out.value] }))

  const slippage = p.slippageBps ?? (ctx.strategy === 'delegate' ? p.delegateSlippageBps : undefined)
  if (p.minAmountOut !== undefined) planMinimum(ctx, out, p.minAmountOut)
  else if (slippage !== undefined && out.estimate !== undefined) ctx.quotedMinimum(out, out.estimate, slippage)
  const tokenOut = isNativeAddress(p.tokenOut) ? NATIVE_ADDRESS : p.tokenOut
  ctx.produce(tokenOut, out)
  if (p.receiver !== undefined && lower(p.receiver) !== lower(ctx.self)) planTransfer(ctx, tokenOut, out, p.receiver)
  return out
}
