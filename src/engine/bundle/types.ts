import type { Address, Hex } from 'viem'
import type { SwitchyardHelperAddresses } from '../../encoding/planActions.js'
import type { BundleBridgeLeg, BundleContracts, BundleRouteStep } from '../../protocols/bundle/types.js'

/** One validated action: protocol, action and parsed arguments (plain data). */
export type ParsedBundleAction = { protocol: string; action: string; args: unknown }

/** Parameters of `buildBundlePlan`. Plain data: sent to an engine worker. */
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
