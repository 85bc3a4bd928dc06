import { toHex, type Address, type Hex, type PublicClient } from 'viem'
import type { AccountOverride, SimulatedLog, SimulatedSetupCall } from '../../simulate/simulateTransaction.js'

/** One frame of `debug_traceCall`'s `callTracer` (with `withLog`). */
export type CallFrame = {
  type: string
  from: string
  to?: string | undefined
  gasUsed?: string | undefined
  error?: string | undefined
  calls?: CallFrame[] | undefined
  logs?: { address: string; topics?: string[] | undefined; data?: string | undefined }[] | undefined
}

/** What the trace says of the plan's commands: each one's gas, and the logs each one's call emitted. Plain data: one trace may serve several explanations. */
export type CommandGas = {
  /** The plan runner's top-level calls in order: one per weiroll command, then the runner's own checks after the plan (allowance reads). */
  calls: { to: string; gas: bigint }[]
  /** Per call, the keys of the logs its subtree emitted (none when it reverted). */
  logKeys: Set<string>[]
}

const lower = (a: string | undefined) => (a ?? '').toLowerCase()
const keyOf = (log: { address: string; topics?: readonly string[] | undefined; data?: string | undefined }) => `${lower(log.address)}|${(log.topics ?? []).map(lower).join(',')}|${lower(log.data)}`

/**
 * The calls that run the plan's commands: the direct CALL/STATICCALL children of the first frame (in
 * depth-first order) that executes as `self` — a call into `self` (our executor), or a DELEGATECALL
 * made by `self` (a wallet running our delegate) — descending through DELEGATECALLs `self` makes from
 * there (a VM library). Pure.
 */
export function commandCallsOf(root: CallFrame, self: Address): CallFrame[] | undefined {
  const me = lower(self)
  const runsAsSelf = (f: CallFrame) => (f.type === 'DELEGATECALL' ? lower(f.from) === me : lower(f.to) === me)
  const find = (f: CallFrame): CallFrame | undefined => (runsAsSelf(f) ? f : (f.calls ?? []).map(find).find((x) => x !== undefined))
  const found = find(root)
  if (!found) return undefined
  let frame: CallFrame = found
  for (;;) {
    const children: CallFrame[] = frame.calls ?? []
    if (children.length === 1 && children[0]!.type === 'DELEGATECALL' && lower(children[0]!.from) === me) frame = children[0]!
    else return children.filter((c) => lower(c.from) === me && c.type !== 'DELEGATECALL')
  }
}

/** Every log a frame and its subcalls emitted (a reverted frame emits none). */
function logKeysOf(frame: CallFrame, into = new Set<string>()): Set<string> {
  if (frame.error !== undefined) return into
  for (const log of frame.logs ?? []) into.add(keyOf(log))
  for (const call of frame.calls ?? []) logKeysOf(call, into)
  return into
}

/**
 * Gas per weiroll command from a `debug_traceCall` (`callTracer`, with logs) of the answer's transaction
 * under the simulation's state overrides, on the simulation's block (number and time overridden as the
 * simulation did). Returns a note instead when the node refuses the trace, the simulation needed setup
 * calls (a single traced call cannot run them first), or the trace has no frame running as `self`.
 */
export async function traceCommandGas(
  client: Pick<PublicClient, 'request'>,
  p: {
    blockNumber: bigint
    parentTimestamp?: bigint | undefined
    tx: { from: Address; to: Address; data: Hex; value: bigint }
    overrides?: Record<Address, AccountOverride> | undefined
    setup?: readonly SimulatedSetupCall[] | undefined
    self: Address
  },
): Promise<CommandGas | { note: string }> {
  if ((p.setup?.length ?? 0) > 0) return { note: 'gas per step is not measured: the simulation ran setup calls (funding or approvals) first, which a single traced call cannot' }
  let root: CallFrame
  try {
    root = (await client.request({
      method: 'debug_traceCall' as never,
      params: [
        { from: p.tx.from, to: p.tx.to, data: p.tx.data, value: toHex(p.tx.value) },
        toHex(p.blockNumber),
        {
          tracer: 'callTracer',
          tracerConfig: { withLog: true },
          stateOverrides: p.overrides ?? {},
          ...(p.parentTimestamp === undefined ? {} : { blockOverrides: { number: toHex(p.blockNumber + 1n), time: toHex(p.parentTimestamp + 1n) } }),
        },
      ] as never,
    })) as CallFrame
  } catch (error) {
    return { note: `gas per step is not measured: the node refused debug_traceCall (${(error as { shortMessage?: string }).shortMessage ?? String(error)})` }
  }
  const calls = commandCallsOf(root, p.self)
  if (!calls) return { note: 'gas per step is not measured: the call trace shows no frame running the plan' }
  return { calls: calls.map((c) => ({ to: lower(c.to), gas: BigInt(c.gasUsed ?? 0) })), logKeys: calls.map((c) => logKeysOf(c)) }
}

/**
 * The decoded plan with each command's gas: the runner's top-level calls are the commands' calls in
 * order (each weiroll command is one call), followed by the runner's own checks; every one of the
 * first `plan.length` calls must go to its command's target, else no command gets gas and a note says
 * why. The trace's own note when it has one.
 */
export function withCommandGas<C extends { target: string; gas?: string | undefined }>(plan: readonly C[], traced: CommandGas | { note: string }): { plan: C[]; notes: string[] } {
  if ('note' in traced) return { plan: [...plan], notes: [traced.note] }
  const matches = traced.calls.length >= plan.length && plan.every((c, i) => traced.calls[i]!.to === c.target.toLowerCase())
  if (!matches) return { plan: [...plan], notes: [`gas per command is left out: the trace's ${traced.calls.length} top-level calls do not start with the plan's ${plan.length} command targets`] }
  return { plan: plan.map((c, i) => ({ ...c, gas: traced.calls[i]!.gas.toString() })), notes: [] }
}

/**
 * The trace's gas lookup, or nothing when there is no trace: for each log, the gas of the first command
 * call, at or after the last one answered, whose subtree emitted it (same address, topics and data).
 * Steps are asked in execution order; each lookup made here starts from the first command.
 */
export function gasOfLogIn(traced: CommandGas | { note: string }): ((log: SimulatedLog) => string | undefined) | undefined {
  if ('note' in traced) return undefined
  let cursor = 0
  return (log) => {
    const key = keyOf(log)
    const i = traced.logKeys.findIndex((k, j) => j >= cursor && k.has(key))
    if (i < 0) return undefined
    cursor = i
    return traced.calls[i]!.gas.toString()
  }
}
