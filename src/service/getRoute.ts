import type { Address, Hex } from 'viem'
import type { SwitchyardAddresses } from '../contracts/deploySwitchyardContracts.js'
import type { RoutePlan } from '../engine/tasks/planRoute.js'
import type { FindRouteReturnType } from '../engine/types.js'
import { createRequestId } from '../encoding/requestId.js'
import { NoRouteError, RouteRevertedError } from '../errors/engine.js'
import type { CrossChainNotSupportedError, InvalidRequestError } from '../errors/request.js'
import { UnsupportedChainError } from '../errors/request.js'
import { applySlippage } from '../protocols/bundle/applySlippage.js'
import { isNativeAddress } from '../schemas/fields.js'
import { parseRouteRequest, type RouteParams } from '../schemas/routeRequest.js'
import { proveGasLimit } from '../simulate/proveGasLimit.js'
import { simulateTransaction } from '../simulate/simulateTransaction.js'
import { tokenPricesFor } from '../data/tokenPricesFor.js'
import type { ServiceContext } from './context.js'
import { createRouteStrategy } from './createRouteStrategy.js'
import { createSingleFlight } from './createSingleFlight.js'
import { ensureTokensExist } from './ensureTokensExist.js'
import { externalContractsOf } from './externalContractsOf.js'
import { getCrossChainRoute } from './getCrossChainRoute.js'
import { approvalSpendersOf } from './approvalSpendersOf.js'
import { assertUsableAddresses } from './assertUsableAddresses.js'
import { gasPriceInTokens } from './gasPriceInTokens.js'
import { computedBalanceTokensOf } from './computedBalanceTokensOf.js'
import { prepareSenderOverrides } from './prepareSenderOverrides.js'
import type { CallOptions, RouteAnswer } from './types.js'
import { splitIgnoreFilters } from './splitIgnoreFilters.js'
import { withUpstream } from './withUpstream.js'
import { withDelegateSimulator } from './withDelegateSimulator.js'
import { assertServedStrategy } from './route/assertServedStrategy.js'
import { assertRouteTokenClasses } from './route/assertRouteTokenClasses.js'
import { engineTokenOf } from './route/engineTokenOf.js'
import { measureRoute, type MeasureRouteReturnType } from './route/measureRoute.js'
import { missedPlanMinimum } from './missedPlanMinimum.js'
import { gasPriceAt } from './route/gasPriceAt.js'
import { routeCacheKeyOf } from './route/routeCacheKeyOf.js'
import { routeInputsOf } from './route/routeInputsOf.js'
import { routeMinimumsOf } from './route/routeMinimumsOf.js'
import { createRouteGasHints } from './route/routeGasHints.js'
import { simulationMinimumsOf } from './route/simulationMinimumsOf.js'
import { toRouteAnswer } from './route/toRouteAnswer.js'
import { explainRoute, type RouteSimulationRecord } from './explain/explainRoute.js'
import { traceCommandGas } from './explain/traceCommandGas.js'

/** Longest a search may run when the caller set no deadline. */
const MAX_SEARCH_MS = 10_000

/** The expensive part of an answer: search, plan and simulation. */
type RouteComputation = {
  route: FindRouteReturnType
  plan: RoutePlan
  amountsOut: bigint[]
  mins: bigint[]
  /** A gas limit the transaction is proven to succeed with. */
  gasLimit: bigint
  /** With `explain`: the simulation's logs and the overrides it ran under (the engine's candidates are on `route`). */
  simulation?: RouteSimulationRecord | undefined
}

/** What each route shape and family used last: lets one simulation both measure a route and prove its gas limit. */
const gasHints = createRouteGasHints()

/** Per-process cache of computations, keyed by block version and request (single flight). */
const computations = createSingleFlight<RouteComputation>({ max: 2_000, ttl: 60_000, name: 'route' })

export type GetRouteErrorType = InvalidRequestError | UnsupportedChainError | CrossChainNotSupportedError | NoRouteError

/**
 * The route use case: validate → snapshot → search and encode in the worker pool → wrap for the
 * routing strategy → simulate the exact transaction on the snapshot's block → answer with the
 * simulated amounts and gas.
 *
 * @param request - REST-shaped request from either transport
 * @returns the route answer
 * @throws {GetRouteErrorType}
 */
