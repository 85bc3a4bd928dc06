import { type Abi, type AbiFunction, type Address, type ContractFunctionName, type Hex, getAddress, isHex, toFunctionSelector } from 'viem'
import { InvalidPlannerCallError } from '../errors/encoding.js'
import { canonicalType } from './abiLayout.js'
import type { ReturnValue, StateValue } from './value.js'

/** How the VM makes a call: the low two flag bits of a command. */
export type CallType = 'call' | 'staticcall' | 'valuecall'

/** An argument of a planned call: a literal (ABI-encodable value), a handle, the state, or a subplan. */
export type PlannerArgument = unknown

/** Fields shared by every {@link Call}. */
type CallFields = {
  /** Contract the VM calls. */
  target: Address
  /** The ABI function; undefined for raw-calldata calls. */
  abiFunction: AbiFunction | undefined
  /** Arguments, one per ABI input. */
  args: readonly PlannerArgument[]
  /** Complete calldata of a raw call (flag 0x20). */
  data: Hex | undefined
  /** CALL, STATICCALL or CALL with value. */
  callType: CallType
  /** Wei sent with a value call: a bigint or a handle. */
  value: bigint | ReturnValue | undefined
  /** Store the raw return data as `bytes` (flag 0x80). */
  rawReturn: boolean
}

/**
 * A planned contract call. Immutable: `withValue`, `staticcall` and `rawValue` return new calls.
 * Build one with {@link functionCall} or {@link rawCall}, then give it to `Planner.add`.
 */
export class Call {
  readonly target: Address
  readonly abiFunction: AbiFunction | undefined
  readonly args: readonly PlannerArgument[]
  readonly data: Hex | undefined
  readonly callType: CallType
  readonly value: bigint | ReturnValue | undefined
  readonly rawReturn: boolean

  constructor(fields: CallFields) {
    this.target = fields.target
    this.abiFunction = fields.abiFunction
    this.args = fields.args
    this.data = fields.data
    this.callType = fields.callType
    this.value = fields.value
    this.rawReturn = fields.rawReturn
    Object.freeze(this)
  }

  /** Human-readable name for errors: the function signature or `raw call to <target>`. */
  get label(): string {
    return this.abiFunction ? formatSignature(this.abiFunction) : `raw call to ${this.target}`
  }

  /**
   * A copy that sends `value` wei (a bigint or the handle of an earlier uint256 result).
   * @throws {@link InvalidPlannerCallError} on a staticcall or a non-payable function
   */
  withValue(value: bigint | ReturnValue): Call {
    if (this.callType === 'staticcall') throw new InvalidPlannerCallError({ functionName: this.label, reason: 'a staticcall cannot send value' })
    if (this.abiFunction && this.abiFunction.stateMutability !== 'payable') {
      throw new InvalidPlannerCallError({ functionName: this.label, reason: 'the function is not payable' })
    }
    if (typeof value === 'bigint' && value < 0n) throw new InvalidPlannerCallError({ functionName: this.label, reason: 'value is negative' })
    return new Call({ ...this.fields(), callType: 'valuecall', value })
  }

  /**
   * A copy made with STATICCALL.
   * @throws {@link InvalidPlannerCallError} when the call already sends value
   */
  staticcall(): Call {
    if (this.callType === 'valuecall') throw new InvalidPlannerCallError({ functionName: this.label, reason: 'a value call cannot be a staticcall' })
    return new Call({ ...this.fields(), callType: 'staticcall' })
  }

  /** A copy whose whole return data is kept as one `bytes` value (needed for several return values). */
  rawValue(): Call {
    return new Call({ ...this.fields(), rawReturn: true })
  }

  private fields(): CallFields {
    return {
      target: this.target,
      abiFunction: this.abiFunction,
      args: this.args,
      data: this.data,
      callType: this.callType,
      value: this.value,
      rawReturn: this.rawReturn,
    }
  }
}

/** Parameters of {@link functionCall}. */
export type FunctionCallParameters<abi extends Abi> = {
  /** Contract to call. */
  address: Address
  /** Its ABI (or the part holding the function). */
  abi: abi
  /** Function name, or full signature such as `swap(address,uint256)` for overloads. */
  functionName: ContractFunctionName<abi> | (string & {})
  /** One argument per input: literals, {@link ReturnValue} handles, `planner.state`, or a subplan. */
  args?: readonly PlannerArgument[] | undefined
}

