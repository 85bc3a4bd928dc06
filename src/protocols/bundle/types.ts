import type { Address } from 'viem'
import type { z } from 'zod'
import type { SwitchyardHelperAddresses } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import type { PoolSnapshotBase } from '../types.js'

/** What a bundle value is: a token amount (uint256) or a condition (bool). */
export type BundleValueKind = 'amount' | 'bool'

/**
 * A reference to an earlier action's output, as parsed from `{ useOutputOfCallAt, index? }`. The
 * argument schema stamps the kind it expects, so references are checked before anything is built.
 */
export type BundleRef = {
  readonly ref: true
  /** Index of the referenced action (in its own action list: a callback counts from its first action). */
  at: number
  /** Which of that action's outputs (0 for single-output actions). */
  index: number
  /** The kind the argument expects. */
  kind: BundleValueKind
}

/** An amount argument: a literal (wei) or a reference. */
export type AmountArg = bigint | BundleRef
/** A condition argument: a literal or a reference. */
export type BoolArg = boolean | BundleRef

/** A value inside the plan: a literal or a planner handle, with its build-time estimate. */
export type BundleValue = {
  kind: BundleValueKind
  /** The value the executing contract uses: a literal or the handle of an earlier command's result. */
  value: bigint | boolean | ReturnValue
  /**
   * Build-time estimate: exact for literals and engine quotes, tracked for balances; undefined when it
   * cannot be known without executing (a `call` result). Route searches and slippage need it.
   */
  estimate: bigint | undefined
  /** The token an amount is of, when known (lets `slippage` and `fee` name their token). */
  token?: Address | undefined
}

/** Contracts of the chain that actions may call, from its address book. Plain data. */
export type BundleContracts = {
  weth: Address
  permit2: Address
  multicall3: Address
  uniswapV2Router02: Address
  uniswapV3SwapRouter02: Address
  uniswapV3PositionManager: Address
  /** Uniswap V4 PositionManager, where the chain has one. */
  uniswapV4PositionManager?: Address | undefined
  balancerVault: Address
  aaveV3Pool?: Address | undefined
  lidoStETH?: Address | undefined
  lidoWstETH?: Address | undefined
  morpho?: Address | undefined
  /** Aave V3's flash-loan premium in bps (`FLASHLOAN_PREMIUM_TOTAL`). */
  aaveV3FlashLoanPremiumBps?: bigint | undefined
  /** Aave V3 RewardsController and the rewards it pays per incentivized token (aToken or debt token). */
  aaveV3Rewards?: { controller: Address; rewards: readonly { token: Address; reward: Address }[] } | undefined
  /** Aerodrome's Router (Base), where the chain has Aerodrome: its `addLiquidity`/`removeLiquidity` serve two-token deposits and redemptions. */
  aerodromeRouter?: Address | undefined
  /** Curve liquidity gauges (LP token, extra reward tokens) and the Minter that pays their CRV. */
  curveGauges?: { minter?: Address | undefined; crv?: Address | undefined; gauges: readonly { address: Address; lpToken: Address; rewardTokens: readonly Address[] }[] } | undefined
  /** Morpho Blue markets of the chain (id and parameters; `lltv` a decimal string). */
  morphoMarkets?: readonly { id: `0x${string}`; loanToken: Address; collateralToken: Address; oracle: Address; irm: Address; lltv: string; symbol?: string | undefined }[] | undefined
  /** Bridges from this chain to the other chains switchyard serves. */
  bridges?: BundleBridges | undefined
}

/** One way a token leaves this chain for another (plain data from the address books, fees read at the snapshot). */
export type BundleBridgeRoute = {
  protocol: 'stargate' | 'across'
  /** The source contract: the Stargate pool, or the Across spoke pool. */
  primary: Address
  /** Source token (0xEeee…EEeE for a native pool). */
  token: Address
  destinationChainId: number
  /** What arrives on the destination (0xEeee…EEeE when native arrives). */
  destinationToken: Address
  /** Stargate: the destination's LayerZero endpoint id. */
  dstEid?: number | undefined
  /** Native messaging fee at the snapshot (Stargate's quoteSend), wei. */
  nativeFee: bigint
  /** Fee taken from the amount, bps (Across: what the relayer keeps; Stargate: the pool's fee). */
  feeBps: bigint
  /** Our SwitchyardBridgeReceiver on the destination (runs callbacks). */
  destinationReceiver: Address
  /** Native token of the source chain wrapped (Across takes native as WETH). */
  wrappedNative?: Address | undefined
  /** The destination's wrapped native token (Across pays it as native ETH to accounts without code). */
  destinationWrappedNative?: Address | undefined
  /** Most the bridge can carry now, in the source token's units (Across: what the relayer holds there), when known. */
  capacity?: bigint | undefined
}

