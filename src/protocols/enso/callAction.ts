import { type AbiFunction, type AbiParameter, parseAbiItem } from 'viem'
import { z } from 'zod'
import { functionCall } from '../../encoding/call.js'
import { addressArg, amountArg, isBundleRef, refSchema, tokenArg } from '../bundle/args.js'
import { defineBundleAction, type BundleActionContext, type BundleRef, type BundleValueKind } from '../bundle/types.js'

type CallArg = string | number | boolean | BundleRef | CallArg[]

const callArg: z.ZodType<CallArg> = z.lazy(() =>
  z.union([refSchema('amount'), z.string().max(10_000), z.number(), z.boolean(), z.array(callArg).max(64)]),
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

/** Converts a JSON argument to the value the ABI type needs (numbers to bigint, nested arrays). */
function toAbiValue(ctx: BundleActionContext, param: AbiParameter, value: CallArg, field: string): unknown {
  if (isBundleRef(value)) {
    if (!/^u?int\d*$/.test(param.type) && param.type !== 'bool') ctx.fail('INVALID_REFERENCE', field, `a reference can only fill an integer or bool parameter, not ${param.type}`)
    return ctx.amount(value).value
  }
  const array = /^(.*)\[(\d*)\]$/.exec(param.type)
  if (array) {
    if (!Array.isArray(value)) ctx.fail('INVALID_TYPE', field, `must be an array for ${param.type}`)
    const inner = { ...param, type: array[1]! } as AbiParameter
    return value.map((v, i) => toAbiValue(ctx, inner, v, `${field}[${i}]`))
  }
  if (param.type === 'tuple') {
    const components = (param as { components: readonly AbiParameter[] }).components
    if (!Array.isArray(value) || value.length !== components.length) ctx.fail('INVALID_TYPE', field, `must be an array of ${components.length} tuple fields`)
    return Object.fromEntries(components.map((c, i) => [c.name ?? String(i), toAbiValue(ctx, c, value[i]!, `${field}[${i}]`)]))
  }
  if (/^u?int\d*$/.test(param.type)) {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
    if (typeof value === 'string' && /^-?(0|[1-9][0-9]{0,77})$/.test(value)) return BigInt(value)
    return ctx.fail('INVALID_TYPE', field, `must be an integer for ${param.type}`)
  }
  if (param.type === 'bool') {
    if (typeof value !== 'boolean') ctx.fail('INVALID_TYPE', field, 'must be a boolean')
    return value
  }
  if (param.type === 'address' || param.type.startsWith('bytes') || param.type === 'string') {
    if (typeof value !== 'string') ctx.fail('INVALID_TYPE', field, `must be a string for ${param.type}`)
    if (param.type !== 'string' && !/^0x([0-9a-fA-F]{2})*$/.test(value)) ctx.fail('INVALID_TYPE', field, `must be 0x-prefixed hex for ${param.type}`)
    return value
  }
  return ctx.fail('INVALID_TYPE', field, `unsupported parameter type ${param.type}`)
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
  description: 'Calls method of any contract with args (references allowed); output: its uint256/bool return value, if it returns one',
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
    const values = fn.inputs.map((param, i) => toAbiValue(ctx, param, args.args[i]!, `args[${i}]`))
    let call = functionCall({ address: args.address, abi: [fn], functionName: fn.name, args: values })
    if (args.value !== undefined) {
      const value = ctx.amount(args.value)
      if (fn.stateMutability !== 'payable') ctx.fail('INVALID_ACTION', 'value', `${fn.name} is not payable`)
      ctx.spend('0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', value)
      call = call.withValue(value.value as bigint)
    } else if (fn.stateMutability === 'view' || fn.stateMutability === 'pure') call = call.staticcall()
    const result = ctx.planner.add(call)
    const kinds = callOutputs(args.abi, args.method)
    if (args.tokenOut !== undefined) ctx.produce(args.tokenOut, { kind: 'amount', value: 0n, estimate: undefined, token: args.tokenOut })
    return kinds.map((kind) => ({ kind, value: result, estimate: undefined }))
  },
})