export async function getRoute(ctx: ServiceContext, request: unknown, options: CallOptions & { requireVariableEstimates: boolean }): Promise<RouteAnswer> {
  // A spender naming our router (an approval's spender passed back) names no wallet: dropped here.
  const parsed = parseRouteRequest(request, { requireVariableEstimates: options.requireVariableEstimates, approvalSpenders: approvalSpendersOf(ctx) })
  // Unknown ignore entries (the vendor's slugs) are dropped and reported, never refused.
  const { known, unknown } = splitIgnoreFilters(parsed)
  const params = { ...parsed, ...known }
  const answer = await withUpstream(params.chainId, () => routeFor(ctx, params, options))
  return { ...answer, tx: { ...answer.tx, from: params.fromAddressAsSent }, ...(unknown.length > 0 ? { unknownFilters: unknown } : {}) }
}

async function routeFor(ctx: ServiceContext, params: RouteParams, options: CallOptions): Promise<RouteAnswer> {
  const chain = ctx.chains[params.chainId]
  if (!chain) throw new UnsupportedChainError({ chainId: params.chainId, supported: Object.keys(ctx.chains).map(Number) })
  // Receivers that can never use the tokens (precompiles, our contracts, protocol contracts, the
  // tokens themselves) are refused on every path, cross-chain included.
  assertUsableAddresses(ctx, {
    sender: { field: 'fromAddress', address: params.fromAddress },
    receivers: [
      { field: 'receiver', address: params.receiver },
      { field: 'refundReceiver', address: params.refundReceiver },
      { field: 'feeReceiver', address: params.feeReceiver },
      { field: 'spender', address: params.spender },
    ],
    tokens: [...params.tokenOut, ...params.tokenIn],
  })
  if (params.destinationChainId !== undefined) {
    if (!ctx.chains[params.destinationChainId]) throw new UnsupportedChainError({ chainId: params.destinationChainId, supported: Object.keys(ctx.chains).map(Number), field: 'destinationChainId' })
    return getCrossChainRoute(ctx, params, options)
  }
  assertServedStrategy(params.routingStrategy)
  const book = chain.addressBook
  const sy = book.switchyard as unknown as SwitchyardAddresses | undefined
  if (!sy) throw new NoRouteError({ reason: `no switchyard contracts on chain ${params.chainId}` })
  await ensureTokensExist(chain, [...params.tokenIn, ...params.tokenOut].filter((t) => !isNativeAddress(t)))

  // The engine routes the native coin as the wrapped token; inputs that map to the same token are merged.
  const { fees, engineInputs } = routeInputsOf({ tokenIn: params.tokenIn, amountIn: params.amountIn, feeBps: params.feeBps, weth: book.weth })
  const requestId = createRequestId(params.referralCode === undefined ? {} : { referralCode: params.referralCode })
  const strategy = createRouteStrategy(params, { switchyard: sy, accountId: options.caller.accountId, requestId })

  const engineToken = (t: Address) => engineTokenOf(t, book.weth)
  const snapshot = await ctx.snapshots[params.chainId]!.current()
  // The block's gas price (read once a block, never failing) and the workers' graph of the block are
  // made ready while the token classes are read: one round trip to the node before the search, not two.
  void gasPriceAt(chain, snapshot.version)
  const installed = ctx.engine.setSnapshot(snapshot)
  installed.catch(() => {})
  // Paused tokens and blocklisted holders are refused by name before any search (docs/devnet.md, "Weird tokens").
  await assertRouteTokenClasses(chain.client, { params, blockNumber: snapshot.blockNumber, multicall3: book.multicall3, strategy })
  await installed

  // The transaction this request encoded for its own computation; a computation shared with an
  // identical request (another requestId) is encoded again below.
  let ownTx: { data: Hex; value: bigint } | undefined

  // Identical requests on the same block share one search and one simulation (single flight, then
  // cached for the block): only the requestId differs between their transactions, which moves gas by
  // at most a few hundred units of calldata cost.
  const key = routeCacheKeyOf({ version: snapshot.version, accountId: options.caller.accountId, params })
  const { route, plan, amountsOut, mins, gasLimit, simulation } = await computations(key, compute, { signal: options.signal, deadline: options.deadline, joinOnly: options.joinOnly, shared: ctx.sharedCache })
  const tx = ownTx ?? strategy.encode(mins, plan)

  async function compute(): Promise<RouteComputation> {
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
    const delegate = strategy.kind === 'delegate'
    // What the sender holds does not depend on the route: read it while the engine searches.
    const senderOverrides = prepareSenderOverrides(chain!.client, {
      chainId: params.chainId,
      blockNumber: snapshot.blockNumber,
      stateVersion: snapshot.version,
      computedBalanceTokens: computedBalanceTokensOf(book),
      from: delegate ? strategy.self : params.fromAddress,
      spender: delegate ? undefined : strategy.to,
      inputs: params.tokenIn.map((token, i) => ({ token, amount: params.amountIn[i]! })),
      multicall3: book.multicall3,
    })
    // Awaited after the search; a search that fails first leaves this one to be dropped quietly.
    senderOverrides.catch(() => {})
    const gasPriceInTokenOutWad = gasPriceInTokens(book, { gasPriceWei: await gasPriceAt(chain!, snapshot.version), tokens: params.tokenOut.map(engineToken) as Address[] })
    // A delegate plan checks its minimums inside; `planMinimums` replaces the ones taken from the quote.
    const search = (planMinimums?: readonly bigint[]) => ctx.engine.findRoute(
      {
        version: snapshot.version,
        tokensIn: engineInputs,
        tokensOut: params.tokenOut.map((t) => ({ token: engineToken(t) })),
        maxHops: ctx.maxHops,
        maxSplits: ctx.maxSplits,
        ignoreStandards: params.ignoreStandards,
        ignoreAggregators: params.ignoreAggregators.length > 0,
        // Gas-aware: a split or an extra hop must pay for its gas in output tokens.
        gasPriceInTokenOutWad,
        ...(params.explain === true ? { explain: true } : {}),
        plan: {
          context: {
            self: strategy.self,
            helpers: sy!.helpers,
            contracts: { uniswapV2Router02: book.uniswapV2.router02, uniswapV3SwapRouter02: book.uniswapV3.swapRouter02, balancerVault: book.balancerV2.vault },
            deadline,
          },
          weth: book.weth,
          inputs: params.tokenIn.map((token, i) => ({ token, amount: params.amountIn[i]!, fee: fees[i]! })),
          feeReceiver: params.feeReceiver,
          outputs: params.tokenOut.map((token) => ({ token })),
          receiver: params.receiver,
          refundReceiver: params.refundReceiver,
        ownsBalances: strategy.kind === 'router',
          checkMinAmountOut: strategy.kind === 'delegate' ? { slippageBps: params.slippageBps, minAmountsOut: planMinimums ?? params.minAmountOut } : undefined,
        },
      },
      {
        signal: options.signal,
        // A caller without a deadline still gets a bounded search (THREATS W4: a runaway task is aborted).
        deadline: options.deadline ?? Date.now() + MAX_SEARCH_MS,
      },
    )
    let route = await search()
    if (!route.plan) throw new NoRouteError({ reason: 'the engine returned no plan' })
    let plan = route.plan

    let simulatedMins = simulationMinimumsOf({ planMinimums: plan.minAmountsOut, callerMinimums: params.minAmountOut, outputs: params.tokenOut.length })
    let tx = strategy.encode(simulatedMins, plan)
    const prepared = await senderOverrides
    const { setup } = prepared
    // Simulate the wallet's DELEGATECALL: the wallet's address runs a forwarder to the delegate.
    const overrides = delegate
      ? withDelegateSimulator(prepared.overrides, { wallet: strategy.self, delegate: strategy.to, sender: params.fromAddress, senderBalance: tx.value > 0n ? tx.value : undefined })
      : prepared.overrides
    const run = (t: { data: Hex; value: bigint }, gas?: bigint) =>
      simulateTransaction(chain!.client, {
        blockNumber: snapshot.blockNumber,
        parentTimestamp: snapshot.timestamp,
        tx: { from: params.fromAddress, to: delegate ? strategy.self : strategy.to, data: t.data, value: t.value, gas },
        receiver: params.receiver,
        tokensOut: params.tokenOut,
        multicall3: book.multicall3,
        overrides,
        setup,
        // A caller that went away (or ran out of time) starts no further simulation.
        end: { signal: options.signal, deadline: options.deadline },
        // Only an explanation reads the transaction's logs.
        logs: params.explain === true,
      })
    // A shape seen before runs under the limit its last gas implies, a new shape of a known family under
    // its estimate at the family's gas per unit: success both measures the route and proves that limit. A
    // failure under the guess (out of gas, or a real revert) runs again unlimited.
    const { guess, learn } = gasHints.of({ chainId: params.chainId, strategy: strategy.kind, inputs: params.tokenIn.length, outputs: params.tokenOut.length }, route)
    // Explained: the call trace (gas per command) runs beside the measurement, not after it. It traces
    // the simulated transaction; the final one differs only in the minimums the router checks after the
    // plan, so every command's gas is the same.
    const trace = (t: { data: Hex; value: bigint }) => traceCommandGas(chain!.client, {
      blockNumber: snapshot.blockNumber, parentTimestamp: snapshot.timestamp, overrides, setup, self: strategy.self,
      tx: { from: params.fromAddress, to: delegate ? strategy.self : strategy.to, data: t.data, value: t.value },
    })
    let traced = params.explain === true ? trace(tx) : undefined
    let measured: MeasureRouteReturnType
    try {
      measured = await measureRoute({ run, tx, guess, learn })
    } catch (error) {
      // A delegate plan's own minimum comes from the engine's quote, which cannot see a transfer tax
      // (fee-on-transfer tokens in or out): the plan fails its check although the route works. Measure
      // the route with no minimum, then plan it again with the simulated output less slippage.
      if (!delegate || params.minAmountOut !== undefined || !(error instanceof RouteRevertedError) || !missedPlanMinimum(error.revertData, sy!.helpers.check)) throw error
      const zeros = params.tokenOut.map(() => 0n)
      const unchecked = (await search(zeros)).plan
      if (!unchecked) throw error
      const probe = await measureRoute({ run, tx: strategy.encode(zeros, unchecked), guess: undefined, learn: () => {} })
      simulatedMins = probe.amountsOut.map((a) => applySlippage(a, params.slippageBps))
      route = await search(simulatedMins)
      if (!route.plan) throw error
      plan = route.plan
      tx = strategy.encode(simulatedMins, plan)
      if (traced !== undefined) traced = trace(tx)
      measured = await measureRoute({ run, tx, guess: undefined, learn })
    }
    const { amountsOut } = measured
    const mins = routeMinimumsOf({ delegate, simulated: simulatedMins, callerMinimums: params.minAmountOut, amountsOut, slippageBps: params.slippageBps })
    // `gas` is a limit the final transaction is proven to succeed with (not the gas used, which is net
    // of refunds and too low as a limit).
    // The delegate plan's calldata does not carry the minimums: the simulated transaction is the final one.
    const final = delegate ? tx : strategy.encode(mins, plan)
    const gasLimit = measured.provenLimit ?? (await proveGasLimit(measured.gasUsed, async (limit) => (await run(final, limit)).status === 'success'))
    ownTx = final

    const simulation = traced !== undefined ? { logs: measured.logs, overrides, setup: setup === undefined ? undefined : [...setup], traced: await traced } : undefined
    return { route, plan, amountsOut, mins, gasLimit, ...(simulation === undefined ? {} : { simulation }) }
  }

  const externalContracts = await externalContractsOf(ctx, {
    plans: [{ chainId: params.chainId, at: { blockNumber: snapshot.blockNumber, version: snapshot.version }, self: strategy.self, commands: plan.commands, state: plan.state }],
  })
  const answer = toRouteAnswer({
    params, book, snapshot, midPrices: tokenPricesFor(snapshot, book), route, fees, amountsOut, mins, gasLimit, tx: { ...tx, to: strategy.to }, externalContracts,
  })
  if (params.explain !== true || simulation === undefined) return answer
  const explanation = await explainRoute({
    client: chain.client, quotes: ctx.quotes, params, book, snapshot, route, plan, self: strategy.self, fees, amountsOut, simulation,
    tx: { from: params.fromAddress, to: strategy.to, data: tx.data, value: tx.value }, simulatedTo: strategy.kind === 'delegate' ? strategy.self : strategy.to,
  })
  return { ...answer, explanation }
}