/** Bridges of a chain: our source-side sender, the routes, and the snapshot's clock. */
export type BundleBridges = {
  /** SwitchyardBridgeSender (same address on every chain). */
  sender: Address
  routes: readonly BundleBridgeRoute[]
  /** The snapshot block's timestamp (Across quote timestamps and deadlines). */
  now: bigint
}

/** A bridge whose destination side the service completes after the source plan is built. */
export type BundleBridgeLeg = {
  route: BundleBridgeRoute
  /** Build-time estimate of what enters the bridge. */
  amountIn: bigint | undefined
  /** Who receives the callback's outputs (or the bridged tokens when there is no callback). */
  receiver: Address
  refundReceiver: Address
  /** The callback's actions, validated (references local to it); empty when tokens go straight to the receiver. */
  callback: readonly unknown[]
  /** Gas the callback may use; undefined: sized by the service from the callback's destination simulation. */
  callbackGasLimit: bigint | undefined
  /** Native the destination deliverer must attach to run the callback (nested bridges' fees). */
  callbackValue: bigint
  /** The literal `bytes` the plan carries in place of the encoded callback (when there is one), replaced by the service. */
  placeholder: `0x${string}`
}

/** One route step as the answer's `route` lists it. */
export type BundleRouteStep = {
  action: string
  protocol: string
  primary: Address
  tokenIn: Address[]
  tokenOut: Address[]
  amountIn?: string | undefined
  amountOut?: string | undefined
  /** Chain the step runs on, when it is not the bundle's. */
  chainId?: number | undefined
  /** Bridge steps: where the tokens leave from and arrive. */
  sourceChainId?: number | undefined
  destinationChainId?: number | undefined
}

/** Parameters of {@link BundleActionContext.route}. */
export type BundleRouteParameters = {
  tokenIn: Address
  tokenOut: Address
  amountIn: BundleValue
  /** Only these adapters (slugs) may be used; all when omitted. */
  onlyProtocols?: readonly string[] | undefined
  /** Protocol slugs or standards to leave out. */
  ignoreStandards?: readonly string[] | undefined
  /** Only these pools (lowercase addresses) may be used; all when omitted. */
  onlyPools?: readonly string[] | undefined
  /** Longest path; the bundle's default when omitted. */
  maxHops?: number | undefined
  /** In-plan minimum for the output, checked after the route runs. */
  minAmountOut?: BundleValue | undefined
  /** In-plan minimum as `estimate × (1 − bps)`; ignored when `minAmountOut` is given. */
  slippageBps?: bigint | undefined
  /** Where the output goes; the executing contract when omitted. */
  receiver?: Address | undefined
  /** Protocol slug to report in the answer's route (the action's protocol). */
  reportAs?: string | undefined
}

/**
 * What an action's `build` may use. One context per bundle; it tracks the executing contract's
 * balances (estimates), what must be pulled from the sender, and what is delivered to whom.
 * Pure: every method runs inside an engine worker.
 */
