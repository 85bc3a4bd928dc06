import { parseAbi, type Address, type Hex } from 'viem'
import { functionCall } from '../../encoding/call.js'
import { nativeTokenAddress } from '../../encoding/legacyCalldata.js'
import { switchyardBalanceHelperAbi, switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { addBalanceOfSelf, addMinAmountOutCheck, addSweep, addTransfer } from '../../encoding/planActions.js'
import { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import { UnknownProtocolError } from '../../errors/engine.js'
import { protocolAdaptersBySlug } from '../../protocols/registry.js'
import type { EncodeStepContext } from '../../protocols/types.js'
import type { FindRouteReturnType } from '../types.js'
import { applySlippage } from '../../protocols/bundle/applySlippage.js'

const wethAbi = parseAbi(['function deposit() payable', 'function withdraw(uint256 wad)'])

/** Everything besides the route that the plan needs. Plain data (sent to workers). */
export type PlanRouteParameters = {
  context: EncodeStepContext
  /** The chain's wrapped native token; the engine routes native coin as this token. */
  weth: Address
  /** Inputs as requested (native = 0xEeee…EEeE): the full amount and the fee taken from it. */
  inputs: readonly { token: Address; amount: bigint; fee: bigint }[]
  feeReceiver?: Address | undefined
  /** Outputs as requested (native allowed). */
  outputs: readonly { token: Address }[]
  receiver: Address
  refundReceiver: Address
  /**
   * True when the executing contract holds nothing but this transaction's funds (our executor): the
   * plan may then spend and sweep whole balances, which absorbs rounding and transfer taxes. False for
   * a user's wallet (delegate strategy): it may hold other funds, so the plan spends, unwraps and
   * delivers exact amounts only, and sweeps nothing.
   */
  ownsBalances: boolean
  /**
   * In-plan minimum checks on the receiver's balance change, for strategies without a router to check
   * it (delegate): the caller's minimums, or the route's exact quote less `slippageBps`.
   */
  checkMinAmountOut?: { slippageBps: bigint; minAmountsOut?: readonly bigint[] | undefined } | undefined
}

/** A weiroll plan: what `executeShortcut` runs, and the minimums it checks (if any). */
export type RoutePlan = { commands: Hex[]; state: Hex[]; minAmountsOut?: bigint[] | undefined }

const isNative = (token: string) => token.toLowerCase() === nativeTokenAddress.toLowerCase()
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * Turns an engine route into a weiroll plan for the executor (or a delegating wallet):
 * fees first, native coin wrapped, every path step by step (each step spends exactly what the
 * previous one produced), outputs unwrapped and delivered to the receiver, leftovers of the inputs
 * (and of intermediates whose encoders declared a sweep, such as stETH before a wrap) swept to the
 * refund receiver. With our executor every delivery and refund moves the whole holding read at
 * execution time (shares, for a rebasing token), so the executor ends empty. Pure: runs in the
 * engine workers.
 *
 * @returns `{ commands, state }`
 * @throws UnknownProtocolError when a step's protocol has no encoder
 */
export function planRoute(route: FindRouteReturnType, params: PlanRouteParameters): RoutePlan {
  const { context, weth } = params
  const planner = new Planner()
  const engineToken = (token: Address) => (isNative(token) ? weth : token).toLowerCase()
  const balanceHelper = { address: context.helpers.balance, abi: switchyardBalanceHelperAbi } as const
  const checks = params.checkMinAmountOut
  const minAmountsOut = checks
    ? params.outputs.map((o, i) => {
        const quoted = route.amountsOut.find((a) => a.token === engineToken(o.token))?.amount ?? 0n
        return checks.minAmountsOut?.[i] ?? applySlippage(quoted, checks.slippageBps)
      })
    : undefined
  const receiverBefore = checks
    ? params.outputs.map((o) => planner.add(functionCall({ ...balanceHelper, functionName: 'balanceOf', args: [o.token, params.receiver] }).staticcall()))
    : []

  // Fees: a wallet (delegate) pays them first. Our executor pays them after delivering the outputs, so a
  // fee receiver that gets control (a native transfer) never finds the route's funds in the executor.
  const payFees = () => {
    for (const input of params.inputs) {
      if (input.fee > 0n && params.feeReceiver) addTransfer(planner, { token: input.token, receiver: params.feeReceiver, amount: input.fee })
    }
  }
  // Fee still held back per engine token (our executor only): the last path leaves it in place.
  const heldFees = new Map<string, bigint>()
  if (params.ownsBalances) {
    for (const input of params.inputs) {
      if (input.fee > 0n && params.feeReceiver && !isNative(input.token)) heldFees.set(input.token.toLowerCase(), (heldFees.get(input.token.toLowerCase()) ?? 0n) + input.fee)
    }
  } else payFees()
  for (const input of params.inputs) {
    if (isNative(input.token)) {
      planner.add(functionCall({ address: weth, abi: wethAbi, functionName: 'deposit' }).withValue(input.amount - input.fee))
    }
  }

  // The last path spending an input token takes the whole remaining balance: it absorbs rounding and
  // transfer taxes, so nothing of the input is left behind. Only safe when that token is not also
  // produced inside the route (an intermediate or an output).
  const produced = new Set<string>()
  for (const path of route.paths) {
    for (const step of path.steps) produced.add(step.tokenOut.toLowerCase())
    // A step-less path (input = output, e.g. WETH in, ETH out) keeps its amount: not spendable.
    if (path.steps.length === 0) produced.add(path.tokenOut.toLowerCase())
  }
  const lastPathOf = new Map<string, number>()
  route.paths.forEach((path, i) => {
    if (path.steps.length > 0) lastPathOf.set(path.tokenIn.toLowerCase(), i)
  })

  const producedBy = new Map<string, (bigint | ReturnValue)[]>()
  // Inputs the executor spends whole (their last path takes the balance): nothing of them is left to refund.
  const spentWhole = new Set<string>()
  route.paths.forEach((path, i) => {
    const tokenIn = path.tokenIn.toLowerCase()
    let amount: bigint | ReturnValue = path.amountIn
    if (params.ownsBalances && lastPathOf.get(tokenIn) === i && !produced.has(tokenIn)) {
      spentWhole.add(tokenIn)
      amount = addBalanceOfSelf(planner, { helpers: context.helpers, token: tokenIn as Address })
      const held = heldFees.get(tokenIn) ?? 0n
      if (held > 0n) amount = planner.add(functionCall({ address: context.helpers.math, abi: switchyardMathHelperAbi, functionName: 'sub', args: [amount, held] }).staticcall())
    }
    for (const step of path.steps) {
      const adapter = protocolAdaptersBySlug.get(step.protocol)
      if (!adapter?.encode) throw new UnknownProtocolError({ protocol: step.protocol })
      amount = adapter.encode(planner, context, {
        primary: step.primary, tokenIn: step.tokenIn as Address, tokenOut: step.tokenOut as Address, data: step.data, amountIn: amount, amountOut: step.amountOut,
      })
    }
    const out = path.tokenOut.toLowerCase()
    producedBy.set(out, [...(producedBy.get(out) ?? []), amount])
  })

  const deliver = !same(params.receiver, context.self)
  const math = { address: context.helpers.math, abi: switchyardMathHelperAbi } as const
  for (const output of params.outputs) {
    if (params.ownsBalances) {
      if (isNative(output.token)) {
        // A WETH fee held back for the end stays wrapped (WETH in, ETH out): unwrap only the rest.
        let wrapped: bigint | ReturnValue = addBalanceOfSelf(planner, { helpers: context.helpers, token: weth })
        const held = heldFees.get(weth.toLowerCase()) ?? 0n
        if (held > 0n) wrapped = planner.add(functionCall({ ...math, functionName: 'sub', args: [wrapped, held] }).staticcall())
        planner.add(functionCall({ address: weth, abi: wethAbi, functionName: 'withdraw', args: [wrapped] }))
      }
      if (deliver) addSweep(planner, { helpers: context.helpers, token: output.token, receiver: params.receiver })
      continue
    }
    // A wallet's own funds stay put: unwrap and deliver exactly what this route produced.
    const parts = producedBy.get(engineToken(output.token)) ?? []
    let total: bigint | ReturnValue | undefined
    for (const part of parts) {
      total = total === undefined ? part : planner.add(functionCall({ ...math, functionName: 'add', args: [total, part] }).staticcall())
    }
    if (total === undefined) continue
    if (isNative(output.token)) planner.add(functionCall({ address: weth, abi: wethAbi, functionName: 'withdraw', args: [total] }))
    if (deliver) addTransfer(planner, { token: output.token, receiver: params.receiver, amount: total })
  }
  if (minAmountsOut) {
    params.outputs.forEach((o, i) => {
      const after = planner.add(functionCall({ ...balanceHelper, functionName: 'balanceOf', args: [o.token, params.receiver] }).staticcall())
      const delta = planner.add(functionCall({ address: context.helpers.math, abi: switchyardMathHelperAbi, functionName: 'sub', args: [after, receiverBefore[i]!] }).staticcall())
      addMinAmountOutCheck(planner, { helpers: context.helpers, amount: delta, minAmountOut: minAmountsOut[i]! })
    })
  }
  if (params.ownsBalances) payFees()
  if (params.ownsBalances && !same(params.refundReceiver, context.self)) {
    const outputs = new Set(params.outputs.map((o) => engineToken(o.token)))
    const swept = new Set<string>()
    for (const input of params.inputs) {
      const token = engineToken(input.token)
      if (outputs.has(token) || swept.has(token)) continue
      swept.add(token)
      // An input spent whole leaves nothing (unless a step declared dust): refunding it would transfer 0,
      // which tokens that revert on a zero transfer refuse (docs/devnet.md, "Weird tokens").
      if (spentWhole.has(token) && !planner.sweepOf(token as Address)) continue
      addSweep(planner, { helpers: context.helpers, token: token as Address, receiver: params.refundReceiver })
    }
    // Intermediates whose steps may leave dust (a rebasing token's share a wrap rounds off) declared a
    // sweep: what is left of them is refunded too, so the executor ends with nothing of any token.
    for (const token of planner.tokensWithSweep) {
      if (outputs.has(token) || swept.has(token)) continue
      swept.add(token)
      addSweep(planner, { helpers: context.helpers, token, receiver: params.refundReceiver })
    }
  }
  return { ...planner.plan(), minAmountsOut }
}
