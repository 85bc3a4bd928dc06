import type { Address } from 'viem'
import { z } from 'zod'
import { InvalidBundleError } from '../errors/bundle.js'
import { InvalidRequestError } from '../errors/request.js'
import { CALLBACK_GAS_LIMIT_RULE, callbackGasLimitOf, collectRefs } from '../protocols/bundle/args.js'
import type { BundleActionDefinition } from '../protocols/bundle/types.js'
import { bridgeProtocols, bundleActions, bundleActionsByKey, servedBridgeProtocols } from '../protocols/bundleRegistry.js'
import { assertJsonDepth } from './assertJsonDepth.js'
import { addressSchema, bpsStringSchema, chainIdSchema, receiverSchema, referralCodeSchema } from './fields.js'
import { MAX_IGNORE_ITEMS, strategySchema, type RoutingStrategy } from './routeRequest.js'
import { walletSpenderOf } from './walletSpenderOf.js'
import { toInvalidRequestError } from './toInvalidRequestError.js'

/** Most actions a bundle may hold, counting actions inside callbacks (spec). */
export const MAX_BUNDLE_ACTIONS = 10

/** The bundle's query parameters, as `EnsoClient.getBundleData` sends them (REST names). */
export const bundleParamsSchema = z.strictObject({
  chainId: chainIdSchema.optional(),
  fromAddress: addressSchema,
  routingStrategy: strategySchema.nullable().optional(),
  receiver: receiverSchema.optional(),
  spender: receiverSchema.optional(),
  refundReceiver: receiverSchema.optional(),
  referralCode: referralCodeSchema.optional(),
  ignoreAggregators: z.array(z.string().max(64)).max(MAX_IGNORE_ITEMS).nullable().optional(),
  ignoreStandards: z.array(z.string().max(64)).max(MAX_IGNORE_ITEMS).nullable().optional(),
  skipQuote: z.boolean().optional(),
  slippage: bpsStringSchema({ max: 10_000, code: 'INVALID_SLIPPAGE' }).optional(),
  // Any bad value is INVALID_GAS_LIMIT (parseCallbackGasLimit), whatever its type.
  callbackGasLimit: z.unknown().meta({ type: ['string', 'integer'] }).optional(),
  // The OpenAPI's enum. Both build the same answer here: the transaction fromAddress sends, simulated
  // as sent by it; switchyard has no backend that executes shortcuts (README "Bundles").
  executionMode: z.enum(['user', 'backend']).optional(),
  // Issue 25: add the answer's `explanation` (steps as simulated, decoded plan, per-chain legs).
  explain: z.boolean().optional(),
})

const actionShape = z.strictObject({
  protocol: z.string().min(1).max(64),
  action: z.string().min(1).max(64),
  args: z.record(z.string(), z.unknown()),
})

/** One validated action, its arguments parsed (references resolved to indices, amounts to bigint). */
export type BundleActionParams = { protocol: string; action: string; args: unknown }

/** Validated, normalised bundle parameters: what the service works with. */
export type BundleParams = {
  chainId: number
  fromAddress: Address
  routingStrategy: RoutingStrategy
  receiver: Address
  spender: Address | undefined
  refundReceiver: Address
  /**
   * The refundReceiver as the caller gave it: where a failed bridge callback refunds when the bridge
   * action names no refundReceiver of its own (else to the action's receiver, per spec).
   */
  refundReceiverGiven: Address | undefined
  referralCode: string | undefined
  ignoreAggregators: string[]
  ignoreStandards: string[]
  skipQuote: boolean
  /** In-plan minimum on routed outputs under the delegate strategy (bps, default 50). */
  slippageBps: bigint
  actions: BundleActionParams[]
  /** Set only when asked: the answer carries an `explanation`. */
  explain?: true | undefined
}

function bundleFail(code: string, field: string, message: string, metaMessages?: string[]): never {
  throw new InvalidBundleError({ code, field, message, metaMessages })
}

/**
 * Counts actions and nesting iteratively (callbacks included) before any schema runs, so a hostile
 * 1,000-deep callback chain is refused in linear time without recursion (THREATS E2, E3).
 */