export type BundleActionContext = {
  readonly planner: Planner
  readonly chainId: number
  /** The contract executing the plan: our executor (router strategy) or the user's wallet (delegate). */
  readonly self: Address
  readonly strategy: 'router' | 'delegate'
  /** The bundle's sender. */
  readonly fromAddress: Address
  /** The bundle's receiver (defaults to the sender). */
  readonly receiver: Address
  /**
   * The bundle's refundReceiver as the caller gave it, or undefined: a bridge that names none refunds a
   * failed callback here, and to its own receiver when this is undefined too (spec).
   */
  readonly bridgeRefundReceiver: Address | undefined
  readonly helpers: SwitchyardHelperAddresses
  readonly contracts: BundleContracts
  /** Unix deadline for periphery calls that take one. */
  readonly deadline: bigint
  /** Resolves an amount argument into a plan value (references become handles). */
  amount(arg: AmountArg): BundleValue
  /** Resolves a condition argument. */
  condition(arg: BoolArg): BundleValue
  /** Records that the executing contract spends `amount` of `token` (native = 0xEeee…EEeE). */
  spend(token: Address, amount: BundleValue): void
  /**
   * Records that `amount` of `token` arrived at `to` (the executing contract when omitted). A
   * `nonFungible` token (an NFT, counted 1 per item) is only reported as delivered: it is never swept
   * or counted as a gain with ERC-20 transfers, and our executor refuses to keep one.
   */
  produce(token: Address, amount: BundleValue, to?: Address | undefined, options?: { nonFungible?: boolean | undefined }): void
  /** Current estimate of the executing contract's balance of `token`. */
  held(token: Address): bigint
  /**
   * Finds the best route with the engine on the bundle's snapshot, adds its commands (wrapping and
   * unwrapping native coin as needed) and returns the output value. Spends and produces are recorded.
   * @throws NoRouteError when nothing connects the tokens under the filters
   */
  route(parameters: BundleRouteParameters): BundleValue
  /** Snapshots of the adapter `slug`'s pools, vaults or markets on the bundle's block. */
  pools(slug: string): readonly PoolSnapshotBase[]
  /** Adds a step to the answer's `route`. */
  report(step: BundleRouteStep): void
  /** Throws a clear 400 about one argument of the current action. */
  fail(code: string, field: string, message: string): never
  /**
   * Builds a callback's actions (already validated; references local to the callback) into a separate
   * plan that runs in the same executing contract, e.g. inside a flash loan; balances are tracked across.
   */
  callback(actions: readonly unknown[]): { commands: `0x${string}`[]; state: `0x${string}`[] }
  /**
   * Registers a bridge whose destination side (a callback bundle on another chain) the service builds
   * later; returns the placeholder `bytes` the plan passes where the encoded callback goes.
   */
  bridge(leg: Omit<BundleBridgeLeg, 'placeholder'>): `0x${string}`
  /**
   * Adds an in-plan check that `amount` is at least `quoted` less `bps` (reverts `MinAmountOutNotMet`)
   * and returns `amount`. The builder may take the basis from a measuring simulation instead of the
   * quote (a transfer tax the engine cannot see), or leave the check out while measuring.
   */
  quotedMinimum(amount: BundleValue, quoted: bigint, bps: bigint): BundleValue
}

/**
 * One bundle action kind, declared by the protocol that offers it. `build` adds the action's commands
 * to the plan and returns its outputs, which later actions may reference by index.
 */
export type BundleActionDefinition<TArgs = any> = {
  /** Protocol slug as clients send it (`enso`, `erc20`, `uniswap-v2`, `aave-v3`, …). */
  protocol: string
  /** Action name, lowercase (`route`, `swap`, `deposit`, `borrow`, …). */
  action: string
  /** One line for `/actions` and the README. */
  description: string
  /** Only the delegate strategy may run it (positions held by the wallet itself). */
  delegateOnly: boolean | ((args: TArgs) => boolean)
  /** Argument schema: raw JSON in, typed arguments out (references become {@link BundleRef}). */
  args: z.ZodType<TArgs>
  /** Kinds of the outputs, in order; references are checked against them before building. */
  outputs(args: TArgs): readonly BundleValueKind[]
  /** Adds the commands and returns one value per declared output. */
  build(ctx: BundleActionContext, args: TArgs): readonly BundleValue[]
}

/**
 * Declares an action with its argument type inferred from the schema.
 * @param definition - the action
 * @returns the same definition
 */
export function defineBundleAction<TSchema extends z.ZodType>(
  definition: Omit<BundleActionDefinition<z.output<TSchema>>, 'args'> & { args: TSchema },
): BundleActionDefinition<z.output<TSchema>> {
  return definition as BundleActionDefinition<z.output<TSchema>>
}
