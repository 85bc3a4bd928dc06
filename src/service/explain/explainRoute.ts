import type { Address, Hex, PublicClient } from 'viem'
import type { ChainAddressBook } from '../../chain/addressBook.js'
import type { RoutePlan } from '../../engine/tasks/planRoute.js'
import type { FindRouteReturnType } from '../../engine/types.js'
import { findToken } from '../../chain/findToken.js'
import { isNativeAddress, NATIVE_ADDRESS } from '../../schemas/fields.js'
import type { RouteParams } from '../../schemas/routeRequest.js'
import type { AccountOverride, SimulatedLog, SimulatedSetupCall } from '../../simulate/simulateTransaction.js'
import type { QuoteStore } from './createQuoteStore.js'
import { quoteIdOf } from './createQuoteStore.js'
import { blockHashOf } from './blockHashOf.js'
import { decodePlan } from './decodePlan.js'
import { explainCandidates } from './explainCandidates.js'
import { explainSteps, type PlannedStep } from './explainSteps.js'
import { gasOfLogIn, withCommandGas, type CommandGas } from './traceCommandGas.js'
import type { Explanation } from './explanation.js'

/** What the route's simulation used and saw, kept when the request asked to explain. */
export type RouteSimulationRecord = {
  logs: SimulatedLog[]
  overrides?: Record<Address, AccountOverride> | undefined
  setup?: SimulatedSetupCall[] | undefined
  /** The call trace of the simulated transaction (gas per command), taken beside the simulation. */
  traced: CommandGas | { note: string }
}

/** Parameters of {@link explainRoute}. */
export type ExplainRouteParameters = {
  client: Pick<PublicClient, 'getBlock' | 'request'>
  quotes: QuoteStore | undefined
  params: RouteParams
  book: ChainAddressBook
  snapshot: { version: string; blockNumber: bigint; timestamp?: bigint | undefined }
  route: FindRouteReturnType
  plan: RoutePlan
  /** The contract running the plan: the executor, or the wallet under a delegate strategy. */
  self: Address
  /** The answer's transaction (as sent: `to` is the router, or the wallet's delegate). */
  tx: { from: Address; to: Address; data: Hex; value: bigint }
  /** The simulated transaction's target (the wallet itself under a delegate strategy). */
  simulatedTo: Address
  fees: readonly bigint[]
  amountsOut: readonly bigint[]
  simulation: RouteSimulationRecord
}

/** The planned steps in execution order: a wrap per native input, the engine's steps path by path, an unwrap per native output. */
export function plannedStepsOf(route: FindRouteReturnType, params: RouteParams, p: { weth: Address; fees: readonly bigint[] }): PlannedStep[] {
  const steps: PlannedStep[] = []
  params.tokenIn.forEach((t, i) => {
    const amount = params.amountIn[i]! - (p.fees[i] ?? 0n)
    if (isNativeAddress(t)) steps.push({ protocol: 'wrapped-native', action: 'deposit', pool: p.weth, tokenIn: NATIVE_ADDRESS, tokenOut: p.weth, estimatedAmountIn: amount, estimatedAmountOut: amount })
  })
  route.paths.forEach((path, leg) => {
    for (const s of path.steps) steps.push({ protocol: s.protocol, action: s.action, pool: s.primary, tokenIn: s.tokenIn as Address, tokenOut: s.tokenOut as Address, estimatedAmountIn: s.amountIn, estimatedAmountOut: s.amountOut, leg })
  })
  params.tokenOut.forEach((t) => {
    if (!isNativeAddress(t)) return
    const wrapped = route.amountsOut.find((a) => a.token === p.weth.toLowerCase())?.amount ?? 0n
    steps.push({ protocol: 'wrapped-native', action: 'redeem', pool: p.weth, tokenIn: p.weth, tokenOut: NATIVE_ADDRESS, estimatedAmountIn: wrapped, estimatedAmountOut: wrapped })
  })
  return steps
}

/**
 * The explanation of a route answer: the simulated block and its hash, the steps with the amounts the
 * simulation's logs show, the decoded plan, the engine's candidates and why the winner won; and the
 * answer kept under its `quoteId` for replay.
 */
export async function explainRoute(p: ExplainRouteParameters): Promise<Explanation> {
  const { params, book, route } = p
  const { traced } = p.simulation
  const blockHash = await blockHashOf(p.client, p.snapshot)
  const amountsOut = p.amountsOut.map(String)
  const quoteId = quoteIdOf({ request: { ...params, fromAddressAsSent: undefined }, chainId: params.chainId, blockHash, tx: { to: p.tx.to, data: p.tx.data, value: p.tx.value.toString() }, amountsOut })
  const steps = explainSteps({
    steps: plannedStepsOf(route, params, { weth: book.weth, fees: p.fees }),
    logs: p.simulation.logs,
    self: p.self,
    payees: [params.receiver, params.refundReceiver, ...(params.feeReceiver ? [params.feeReceiver] : [])].filter((a) => a.toLowerCase() !== p.self.toLowerCase()),
    gasOfLog: gasOfLogIn(traced),
  })
  const { plan, notes } = withCommandGas(decodePlan({ commands: p.plan.commands, state: p.plan.state }), traced)
  const { candidates, winner } = explainCandidates({ candidates: route.candidates ?? [], simulatedAmountOut: p.amountsOut[0], symbolOf: (t) => findToken(book, t)?.symbol })
  await p.quotes?.put({
    quoteId,
    chainId: params.chainId,
    blockNumber: p.snapshot.blockNumber.toString(),
    blockHash,
    ...(p.snapshot.timestamp === undefined ? {} : { parentTimestamp: p.snapshot.timestamp.toString() }),
    tx: { from: p.tx.from, to: p.simulatedTo, data: p.tx.data, value: p.tx.value.toString() },
    receiver: params.receiver,
    tokensOut: [...params.tokenOut],
    amountsOut,
    overrides: p.simulation.overrides,
    setup: p.simulation.setup,
  })
  return {
    quoteId,
    chainId: params.chainId,
    blockNumber: p.snapshot.blockNumber.toString(),
    blockHash,
    steps,
    plan,
    candidates,
    winner,
    ...(notes.length === 0 ? {} : { notes }),
  }
}