function checkSize(actions: unknown): void {
  if (!Array.isArray(actions)) {
    throw new InvalidRequestError({ code: 'INVALID_TYPE', message: 'actions: the body must be a JSON array of actions', issues: [{ field: 'actions', reason: 'not an array' }] })
  }
  let count = 0
  const stack: { list: unknown[]; depth: number }[] = [{ list: actions, depth: 1 }]
  while (stack.length > 0) {
    const { list, depth } = stack.pop()!
    if (depth > MAX_BUNDLE_ACTIONS) bundleFail('TOO_DEEP', 'actions', `callbacks nest more than ${MAX_BUNDLE_ACTIONS} deep`)
    for (const action of list) {
      count++
      if (count > MAX_BUNDLE_ACTIONS) bundleFail('TOO_MANY_ACTIONS', 'actions', `a bundle holds at most ${MAX_BUNDLE_ACTIONS} actions, counting actions inside callbacks`)
      const callback = (action as { args?: { callback?: unknown } } | null)?.args?.callback
      if (Array.isArray(callback)) stack.push({ list: callback, depth: depth + 1 })
    }
  }
  if (count === 0) bundleFail('MISSING_FIELD', 'actions', 'a bundle needs at least one action')
}

function knownActions(): string {
  const byProtocol = new Map<string, string[]>()
  for (const a of bundleActions) byProtocol.set(a.protocol, [...(byProtocol.get(a.protocol) ?? []), a.action])
  return [...byProtocol].map(([p, list]) => `${p}: ${list.join(', ')}`).join('; ')
}

/** Parses one action's arguments with its declared schema, reporting fields as `actions[i].args.x`. */
function parseArgs(definition: BundleActionDefinition, args: unknown, at: string): unknown {
  const parsed = definition.args.safeParse(args, { reportInput: true })
  if (parsed.success) return parsed.data
  const prefixed = new z.ZodError(parsed.error.issues.map((issue) => ({ ...issue, path: [...pathOf(at), 'args', ...issue.path] })))
  throw toInvalidRequestError(prefixed)
}

/**
 * Validates one list of actions (the bundle, or a callback): each against its declared schema, with
 * references pointing backwards within the same list. A `callback` argument is itself a list, parsed
 * the same way (its references are its own). Size and depth were bounded before (checkSize).
 */
function parseActionList(actions: unknown[], path: string, delegate: boolean): BundleActionParams[] {
  const outputs: (readonly string[])[] = []
  return actions.map((raw, i) => {
    const at = `${path}[${i}]`
    const shape = actionShape.safeParse(raw, { reportInput: true })
    if (!shape.success) {
      throw toInvalidRequestError(new z.ZodError(shape.error.issues.map((issue) => ({ ...issue, path: [...pathOf(at), ...issue.path] }))))
    }
    const protocol = shape.data.protocol.toLowerCase()
    const action = shape.data.action.toLowerCase()
    if ((action === 'bridge' || bridgeProtocols.includes(protocol)) && !(action === 'bridge' && servedBridgeProtocols.includes(protocol))) {
      bundleFail('BRIDGE_NOT_SUPPORTED', at, `${protocol} ${action}: switchyard bridges with ${servedBridgeProtocols.join(', ')} (action "bridge")`)
    }
    const definition = bundleActionsByKey.get(`${protocol}:${action}`)
    if (!definition) {
      bundleFail('UNKNOWN_ACTION', at, `unknown action "${protocol} ${action}"`, [`Known actions (see GET /api/v1/standards): ${knownActions()}`])
    }
    const args = parseArgs(definition, shape.data.args, at) as Record<string, unknown>
    const delegateOnly = typeof definition.delegateOnly === 'function' ? definition.delegateOnly(args) : definition.delegateOnly
    if (delegateOnly && !delegate) {
      bundleFail('DELEGATE_ONLY', at, `${protocol} ${action} acts on positions held by the wallet itself: use routingStrategy "delegate"`)
    }
    const { callback, ...own } = args
    for (const { path: argPath, ref } of collectRefs(own)) {
      const field = `${at}.args.${argPath}`
      if (ref.at >= i) bundleFail('INVALID_REFERENCE', field, `useOutputOfCallAt ${ref.at} must point to an earlier action of the same list (< ${i})`)
      const kinds = outputs[ref.at]!
      if (ref.index >= kinds.length) {
        bundleFail('INVALID_REFERENCE', field, kinds.length === 0 ? `action ${ref.at} returns no value` : `action ${ref.at} returns ${kinds.length} value(s); index ${ref.index} is out of range`)
      }
      if (kinds[ref.index] !== ref.kind) bundleFail('INVALID_REFERENCE', field, `action ${ref.at} output ${ref.index} is ${kinds[ref.index] === 'bool' ? 'a condition' : 'an amount'}, but this argument needs ${ref.kind === 'bool' ? 'a condition' : 'an amount'}`)
    }
    outputs.push(definition.outputs(args))
    // A bridge's callback runs on the destination in our receiver's executor, never in the wallet.
    const parsedArgs = Array.isArray(callback) ? { ...own, callback: parseActionList(callback, `${at}.args.callback`, action === 'bridge' ? false : delegate) } : args
    return { protocol, action, args: parsedArgs }
  })
}