export type FunctionCallErrorType = InvalidPlannerCallError

/**
 * Builds a CALL of an ABI function for the planner.
 *
 * @example
 * const amount = planner.add(functionCall({ address: helper, abi: balanceAbi, functionName: 'balanceOfCaller', args: [token] }).staticcall())
 * planner.add(functionCall({ address: token, abi: erc20Abi, functionName: 'transfer', args: [receiver, amount] }))
 *
 * @param params - {@link FunctionCallParameters}
 * @returns an immutable {@link Call}
 * @throws {@link FunctionCallErrorType} when the function is missing, ambiguous, or the argument count is wrong
 */
export function functionCall<const abi extends Abi>(params: FunctionCallParameters<abi>): Call {
  const { abi, functionName } = params
  const args = params.args ?? []
  return new Call({
    target: getAddress(params.address),
    abiFunction: abiFunctionOf(abi, functionName, args.length),
    args,
    data: undefined,
    callType: 'call',
    value: undefined,
    rawReturn: false,
  })
}

/** Functions found by ABI, name and argument count: ABIs are module constants, and a plan names the same few functions for every route. */
const functionsByAbi = new WeakMap<Abi, Map<string, AbiFunction>>()

/**
 * The one function of `abi` that `functionName` (a name or a full signature) names with `count` arguments.
 * @throws InvalidPlannerCallError when there is none, or more than one
 */
function abiFunctionOf(abi: Abi, functionName: string, count: number): AbiFunction {
  let found = functionsByAbi.get(abi)
  if (found === undefined) functionsByAbi.set(abi, (found = new Map()))
  const key = `${functionName}#${count}`
  const hit = found.get(key)
  if (hit !== undefined) return hit
  const byName = abi.filter((item): item is AbiFunction => item.type === 'function' && (item.name === functionName || (functionName.includes('(') && formatSignature(item) === functionName)))
  const candidates = byName.filter((item) => item.inputs.length === count)
  if (byName.length === 0) throw new InvalidPlannerCallError({ functionName, reason: 'the ABI has no such function' })
  if (candidates.length === 0) {
    throw new InvalidPlannerCallError({ functionName, reason: `expected ${byName[0]!.inputs.length} arguments, got ${count}` })
  }
  if (candidates.length > 1) throw new InvalidPlannerCallError({ functionName, reason: 'overloaded; pass the full signature' })
  found.set(key, candidates[0]!)
  return candidates[0]!
}

/** Signatures and selectors by ABI item: ABIs are module constants, and a plan asks the same few functions for every route. */
const signatures = new WeakMap<AbiFunction, string>()
const selectors = new WeakMap<AbiFunction, Hex>()

function formatSignature(item: AbiFunction): string {
  let signature = signatures.get(item)
  if (signature === undefined) {
    signature = `${item.name}(${item.inputs.map(canonicalType).join(',')})`
    signatures.set(item, signature)
  }
  return signature
}

/** The 4-byte selector of a call's function (zero for raw calls, whose selector field is unused). */
export function callSelector(call: Call): Hex {
  const item = call.abiFunction
  if (item === undefined) return '0x00000000'
  let selector = selectors.get(item)
  if (selector === undefined) {
    selector = toFunctionSelector(formatSignature(item))
    selectors.set(item, selector)
  }
  return selector
}

/** Parameters of {@link rawCall}. */
export type RawCallParameters = {
  /** Address called. */
  address: Address
  /** Complete calldata; `0x` sends plain native coin (reaches `receive`). */
  data: Hex
}

/**
 * Builds a call whose calldata is given verbatim (flag 0x20), e.g. a native transfer:
 * `rawCall({ address: receiver, data: '0x' }).withValue(amount)`.
 * @param params - {@link RawCallParameters}
 * @returns an immutable {@link Call}
 * @throws {@link InvalidPlannerCallError} when `data` is not hex
 */
export function rawCall(params: RawCallParameters): Call {
  if (!isHex(params.data, { strict: true }) || params.data.length % 2 !== 0) {
    throw new InvalidPlannerCallError({ functionName: `raw call to ${params.address}`, reason: 'data must be 0x-prefixed whole bytes' })
  }
  return new Call({
    target: getAddress(params.address),
    abiFunction: undefined,
    args: [],
    data: params.data,
    callType: 'call',
    value: undefined,
    rawReturn: false,
  })
}

/** Re-exported for typing subplan arguments. */
export type { ReturnValue, StateValue }
