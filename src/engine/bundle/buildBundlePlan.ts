import { type Address, type Hex, getAddress, keccak256, stringToHex } from 'viem'
import { switchyardBalanceHelperAbi, switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { addBalanceOfSelf, addSweep, addTransfer, type SwitchyardHelperAddresses } from '../../encoding/planActions.js'
import { maxStateSlots } from '../../encoding/encodePlan.js'
import { Planner } from '../../encoding/planner.js'
import { ReturnValue } from '../../encoding/value.js'
import { InvalidBundleError } from '../../errors/bundle.js'
import { TooManyStateSlotsError } from '../../errors/encoding.js'
import { BaseError } from '../../errors/base.js'
import { bundleActionsByKey } from '../../protocols/bundleRegistry.js'
import type { BundleActionContext, BundleBridgeLeg, BundleContracts, BundleRouteStep, BundleValue } from '../../protocols/bundle/types.js'
import { checkedAdd } from '../../schemas/checkedAdd.js'
import { isNativeAddress, NATIVE_ADDRESS } from '../../schemas/fields.js'
import type { SearchContext } from '../search/searchContext.js'
import { findRoute, type FindRouteParameters, type FindRouteReturnType } from '../tasks/findRoute.js'
import { encodeBundleRoute } from './encodeBundleRoute.js'
import { applySlippage } from '../../protocols/bundle/applySlippage.js'
import { literalAmount, planMath, planMinimum } from '../../protocols/bundle/planValues.js'

/** One validated action: protocol, action and parsed arguments (plain data). */
export type ParsedBundleAction = { protocol: string; action: string; args: unknown }

/** Parameters of {@link buildBundlePlan}. Plain data: sent to an engine worker. */
export type BuildBundleParameters = {
  chainId: number
  strategy: 'router' | 'delegate'
  /** The executing contract: our executor, or the wallet under the delegate strategy. */
  self: Address
  fromAddress: Address
  receiver: Address
  refundReceiver: Address
  /**
   * The bundle's refundReceiver as its caller gave it (unset: none given). A bridge without its own
   * refundReceiver refunds a failed callback there, else to its receiver (spec).
   */
  bridgeRefundReceiver?: Address | undefined
  helpers: SwitchyardHelperAddresses
  contracts: BundleContracts
  deadline: bigint
  actions: readonly ParsedBundleAction[]
  /** The executing contract's balances before the bundle (lowercase token → amount); empty for our executor. */
  initialBalances: Readonly<Record<string, bigint>>
  /**
   * Outputs of leading actions as a simulation of the bundle's prefix measured them (decimal strings,
   * by top-level action index): they replace build-time estimates that could not be known (a `call`
   * result, a balance a call produced), so later routes can be searched on them.
   */
  knownOutputs?: Readonly<Record<number, readonly string[]>> | undefined
  /** In-plan minimum applied to every routed output under the delegate strategy (no router checks there). */
  delegateSlippageBps: bigint
  /**
   * Leave out the in-plan checks against a quote (routed outputs under delegate, `enso slippage`) of
   * the top-level plan: a measuring build, whose simulation reads the checked amounts from
   * `quotedChecks`.
   */
  measureQuotedMinimums?: boolean | undefined
  /**
   * Measured amounts (decimal strings, by the order of `quotedChecks`) that replace the quotes as the
   * basis of those checks: a transfer tax the engine cannot see makes a quote-based minimum unreachable.
   */
  measuredQuotedAmounts?: Readonly<Record<number, string>> | undefined
  /**
   * Router only: the last spend of each pulled input token, when it is a literal amount, spends
   * `min(amount, what the executor holds)` instead. A transfer tax the engine cannot see (a
   * fee-on-transfer token) delivers less than the router pulled; the service sets this only after
   * the plain plan's simulation reverted.
   */
  spendReceivedInputs?: boolean | undefined
  maxHops: number
  maxSplits: number
  ignoreStandards: readonly string[]
}

/** A plan for one bundle, with what the transaction must bring and deliver. */
export type BuildBundleReturnType = {
  commands: Hex[]
  state: Hex[]
  /** What the executing contract needs besides what it holds: the router pulls it (native: `tx.value`). */
  inputs: { token: Address; amount: bigint }[]
  /** Where each delivered token goes, with the build-time estimate of the amount. */
  deliveries: { token: Address; receiver: Address; estimate: bigint | undefined }[]
  /** Build-time estimates of every action's outputs (decimal strings; null when unknowable). */
  estimates: (string | null)[][]
  /**
   * Where each action's outputs are at execution: a state slot of the final weiroll state (which the
   * router and the delegate return), or a literal known when planning.
   */
  outputs: ({ slot: number } | { literal: string })[][]
  /** Steps for the answer's `route`. */
  route: BundleRouteStep[]
  /** Bridges whose destination callbacks the service builds and encodes into the placeholders. */
  bridges: BundleBridgeLeg[]
  /**
   * The top-level plan's checks against a quote, in plan order: the final-state slot of each checked
   * amount (null when the amount is a literal).
   */
  quotedChecks: ({ slot: number } | null)[]
}

const lower = (a: string) => a.toLowerCase()

/**
 * Builds the weiroll plan of a bundle: each action in order adds its commands through its protocol's
 * declaration, references become state handles (wired at execution time), and the context tracks the
 * executing contract's balances to know what must be pulled and what is delivered. Under the router
 * strategy every token the bundle touched is swept at the end (produced tokens to the receiver, the
 * rest to the refund receiver), so our executor ends empty; under the delegate strategy the wallet keeps
 * its funds and the bundle's net gains go to the receiver when it is another address.
 * Pure: runs in an engine worker over the snapshot's search context.
 * @throws InvalidBundleError, NoRouteError
 */
export function buildBundlePlan(search: SearchContext, params: BuildBundleParameters): BuildBundleReturnType {
  try {
    return buildPasses(search, params)
  } catch (error) {
    // The caller's literals (an `enso call`'s arrays, mostly) filled the VM's state: their bundle, their 400.
    if (error instanceof TooManyStateSlotsError) {
      throw new InvalidBundleError({ code: 'INVALID_ACTION', field: 'actions', message: `the bundle's plan needs more than ${maxStateSlots} state values (the weiroll VM's limit): use fewer distinct literal arguments, or split the bundle` })
    }
    throw error
  }
}

function buildPasses(search: SearchContext, params: BuildBundleParameters): BuildBundleReturnType {
  // Both passes route the same legs: each route is searched once.
  const searched = new Map<string, FindRouteReturnType>()
  const searchRoute = (p: FindRouteParameters): FindRouteReturnType => {
    const key = JSON.stringify(p, (_, v) => (typeof v === 'bigint' ? v.toString() : v))
    let found = searched.get(key)
    if (found === undefined) searched.set(key, (found = findRoute(search, p)))
    return found
  }
  // Pass 1 finds the delegate's net outputs; pass 2 measures them in-plan and delivers exactly them.
  // Under the router, pass 2 (when asked) spends what arrived of each pulled input at its last spend.
  const first = runPass(search, searchRoute, params, [], undefined)
  if (params.strategy === 'router') {
    if (params.spendReceivedInputs !== true || first.lastPulledSpends.size === 0) return first.result
    return runPass(search, searchRoute, params, [], first.lastPulledSpends).result
  }
  if (lower(params.receiver) === lower(params.self)) return first.result
  return runPass(search, searchRoute, params, first.gains, undefined).result
}

/** A literal spend of a pulled token by a top-level action: the one `spendReceivedInputs` replaces. */
type PulledSpend = { token: Address; literal: bigint }

/** How often `literal` appears among parsed arguments (iteratively: arguments may nest). */
function countLiteral(args: unknown, literal: bigint): number {
  let n = 0
  const stack: unknown[] = [args]
  while (stack.length > 0) {
    const v = stack.pop()
    if (v === literal) n++
    else if (Array.isArray(v)) stack.push(...v)
    else if (v !== null && typeof v === 'object') stack.push(...Object.values(v))
  }
  return n
}

function runPass(
  search: SearchContext,
  searchRoute: (p: FindRouteParameters) => FindRouteReturnType,
  params: BuildBundleParameters,
  gains: readonly Address[],
  received: ReadonlyMap<number, PulledSpend[]> | undefined,
): { result: BuildBundleReturnType; gains: Address[]; lastPulledSpends: Map<number, PulledSpend[]> } {
  const planner = new Planner()
  const holdings = new Map<string, bigint>(Object.entries(params.initialBalances).map(([k, v]) => [lower(k), v]))
  const inputs = new Map<string, bigint>()
  const produced = new Set<string>()
  const touched = new Set<string>()
  const unknownSupply = new Set<string>()
  const deliveries = new Map<string, { token: Address; receiver: Address; estimate: bigint | undefined }>()
  // Per token, its last spend when that was a literal amount of a top-level action (null otherwise).
  const lastSpend = new Map<string, { at: number; literal: bigint } | null>()
  const route: BundleRouteStep[] = []
  const bridges: BundleBridgeLeg[] = []
  // Our executor sweeps what it holds at the start too (a bridge callback's delivered tokens).
  if (params.strategy === 'router') for (const key of holdings.keys()) touched.add(key)
  /**
   * `a + b`, or a 400 AMOUNT_TOO_LARGE naming where (the action whose amount pushed the sum past
   * 2^256-1: `actions[2]`, `actions[0].args.callback[1]`) and what the sum is of.
   */
  const sum = (a: bigint, b: bigint, field: string, what: string): bigint => {
    const total = checkedAdd(a, b)
    if (total === undefined) throw new InvalidBundleError({ code: 'AMOUNT_TOO_LARGE', field, message: `${what} add up to more than 2^256-1` })
    return total
  }
  const deliver = (token: Address, receiver: Address, estimate: bigint | undefined, field = 'actions') => {
    const key = `${lower(receiver)}:${lower(token)}`
    const prev = deliveries.get(key)
    const total = prev === undefined ? estimate : prev.estimate === undefined || estimate === undefined ? undefined : sum(prev.estimate, estimate, field, `the amounts of ${getAddress(token)} delivered to ${getAddress(receiver)}`)
    deliveries.set(key, { token: getAddress(token), receiver: getAddress(receiver), estimate: total })
  }
  // Checks against a quote in the top-level plan, in plan order, by checked amount.
  const quotedChecks: (ReturnValue | undefined)[] = []
  const balanceHelper = { address: params.helpers.balance, abi: switchyardBalanceHelperAbi } as const
  const before = new Map(gains.map((t) => [lower(t), planner.add(functionCall({ ...balanceHelper, functionName: 'balanceOfCaller', args: [t] }).staticcall())]))

  /** One list of actions being built: the bundle, or a callback with its own planner and references. */
  type Scope = { planner: Planner; values: BundleValue[][]; path: string; current: number }
  const contextOf = (scope: Scope): BundleActionContext => {
    const at = () => `${scope.path}[${scope.current}]`
    const fail = (code: string, field: string, message: string): never => {
      throw new InvalidBundleError({ code, field: `${at()}.args.${field}`, message })
    }
    const ctx: BundleActionContext = {
      planner: scope.planner,
      chainId: params.chainId,
      self: params.self,
      strategy: params.strategy,
      fromAddress: params.fromAddress,
      receiver: params.receiver,
      bridgeRefundReceiver: params.bridgeRefundReceiver,
      helpers: params.helpers,
      contracts: params.contracts,
      deadline: params.deadline,
      amount(arg) {
        if (typeof arg === 'bigint') {
          const pulled = scope.path === 'actions' ? received?.get(scope.current)?.find((p) => p.literal === arg) : undefined
          if (pulled === undefined) return { kind: 'amount', value: arg, estimate: arg }
          // What a transfer tax left of the pulled amount: never more than asked, never more than held.
          const held = addBalanceOfSelf(scope.planner, { helpers: params.helpers, token: pulled.token })
          return planMath(ctx, 'min', literalAmount(arg), { kind: 'amount', value: held, estimate: arg })
        }
        const value = scope.values[arg.at]?.[arg.index]
        if (value === undefined) return fail('INVALID_REFERENCE', 'useOutputOfCallAt', `action ${arg.at} has no output ${arg.index}`)
        return { ...value, kind: 'amount' }
      },
      condition(arg) {
        if (typeof arg === 'boolean') return { kind: 'bool', value: arg, estimate: arg ? 1n : 0n }
        const value = scope.values[arg.at]?.[arg.index]
        if (value === undefined || value.kind !== 'bool') return fail('INVALID_REFERENCE', 'condition', `action ${arg.at} output ${arg.index} is not a condition`)
        return value
      },
      spend(token, amount) {
        const key = lower(token)
        touched.add(key)
        lastSpend.set(key, scope.path === 'actions' && typeof amount.value === 'bigint' ? { at: scope.current, literal: amount.value } : null)
        const need = amount.estimate ?? 0n
        const have = holdings.get(key) ?? 0n
        if (have >= need) holdings.set(key, have - need)
        // A token an earlier action yields in an amount only execution knows (a call's tokenOut) covers
        // its later spends: nothing is pulled from the sender for it.
        else if (unknownSupply.has(key)) holdings.set(key, 0n)
        else {
          holdings.set(key, 0n)
          inputs.set(key, sum(inputs.get(key) ?? 0n, need - have, at(), `the amounts of ${isNativeAddress(token) ? 'the native coin' : getAddress(token)} the sender must bring`))
        }
      },
      produce(token, amount, to, options) {
        const key = lower(token)
        const toSelf = to === undefined || lower(to) === lower(params.self)
        if (options?.nonFungible === true) {
          // An NFT has no ERC-20 transfer to sweep it with: a wallet keeps it (and it is reported there),
          // our executor must never hold one.
          if (toSelf && params.strategy === 'router') fail('NFT_TO_EXECUTOR', 'receiver', 'an NFT sent to our executor would stay there: give a receiver that keeps it')
          deliver(token, to ?? params.self, amount.estimate, at())
          return
        }
        if (toSelf) {
          touched.add(key)
          produced.add(key)
          if (amount.estimate === undefined) unknownSupply.add(key)
          holdings.set(key, sum(holdings.get(key) ?? 0n, amount.estimate ?? 0n, at(), `the amounts of ${getAddress(token)} the executing contract holds`))
        } else deliver(token, to, amount.estimate, at())
      },
      held: (token) => holdings.get(lower(token)) ?? 0n,
      route: (p) => encodeBundleRoute(ctx, searchRoute, { ...p, maxHops: p.maxHops ?? params.maxHops, maxSplits: params.maxSplits, ignoreStandards: [...params.ignoreStandards, ...(p.ignoreStandards ?? [])], delegateSlippageBps: params.delegateSlippageBps, report: (s) => route.push(s) }),
      pools: (slug) => search.graph.pools.filter((p) => p.adapter.slug === slug).map((p) => p.snapshot),
      report: (step) => route.push(step),
      fail,
      callback(actions) {
        const sub: Scope = { planner: new Planner(), values: [], path: `${scope.path}[${scope.current}].args.callback`, current: 0 }
        runActions(sub, actions as readonly ParsedBundleAction[])
        const { commands, state } = sub.planner.plan()
        return { commands, state }
      },
      bridge(leg) {
        const placeholder = keccak256(stringToHex(`switchyard.bridge-callback:${bridges.length}`))
        bridges.push({ ...leg, placeholder })
        return placeholder
      },
      quotedMinimum(amount, quoted, bps) {
        let basis = quoted
        if (scope.path === 'actions') {
          const k = quotedChecks.length
          quotedChecks.push(amount.value instanceof ReturnValue ? amount.value : undefined)
          if (params.measureQuotedMinimums === true) return amount
          const measured = params.measuredQuotedAmounts?.[k]
          if (measured !== undefined) basis = BigInt(measured)
        }
        const min = applySlippage(basis, bps)
        return planMinimum(ctx, amount, { kind: 'amount', value: min, estimate: min })
      },
    }
    return ctx
  }
  const runActions = (scope: Scope, actions: readonly ParsedBundleAction[]) => {
    const ctx = contextOf(scope)
    actions.forEach((action, i) => {
      scope.current = i
      const definition = bundleActionsByKey.get(`${action.protocol}:${action.action}`)
      // A flash-loan callback's plan travels inside a call's arguments, out of the service's reach.
      if (scope.path !== 'actions' && (action.action === 'bridge' || (action.args as { destinationChainId?: unknown }).destinationChainId !== undefined)) {
        throw new InvalidBundleError({ code: 'BRIDGE_NOT_SUPPORTED', field: `${scope.path}[${i}]`, message: 'a bridge cannot run inside a flash-loan callback; bridge before or after the loan' })
      }
      if (!definition) throw new InvalidBundleError({ code: 'UNKNOWN_ACTION', field: `${scope.path}[${i}]`, message: `unknown action ${action.protocol} ${action.action}` })
      try {
        const built = [...definition.build(ctx, action.args)]
        const known = scope.path === 'actions' ? params.knownOutputs?.[i] : undefined
        scope.values.push(known ? built.map((v, k) => (known[k] === undefined ? v : { ...v, estimate: BigInt(known[k]!) })) : built)
      } catch (error) {
        if (error instanceof BaseError) throw error
        throw new InvalidBundleError({ code: 'INVALID_ACTION', field: `${scope.path}[${i}]`, message: error instanceof Error ? error.message.split('\n')[0]! : String(error) })
      }
    })
  }
  const values: BundleValue[][] = []
  runActions({ planner, values, path: 'actions', current: 0 }, params.actions)

  const netGains: Address[] = []
  if (params.strategy === 'router') {
    // Our executor ends empty: produced tokens go to the receiver, leftovers of inputs to the refund receiver.
    for (const key of touched) {
      const token = getAddress(key)
      const to = produced.has(key) ? params.receiver : params.refundReceiver
      if (lower(to) === lower(params.self)) continue
      addSweep(planner, { helpers: params.helpers, token, receiver: to })
      if (produced.has(key)) deliver(token, to, holdings.get(key))
    }
    // Intermediates that live only inside one action (stETH between a stake and a wrap in a route) and
    // that can leave dust: their encoders declared a sweep, so they go to the refund receiver too.
    if (lower(params.refundReceiver) !== lower(params.self)) {
      for (const token of planner.tokensWithSweep) {
        if (!touched.has(lower(token))) addSweep(planner, { helpers: params.helpers, token: getAddress(token), receiver: params.refundReceiver })
      }
    }
  } else {
    for (const key of produced) {
      if ((holdings.get(key) ?? 0n) > (params.initialBalances[key] ?? 0n)) netGains.push(getAddress(key))
    }
    for (const [key, handle] of before) {
      const after = planner.add(functionCall({ ...balanceHelper, functionName: 'balanceOfCaller', args: [key] }).staticcall())
      const gained = planner.add(functionCall({ address: params.helpers.math, abi: switchyardMathHelperAbi, functionName: 'sub', args: [after, handle] }).staticcall())
      addTransfer(planner, { token: getAddress(key), receiver: params.receiver, amount: gained })
      deliver(getAddress(key), params.receiver, (holdings.get(key) ?? 0n) - (params.initialBalances[key] ?? 0n))
    }
    // What the wallet keeps is an output only when the wallet is the receiver: a share token's rounding
    // (stETH moves shares; 1 wei of a transfer stays behind) left in a wallet that pays another receiver
    // is not delivered to anyone.
    if (before.size === 0 && lower(params.receiver) === lower(params.self)) {
      for (const key of produced) deliver(getAddress(key), params.self, holdings.get(key))
    }
  }

  // Pin every output's slot, so a simulation can read each action's result from the returned state.
  const handles = values.flatMap((outs) => outs.map((v) => v.value).filter((v): v is ReturnValue => v instanceof ReturnValue))
  for (const h of handles) planner.keep(h)
  for (const h of quotedChecks) if (h !== undefined) planner.keep(h)
  const plan = planner.plan()
  const slotOf = new Map(planner.kept.map((h, i) => [h, plan.keptSlots![i]!]))
  // Pulled inputs (never produced here) whose last spend is a literal that its action's arguments name
  // once; only looked for when the caller asks to spend what arrived.
  const lastPulledSpends = new Map<number, PulledSpend[]>()
  for (const key of params.spendReceivedInputs === true ? inputs.keys() : []) {
    const last = lastSpend.get(key)
    if (!last || isNativeAddress(key) || produced.has(key) || unknownSupply.has(key)) continue
    if (countLiteral(params.actions[last.at]?.args, last.literal) !== 1) continue
    lastPulledSpends.set(last.at, [...(lastPulledSpends.get(last.at) ?? []), { token: getAddress(key), literal: last.literal }])
  }
  return {
    gains: netGains,
    lastPulledSpends,
    result: {
      commands: plan.commands,
      state: plan.state,
      outputs: values.map((outs) => outs.map((v) => (v.value instanceof ReturnValue ? { slot: slotOf.get(v.value)! } : { literal: v.value === true ? '1' : v.value === false ? '0' : (v.value as bigint).toString() }))),
      inputs: [...inputs].map(([token, amount]) => ({ token: isNativeAddress(token) ? NATIVE_ADDRESS : getAddress(token), amount })),
      deliveries: [...deliveries.values()],
      estimates: values.map((outs) => outs.map((v) => (v.estimate === undefined ? null : v.estimate.toString()))),
      route,
      bridges,
      quotedChecks: quotedChecks.map((h) => (h === undefined ? null : { slot: slotOf.get(h)! })),
    },
  }
}

