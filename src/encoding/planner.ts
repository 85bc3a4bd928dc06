import type { Address } from 'viem'
import { InvalidPlannerCallError } from '../errors/encoding.js'
import type { Call } from './call.js'
import { encodePlan } from './encodePlan.js'
import type { EncodablePlanner, PlannedCommand, PlannedCommandKind, PlanReturnType } from './plannedCommand.js'
import { ReturnValue, type StateValue, stateValue } from './value.js'

/**
 * Plans moving the executing contract's whole holding of one token to `receiver`, for tokens whose
 * whole balance a `transfer(balanceOf)` cannot move (see {@link Planner.setSweep}).
 * @returns the handle of the amount moved
 */
export type PlanSweep = (planner: Planner, receiver: Address) => ReturnValue

/**
 * Records weiroll commands and encodes them into `{ commands, state }` (weiroll.js API shape).
 *
 * @example
 * const planner = new Planner()
 * planner.add(functionCall({ address: token, abi: erc20Abi, functionName: 'approve', args: [vault, amount] }))
 * const shares = planner.add(functionCall({ address: vault, abi: vaultAbi, functionName: 'deposit', args: [amount] }))
 * planner.add(functionCall({ address: vault, abi: erc20Abi, functionName: 'transfer', args: [receiver, shares] }))
 * const { commands, state } = planner.plan()
 */
export class Planner implements EncodablePlanner {
  /** The whole state as an argument (`bytes[]`); pass it with a subplan to `addSubplan`. */
  readonly state: StateValue = stateValue
  readonly #commands: PlannedCommand[] = []
  readonly #kept: ReturnValue[] = []
  readonly #sweeps = new Map<string, PlanSweep>()

  /** The commands recorded so far, in order. */
  get commands(): readonly PlannedCommand[] {
    return this.#commands
  }

  /**
   * Appends a call and returns a handle on its result, usable as an argument of later calls.
   * The handle of a call that returns nothing (or several values without `.rawValue()`) cannot be used.
   * @throws {@link InvalidPlannerCallError} when an argument is a subplan (use `addSubplan`)
   */
  add(call: Call): ReturnValue {
    if (call.args.some((a) => a instanceof Planner)) {
      throw new InvalidPlannerCallError({ functionName: call.label, reason: 'subplan arguments need addSubplan' })
    }
    const command = this.push(call, 'call', false, true)
    return command.returnValue!
  }

  /**
   * Appends a call that takes a subplan (`bytes32[]` commands) and `planner.state` (`bytes[]`), e.g. a flash-loan
   * callback runner. When the function returns `bytes[]`, that result replaces the state.
   * @throws {@link InvalidPlannerCallError} unless there is exactly one subplan and one state argument
   */
  addSubplan(call: Call): void {
    const subplans = call.args.filter((a) => a instanceof Planner)
    const states = call.args.filter((a) => a === this.state)
    if (subplans.length !== 1 || states.length !== 1) {
      throw new InvalidPlannerCallError({ functionName: call.label, reason: 'a subplan call takes exactly one subplan and one planner.state' })
    }
    if (subplans[0] === this) throw new InvalidPlannerCallError({ functionName: call.label, reason: 'a planner cannot be its own subplan' })
    const outputs = call.abiFunction?.outputs ?? []
    const returnsState = outputs.length === 1 && outputs[0]!.type === 'bytes[]'
    if (outputs.length !== 0 && !returnsState) {
      throw new InvalidPlannerCallError({ functionName: call.label, reason: 'a subplan call must return bytes[] or nothing' })
    }
    // Tokens a callback brings in are the caller's to sweep afterwards.
    for (const [token, sweep] of (subplans[0] as Planner).#sweeps) if (!this.#sweeps.has(token)) this.#sweeps.set(token, sweep)
    this.push(call, 'subplan', returnsState, false)
  }

  /**
   * Appends a call whose `bytes[]` result replaces the whole state.
   * @throws {@link InvalidPlannerCallError} when the function does not return exactly `bytes[]`
   */
  replaceState(call: Call): void {
    const outputs = call.abiFunction?.outputs ?? []
    if (outputs.length !== 1 || outputs[0]!.type !== 'bytes[]' || call.rawReturn) {
      throw new InvalidPlannerCallError({ functionName: call.label, reason: 'replaceState needs a function returning bytes[]' })
    }
    if (call.args.some((a) => a instanceof Planner)) {
      throw new InvalidPlannerCallError({ functionName: call.label, reason: 'subplan arguments need addSubplan' })
    }
    this.push(call, 'replaceState', true, false)
  }

  /**
   * Declares how this plan moves the whole holding of `token`, when a transfer of the balance would leave
   * dust behind: a rebasing share token (stETH) converts the amount back to shares rounding down, so
   * `transfer(balanceOf(self))` can leave a share, which no later transfer can move. The encoder that
   * brings such a token into the plan declares it; `addSweep` (outputs delivered, leftovers refunded)
   * then uses it. The last declaration for a token wins.
   */
  setSweep(token: Address, sweep: PlanSweep): void {
    this.#sweeps.set(token.toLowerCase(), sweep)
  }

  /** The sweep declared for `token` (any case), if any. */
  sweepOf(token: Address): PlanSweep | undefined {
    return this.#sweeps.get(token.toLowerCase())
  }

  /** Tokens with a declared sweep (lowercase), in declaration order. */
  get tokensWithSweep(): readonly Address[] {
    return [...this.#sweeps.keys()] as Address[]
  }

  /** Handles whose slots are never reused, in `keep` order. */
  get kept(): readonly ReturnValue[] {
    return this.#kept
  }

  /**
   * Pins a root-level handle's state slot: it is never reused, so the final state returned by the VM
   * still holds the value (how a simulation reads any command's result). `plan()` reports the slot.
   * @throws {@link InvalidPlannerCallError} when the handle is not from this planner's own commands
   */
  keep(handle: ReturnValue): void {
    if (!this.#commands.some((c) => c.returnValue === handle)) throw new InvalidPlannerCallError({ functionName: 'keep', reason: 'the handle is not a root-level result of this planner' })
    if (!this.#kept.includes(handle)) this.#kept.push(handle)
  }

  /**
   * Encodes the recorded commands and their state.
   * @returns {@link PlanReturnType}
   * @throws {@link EncodePlanErrorType}
   */
  plan(): PlanReturnType {
    return encodePlan(this)
  }

  private push(call: Call, kind: PlannedCommandKind, replacesState: boolean, withHandle: boolean): PlannedCommand {
    const command: { -readonly [K in keyof PlannedCommand]: PlannedCommand[K] } = { call, kind, replacesState, returnValue: undefined }
    if (withHandle) command.returnValue = new ReturnValue(returnParameter(call), command)
    this.#commands.push(command)
    return command
  }
}

function returnParameter(call: Call): ReturnValue['param'] {
  if (call.rawReturn) return { type: 'bytes' }
  const outputs = call.abiFunction?.outputs ?? []
  return outputs.length === 1 ? outputs[0] : undefined
}

export type { EncodePlanErrorType } from './encodePlan.js'
