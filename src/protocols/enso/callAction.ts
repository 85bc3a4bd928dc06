import { type AbiFunction, type Address, parseAbi, parseAbiItem } from 'viem'
import { z } from 'zod'
import { functionCall } from '../../encoding/call.js'
import { Planner } from '../../encoding/planner.js'
import { ReturnValue } from '../../encoding/value.js'
import { BaseError } from '../../errors/base.js'
import { addressArg, amountArg, refSchema, tokenArg } from '../bundle/args.js'
import { defineBundleAction, type BundleValueKind } from '../bundle/types.js'
import { toCallArgument, type CallArg } from './toCallArgument.js'

const callArg: z.ZodType<CallArg> = z.lazy(() =>
  z.union([refSchema('amount'), z.string().max(10_000), z.number(), z.boolean(), z.array(callArg).max(64), z.record(z.string().max(128), callArg)]),
)

/** Parses the `abi` argument: one function signature, human-readable (`function f(uint256) returns (uint256)`). */
function parseFunction(abi: string, method: string): AbiFunction | string {
  let item: ReturnType<typeof parseAbiItem>
  try {
    item = parseAbiItem(abi.trim().startsWith('function') ? abi : `function ${abi}`)
  } catch (error) {
    return `not a function signature: ${(error as Error).message.split('\n')[0]}`
  }
  if (item.type !== 'function') return 'must describe a function'
  if (item.name !== method) return `names ${item.name}, but method is ${method}`
  return item
}

const probeAbi = parseAbi(['function probe() view returns (uint256)'])

/** `value` with every planner handle replaced by `stand` (arrays and tuples walked). */
function replaceHandles(value: unknown, stand: ReturnValue): unknown {
  if (value instanceof ReturnValue) return stand
  return Array.isArray(value) ? value.map((v) => replaceHandles(v, stand)) : value
}

/**
 * Plans the call alone, references standing in as one earlier result, and returns why it cannot be
 * planned, if it cannot: a value the encoder refuses, more than 32 argument slots (static arrays and
 * tuples take one per word), more than the VM's state slots. Each value was checked against its type
 * already; this makes sure nothing reaches the bundle's plan that could only fail the whole build.
 */
function unplannable(fn: AbiFunction, { address, values, value }: { address: Address; values: readonly unknown[]; value: bigint | ReturnValue | undefined }): string | undefined {
  const probe = new Planner()
  const stand = probe.add(functionCall({ address, abi: probeAbi, functionName: 'probe' }).staticcall())
  try {
    let call = functionCall({ address, abi: [fn], functionName: fn.name, args: values.map((v) => replaceHandles(v, stand)) })
    if (value !== undefined) call = call.withValue(value instanceof ReturnValue ? stand : value)
    probe.add(call)
    probe.plan()
    return undefined
  } catch (error) {
    return error instanceof BaseError ? error.shortMessage : 'it cannot be encoded'
  }
}

/** Output kinds of a call: one uint256 (amount) or bool return value, else none. */
function callOutputs(abi: string, method: string): readonly BundleValueKind[] {
  const fn = parseFunction(abi, method)
  if (typeof fn === 'string' || fn.outputs.length !== 1) return []
  const type = fn.outputs[0]!.type
  return /^u?int\d*$/.test(type) ? ['amount'] : type === 'bool' ? ['bool'] : []
}

/**
 * `enso call`: calls any contract. Safe by construction under the router strategy: our executor holds
 * no approvals and no funds but this transaction's, so the call can reach nobody else's tokens.
 */
export const ensoCallAction = defineBundleAction({
  protocol: 'enso',
  action: 'call',
  description: 'Calls method of any contract with args (references allowed; a tuple as an array of its components, or an object keyed by their names); output: its uint256/bool return value, if it returns one',
  delegateOnly: false,
  args: z.strictObject({
    address: addressArg,
    method: z.string().min(1).max(128),
    abi: z.string().min(1).max(4_000),
    args: z.array(callArg).max(32),
    tokenIn: tokenArg.optional(),
    tokenOut: tokenArg.optional(),
    value: amountArg.optional(),
  }),
  outputs: (args) => callOutputs(args.abi, args.method),
  build(ctx, args) {
    const fn = parseFunction(args.abi, args.method)
    if (typeof fn === 'string') return ctx.fail('INVALID_ACTION', 'abi', fn)
    if (fn.inputs.length !== args.args.length) ctx.fail('LENGTH_MISMATCH', 'args', `${args.method} takes ${fn.inputs.length} arguments, got ${args.args.length}`)
    const values = fn.inputs.map((param, i) => toCallArgument(ctx, { param, value: args.args[i]!, field: `args[${i}]` }))
    const sent = args.value === undefined ? undefined : ctx.amount(args.value)
    if (sent !== undefined && fn.stateMutability !== 'payable') ctx.fail('INVALID_ACTION', 'value', `${fn.name} is not payable`)
    const why = unplannable(fn, { address: args.address, values, value: sent?.value as bigint | ReturnValue | undefined })
    if (why !== undefined) ctx.fail('INVALID_ACTION', 'args', `${args.method} cannot be planned: ${why}`)
    let call = functionCall({ address: args.address, abi: [fn], functionName: fn.name, args: values })
    if (sent !== undefined) {
      ctx.spend('0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', sent)
      call = call.withValue(sent.value as bigint | ReturnValue)
    } else if (fn.stateMutability === 'view' || fn.stateMutability === 'pure') call = call.staticcall()
    const result = ctx.planner.add(call)
    const kinds = callOutputs(args.abi, args.method)
    if (args.tokenOut !== undefined) ctx.produce(args.tokenOut, { kind: 'amount', value: 0n, estimate: undefined, token: args.tokenOut })
    return kinds.map((kind) => ({ kind, value: result, estimate: undefined }))
  },
})