/** `actions[1].args.callback[0]` as a zod path. */
function pathOf(field: string): (string | number)[] {
  return field.split(/[.[\]]+/).filter((x) => x !== '').map((x) => (/^[0-9]+$/.test(x) ? Number(x) : x))
}

/**
 * Validates a bundle from any transport: its query parameters and its actions, each against its
 * protocol's declared schema; references must point backwards to an output of the right kind; the
 * delegate-only actions need the delegate strategy.
 * @param params - REST-shaped query parameters (or the gRPC request mapped to REST names)
 * @param actions - the JSON array of `{ protocol, action, args }`
 * @param options - `approvalSpenders`: our routers' addresses, lowercase; a delegate `spender` naming one
 *   names no wallet and is dropped (the plan runs in `fromAddress`, the receiver defaults to it)
 * @returns {@link BundleParams}
 * @throws InvalidRequestError (TOO_DEEP first: actions nested past the body limit), InvalidBundleError with a stable code
 */
export function parseBundleRequest(params: unknown, actions: unknown, options: { approvalSpenders?: ReadonlySet<string> | undefined } = {}): BundleParams {
  // Before any schema: zod (an `enso call`'s nested arguments) and JSON.stringify recurse, so a gRPC
  // request's 5,000-deep actions_json would overflow the stack. The REST body guard's limit, here too.
  assertJsonDepth(actions, { field: 'actions' })
  const parsed = bundleParamsSchema.safeParse(params, { reportInput: true })
  if (!parsed.success) throw toInvalidRequestError(parsed.error)
  const p = parsed.data
  checkSize(actions)
  const routingStrategy = p.routingStrategy ?? 'router'
  const delegate = routingStrategy === 'delegate' || routingStrategy === 'delegate-legacy'
  const result = parseActionList(actions as unknown[], 'actions', delegate)
  const spender = delegate ? walletSpenderOf(p.spender, options.approvalSpenders) : undefined
  if (p.callbackGasLimit !== undefined) applyCallbackGasLimit(result, parseCallbackGasLimit(p.callbackGasLimit))
  return {
    chainId: p.chainId ?? 1,
    fromAddress: p.fromAddress,
    routingStrategy,
    receiver: p.receiver ?? spender ?? p.fromAddress,
    spender,
    refundReceiver: p.refundReceiver ?? p.fromAddress,
    refundReceiverGiven: p.refundReceiver,
    referralCode: p.referralCode,
    ignoreAggregators: p.ignoreAggregators ?? [],
    ignoreStandards: p.ignoreStandards ?? [],
    skipQuote: p.skipQuote ?? false,
    slippageBps: p.slippage ?? 50n,
    actions: result,
    ...(p.explain === true ? { explain: true as const } : {}),
  }
}

/** The bundle's `callbackGasLimit` query parameter: see {@link callbackGasLimitOf}. */
function parseCallbackGasLimit(raw: unknown): bigint {
  const limit = callbackGasLimitOf(raw)
  if (limit === undefined) {
    throw new InvalidRequestError({ code: 'INVALID_GAS_LIMIT', message: `callbackGasLimit: ${CALLBACK_GAS_LIMIT_RULE}`, issues: [{ field: 'callbackGasLimit', reason: CALLBACK_GAS_LIMIT_RULE }] })
  }
  return limit
}

/** The bundle-wide callbackGasLimit is the default of every bridge action (nested ones too) that sets none. */
function applyCallbackGasLimit(actions: BundleActionParams[], limit: bigint): void {
  for (const a of actions) {
    const args = a.args as { callbackGasLimit?: bigint; callback?: BundleActionParams[] }
    if (a.action === 'bridge' && args.callbackGasLimit === undefined) args.callbackGasLimit = limit
    if (Array.isArray(args.callback)) applyCallbackGasLimit(args.callback, limit)
  }
}
