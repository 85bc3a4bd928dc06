import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { InvalidBundleError } from '../errors/bundle.js'
import { InvalidRequestError } from '../errors/request.js'
import type { BundleActionDefinition } from '../protocols/bundle/types.js'
import { bundleActionsByKey } from '../protocols/bundleRegistry.js'
import { MAX_BUNDLE_ACTIONS, parseBundleRequest } from './bundleRequest.js'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const OTHER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const SPENDER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'

const params = { fromAddress: FROM }
const transfer = (amount: unknown = '1') => ({ protocol: 'erc20', action: 'transfer', args: { token: USDC, receiver: OTHER, amount } })
const approve = { protocol: 'erc20', action: 'approve', args: { token: USDC, spender: OTHER } }
const transferFrom = { protocol: 'erc20', action: 'transferfrom', args: { token: USDC, receiver: OTHER, amount: '5' } }
const add = (amountA: unknown, amountB: unknown = '1') => ({ protocol: 'math', action: 'add', args: { amountA, amountB } })
const isEqual = { protocol: 'helpers', action: 'isequal', args: { amountA: '1', amountB: '1' } }
const check = (condition: unknown) => ({ protocol: 'helpers', action: 'check', args: { condition } })
const ref = (at: number, index?: number) => (index === undefined ? { useOutputOfCallAt: at } : { useOutputOfCallAt: at, index })
const bridge = (extra: Record<string, unknown> = {}, protocol = 'stargate') => ({
  protocol, action: 'bridge', args: { tokenIn: USDC, amountIn: '1000', destinationChainId: 8453, receiver: OTHER, ...extra },
})
const flashloan = (callback: unknown[]) => ({ protocol: 'aave-v3', action: 'flashloan', args: { flashloanToken: WETH, flashloanAmount: '1', callback } })

/** The typed error of a refused bundle. */
function rejection(p: unknown, actions: unknown): InvalidRequestError | InvalidBundleError {
  try {
    parseBundleRequest(p, actions)
  } catch (error) {
    expect(error instanceof InvalidRequestError || error instanceof InvalidBundleError, String(error)).toBe(true)
    return error as InvalidRequestError | InvalidBundleError
  }
  throw new Error('expected the bundle to be refused')
}
const codeOf = (p: unknown, actions: unknown) => rejection(p, actions).code

/** `depth` actions, each the callback of the one before; the innermost has `innermost` as callback. */
function nested(depth: number, innermost: unknown[] = []): unknown[] {
  let list: unknown[] = innermost
  for (let d = 0; d < depth; d++) list = [{ protocol: 'x', action: 'y', args: { callback: list } }]
  return list
}

describe('parseBundleRequest: query parameters', () => {
  test('defaults: chain 1, router, receiver and refund receiver = fromAddress, no spender, slippage 50 bps, quote on', () => {
    expect(parseBundleRequest({ fromAddress: FROM.toLowerCase() }, [transfer()])).toEqual({
      chainId: 1,
      fromAddress: FROM,
      routingStrategy: 'router',
      receiver: FROM,
      spender: undefined,
      refundReceiver: FROM,
      referralCode: undefined,
      ignoreAggregators: [],
      ignoreStandards: [],
      skipQuote: false,
      slippageBps: 50n,
      actions: [{ protocol: 'erc20', action: 'transfer', args: { token: USDC, receiver: OTHER, amount: 1n } }],
    })
  })

  test('every parameter given is passed through', () => {
    const r = parseBundleRequest({
      chainId: 8453, fromAddress: FROM, routingStrategy: 'router-legacy', receiver: OTHER, spender: SPENDER, refundReceiver: SPENDER, referralCode: 'r',
      ignoreAggregators: ['a'], ignoreStandards: ['b'], skipQuote: true, slippage: '300',
    }, [transfer()])
    expect(r).toMatchObject({
      chainId: 8453, routingStrategy: 'router-legacy', receiver: OTHER, spender: undefined, refundReceiver: SPENDER, referralCode: 'r',
      ignoreAggregators: ['a'], ignoreStandards: ['b'], skipQuote: true, slippageBps: 300n,
    })
    const nulls = parseBundleRequest({ ...params, routingStrategy: null, ignoreAggregators: null, ignoreStandards: null, skipQuote: false }, [transfer()])
    expect(nulls).toMatchObject({ routingStrategy: 'router', ignoreAggregators: [], ignoreStandards: [], skipQuote: false })
  })

  test('delegate strategies: the spender is kept and is the default receiver (else fromAddress); an explicit receiver wins', () => {
    for (const routingStrategy of ['delegate', 'delegate-legacy']) {
      expect(parseBundleRequest({ ...params, routingStrategy, spender: SPENDER }, [transfer()])).toMatchObject({ routingStrategy, receiver: SPENDER, spender: SPENDER })
      expect(parseBundleRequest({ ...params, routingStrategy }, [transfer()])).toMatchObject({ receiver: FROM, spender: undefined })
      expect(parseBundleRequest({ ...params, routingStrategy, spender: SPENDER, receiver: OTHER }, [transfer()])).toMatchObject({ receiver: OTHER, spender: SPENDER })
    }
    for (const routingStrategy of ['router', 'router-legacy']) {
      expect(parseBundleRequest({ ...params, routingStrategy, spender: SPENDER }, [transfer()])).toMatchObject({ receiver: FROM, spender: undefined })
    }
  })

  test('bad parameters: stable codes before the actions are looked at', () => {
    expect(codeOf({}, [transfer()])).toBe('MISSING_FIELD')
    expect(codeOf({ ...params, routingStrategy: 'servicewallet' }, [transfer()])).toBe('INVALID_STRATEGY')
    expect(codeOf({ ...params, slippage: '10001' }, [transfer()])).toBe('INVALID_SLIPPAGE')
    expect(codeOf({ ...params, receiver: '0x0000000000000000000000000000000000000000' }, [transfer()])).toBe('INVALID_RECEIVER')
    expect(codeOf({ ...params, spender: '0x0000000000000000000000000000000000000002' }, [transfer()])).toBe('RECEIVER_IS_PRECOMPILE')
    expect(codeOf({ ...params, refundReceiver: '0x0000000000000000000000000000000000000002' }, [transfer()])).toBe('RECEIVER_IS_PRECOMPILE')
    expect(codeOf({ ...params, referralCode: 'x'.repeat(17) }, [transfer()])).toBe('REFERRAL_TOO_LONG')
    expect(codeOf({ ...params, ignoreAggregators: Array(65).fill('x') }, [transfer()])).toBe('TOO_MANY_ITEMS')
    expect(codeOf({ ...params, ignoreStandards: ['x'.repeat(65)] }, [transfer()])).toBe('INVALID_ARGUMENT')
    expect(codeOf({ ...params, skipQuote: 'yes' }, [transfer()])).toBe('INVALID_TYPE')
    // executionMode: the OpenAPI's enum is accepted (issue 24 item 14); both modes build the same bundle.
    for (const executionMode of ['user', 'backend']) expect(parseBundleRequest({ ...params, executionMode }, [transfer()])).toEqual(parseBundleRequest(params, [transfer()]))
    expect(codeOf({ ...params, executionMode: 'relayer' }, [transfer()])).toBe('INVALID_ARGUMENT')
    expect(codeOf({ ...params, executionModes: 'user' }, [transfer()])).toBe('UNKNOWN_FIELD')
    expect(codeOf({ ...params, chainId: 0 }, 'not even an array')).toBe('UNSUPPORTED_CHAIN')
  })
})

describe('parseBundleRequest: size and depth bounds (before any schema runs)', () => {
  test('actions must be a non-empty array', () => {
    const notArray = rejection(params, { protocol: 'erc20' })
    expect(notArray).toBeInstanceOf(InvalidRequestError)
    expect(notArray.code).toBe('INVALID_TYPE')
    expect(notArray.message).toBe('actions: the body must be a JSON array of actions')
    expect((notArray as InvalidRequestError).issues).toEqual([{ field: 'actions', reason: 'not an array' }])
    const empty = rejection(params, [])
    expect(empty).toBeInstanceOf(InvalidBundleError)
    expect(empty.code).toBe('MISSING_FIELD')
    expect((empty as InvalidBundleError).field).toBe('actions')
    expect(empty.message).toContain('actions: a bundle needs at least one action')
  })

  test('at most 10 actions, counting those inside callbacks (TOO_MANY_ACTIONS)', () => {
    expect(MAX_BUNDLE_ACTIONS).toBe(10)
    expect(parseBundleRequest(params, Array(10).fill(transfer())).actions).toHaveLength(10)
    const many = rejection(params, Array(11).fill(transfer()))
    expect(many.code).toBe('TOO_MANY_ACTIONS')
    expect(many.message).toContain('actions: a bundle holds at most 10 actions, counting actions inside callbacks')
    // 6 outside + a flash loan holding 4: 11.
    expect(codeOf(params, [...Array(5).fill(transfer()), flashloan(Array(5).fill(transfer()))])).toBe('TOO_MANY_ACTIONS')
    expect(parseBundleRequest(params, [...Array(5).fill(transfer()), flashloan(Array(4).fill(transfer()))]).actions).toHaveLength(6)
    // Two callbacks at the same depth count together.
    expect(codeOf(params, [flashloan(Array(4).fill(transfer())), flashloan(Array(5).fill(transfer()))])).toBe('TOO_MANY_ACTIONS')
  })

  test('callbacks nest at most 10 deep (TOO_DEEP), a hostile 1,000-deep chain included', () => {
    const deep = rejection(params, nested(10))
    expect(deep.code).toBe('TOO_DEEP')
    expect(deep.message).toContain('actions: callbacks nest more than 10 deep')
    expect(codeOf(params, nested(1000))).toBe('TOO_DEEP')
    // Nine levels with an empty innermost callback are within bounds: the (unknown) action is refused later.
    expect(codeOf(params, nested(9))).toBe('UNKNOWN_ACTION')
  })

  test('non-object entries are counted and then refused by shape', () => {
    const e = rejection(params, [null])
    expect(e.code).toBe('INVALID_TYPE')
    expect((e as InvalidRequestError).issues[0]!.field).toBe('actions[0]')
    expect(codeOf(params, [{ protocol: 'erc20', action: 'transfer', args: { ...transfer().args, callback: 'x' } }])).toBe('UNKNOWN_FIELD')
    expect(codeOf(params, [{ protocol: 'erc20', action: 'transfer', args: { ...transfer().args, callback: {} } }])).toBe('UNKNOWN_FIELD')
    expect(codeOf(params, [{ protocol: 'erc20', action: 'transfer' }])).toBe('MISSING_FIELD')
    expect(codeOf(params, [transfer(), 5])).toBe('INVALID_TYPE')
  })
})

describe('parseBundleRequest: actions', () => {
  test('protocol and action names are case-insensitive; arguments parsed by the action\'s own schema', () => {
    const r = parseBundleRequest(params, [{ protocol: 'ERC20', action: 'Transfer', args: { token: USDC.toLowerCase(), receiver: OTHER, amount: 7 } }])
    expect(r.actions).toEqual([{ protocol: 'erc20', action: 'transfer', args: { token: USDC, receiver: OTHER, amount: 7n } }])
  })

  test('action shape errors name the action: actions[i].field, callbacks included', () => {
    const missing = rejection(params, [transfer(), { action: 'transfer', args: {} }])
    expect(missing.code).toBe('MISSING_FIELD')
    expect((missing as InvalidRequestError).issues[0]!.field).toBe('actions[1].protocol')
    const extra = rejection(params, [{ ...transfer(), extra: 1 }])
    expect(extra.code).toBe('UNKNOWN_FIELD')
    expect((extra as InvalidRequestError).issues[0]!.field).toBe('actions[0].extra')
    const inCallback = rejection(params, [transfer(), flashloan([transfer(), { protocol: 'erc20', action: '', args: {} }])])
    expect(inCallback.code).toBe('INVALID_ARGUMENT')
    expect((inCallback as InvalidRequestError).issues[0]!.field).toBe('actions[1].args.callback[1].action')
    expect(codeOf(params, [{ protocol: 'x'.repeat(65), action: 'a', args: {} }])).toBe('INVALID_ARGUMENT')
    expect(codeOf(params, [{ protocol: 'erc20', action: 'transfer', args: [] }])).toBe('INVALID_TYPE')
  })

  test('argument errors name the argument and keep its code: actions[i].args.x, in callbacks too', () => {
    const e = rejection(params, [transfer(), transfer('0')])
    expect(e.code).toBe('INVALID_AMOUNT')
    expect(e.message).toBe('actions[1].args.amount: must be greater than zero')
    expect((e as InvalidRequestError).issues).toEqual([{ field: 'actions[1].args.amount', reason: 'must be greater than zero' }])
    const nestedError = rejection(params, [flashloan([transfer(), { ...approve, args: { token: USDC } }])])
    expect(nestedError.code).toBe('MISSING_FIELD')
    expect(nestedError.message.startsWith('actions[0].args.callback[1].args.spender: ')).toBe(true)
    // An amount is a literal or a reference: a malformed literal is INVALID_AMOUNT (not a bare "Invalid input").
    const leading = rejection(params, [transfer('01')])
    expect(leading.code).toBe('INVALID_AMOUNT')
    expect(leading.message).toBe('actions[0].args.amount: must be a base-10 integer string without sign, spaces or leading zeros')
    expect(codeOf(params, [transfer((2n ** 256n).toString())])).toBe('AMOUNT_TOO_LARGE')
    // An argument present with the wrong type is INVALID_TYPE, not MISSING_FIELD.
    expect(codeOf(params, [{ ...approve, args: { token: USDC, spender: 5 } }])).toBe('INVALID_TYPE')
    const badRef = rejection(params, [transfer(), add({ useOutputOfCallAt: -1 })]) as InvalidRequestError
    expect(badRef.issues.map((i) => i.field)).toEqual(['actions[1].args.amountA.useOutputOfCallAt'])
  })

  test('unknown actions: UNKNOWN_ACTION listing every known action by protocol', () => {
    const e = rejection(params, [transfer(), { protocol: 'erc20', action: 'mint', args: {} }]) as InvalidBundleError
    expect(e.code).toBe('UNKNOWN_ACTION')
    expect(e.field).toBe('actions[1]')
    expect(e.message).toContain('actions[1]: unknown action "erc20 mint"')
    const known = e.metaMessages?.[0] ?? ''
    expect(known.startsWith('Known actions (see GET /api/v1/standards): enso: route, split, merge,')).toBe(true)
    expect(known).toContain('; math: add, sub, mul, div, min, max; ')
    expect(known).toContain('; erc20: approve, transfer, transferfrom; ')
    expect(known).toContain('stargate: bridge; layerzero: bridge; across: bridge')
    expect(known.split('; ').filter((s) => s.startsWith('erc20: '))).toHaveLength(1)
  })

  test('bridges: only stargate, layerzero and across, and only their "bridge" action (BRIDGE_NOT_SUPPORTED)', () => {
    for (const protocol of ['stargate', 'layerzero', 'across', 'Stargate']) {
      expect(parseBundleRequest(params, [bridge({}, protocol)]).actions[0]!.action, protocol).toBe('bridge')
    }
    for (const [protocol, action] of [['ccip', 'bridge'], ['relay', 'bridge'], ['cctp', 'bridge'], ['stargate', 'deposit'], ['across', 'swap'], ['erc20', 'bridge'], ['unknown', 'bridge']]) {
      const e = rejection(params, [{ protocol, action, args: {} }]) as InvalidBundleError
      expect(e.code, `${protocol} ${action}`).toBe('BRIDGE_NOT_SUPPORTED')
      expect(e.field).toBe('actions[0]')
      expect(e.message).toContain(`${protocol} ${action}: switchyard bridges with stargate, layerzero, across (action "bridge")`)
    }
  })

  test('delegate-only actions need a delegate strategy (DELEGATE_ONLY); a bridge callback never runs in the wallet', () => {
    const e = rejection(params, [transferFrom]) as InvalidBundleError
    expect(e.code).toBe('DELEGATE_ONLY')
    expect(e.field).toBe('actions[0]')
    expect(e.message).toContain('erc20 transferfrom acts on positions held by the wallet itself: use routingStrategy "delegate"')
    expect(codeOf({ ...params, routingStrategy: 'router-legacy' }, [transferFrom])).toBe('DELEGATE_ONLY')
    for (const routingStrategy of ['delegate', 'delegate-legacy']) {
      expect(parseBundleRequest({ ...params, routingStrategy }, [transferFrom]).actions[0]!.args).toMatchObject({ amount: 5n })
    }
    // A flash loan's callback runs where the bundle runs: the wallet under delegate.
    expect(parseBundleRequest({ ...params, routingStrategy: 'delegate' }, [flashloan([transferFrom])]).actions).toHaveLength(1)
    expect(codeOf(params, [flashloan([transferFrom])])).toBe('DELEGATE_ONLY')
    // A bridge's callback runs on the destination in our receiver's executor.
    const bridged = rejection({ ...params, routingStrategy: 'delegate' }, [bridge({ callback: [transferFrom] })]) as InvalidBundleError
    expect(bridged.code).toBe('DELEGATE_ONLY')
    expect(bridged.field).toBe('actions[0].args.callback[0]')
  })

  test('delegateOnly may depend on the arguments', () => {
    const key = 'test-only:maybe'
    const definition = {
      protocol: 'test-only', action: 'maybe', description: '', delegateOnly: (args: { wallet: boolean }) => args.wallet,
      args: z.strictObject({ wallet: z.boolean() }), outputs: () => [], build: () => [],
    } as unknown as BundleActionDefinition
    const registry = bundleActionsByKey as Map<string, BundleActionDefinition>
    registry.set(key, definition)
    try {
      expect(parseBundleRequest(params, [{ protocol: 'test-only', action: 'maybe', args: { wallet: false } }]).actions).toHaveLength(1)
      expect(codeOf(params, [{ protocol: 'test-only', action: 'maybe', args: { wallet: true } }])).toBe('DELEGATE_ONLY')
      expect(parseBundleRequest({ ...params, routingStrategy: 'delegate' }, [{ protocol: 'test-only', action: 'maybe', args: { wallet: true } }]).actions).toHaveLength(1)
    } finally {
      registry.delete(key)
    }
  })
})

describe('parseBundleRequest: references to earlier outputs', () => {
  test('a reference to an earlier output of the right kind is parsed to { at, index, kind }', () => {
    const r = parseBundleRequest(params, [transfer(), add(ref(0), ref(0, 0)), isEqual, check(ref(2))])
    expect(r.actions[1]!.args).toEqual({
      amountA: { ref: true, at: 0, index: 0, kind: 'amount' },
      amountB: { ref: true, at: 0, index: 0, kind: 'amount' },
    })
    expect(r.actions[3]!.args).toEqual({ condition: { ref: true, at: 2, index: 0, kind: 'bool' } })
  })

  test('a reference must point backwards within its own list (INVALID_REFERENCE)', () => {
    const self = rejection(params, [transfer(), add(ref(1))]) as InvalidBundleError
    expect(self.code).toBe('INVALID_REFERENCE')
    expect(self.field).toBe('actions[1].args.amountA')
    expect(self.message).toContain('useOutputOfCallAt 1 must point to an earlier action of the same list (< 1)')
    const forward = rejection(params, [add('1', ref(1)), transfer()]) as InvalidBundleError
    expect(forward.field).toBe('actions[0].args.amountB')
    expect(forward.message).toContain('useOutputOfCallAt 1 must point to an earlier action of the same list (< 0)')
    // A callback counts from its own first action: action 0 of the outer list is not visible to callback[0].
    const inner = rejection(params, [transfer(), flashloan([add(ref(0))])]) as InvalidBundleError
    expect(inner.code).toBe('INVALID_REFERENCE')
    expect(inner.field).toBe('actions[1].args.callback[0].args.amountA')
    expect(parseBundleRequest(params, [transfer(), flashloan([transfer(), add(ref(0))])]).actions).toHaveLength(2)
  })

  test('the referenced action must have that output (INVALID_REFERENCE)', () => {
    const none = rejection(params, [approve, add(ref(0))]) as InvalidBundleError
    expect(none.code).toBe('INVALID_REFERENCE')
    expect(none.message).toContain('actions[1].args.amountA: action 0 returns no value')
    const index = rejection(params, [transfer(), add(ref(0, 1))]) as InvalidBundleError
    expect(index.code).toBe('INVALID_REFERENCE')
    expect(index.message).toContain('action 0 returns 1 value(s); index 1 is out of range')
  })

  test('the output must be of the kind the argument needs (INVALID_REFERENCE)', () => {
    const needsCondition = rejection(params, [transfer(), check(ref(0))]) as InvalidBundleError
    expect(needsCondition.code).toBe('INVALID_REFERENCE')
    expect(needsCondition.field).toBe('actions[1].args.condition')
    expect(needsCondition.message).toContain('action 0 output 0 is an amount, but this argument needs a condition')
    const needsAmount = rejection(params, [isEqual, add(ref(0))]) as InvalidBundleError
    expect(needsAmount.code).toBe('INVALID_REFERENCE')
    expect(needsAmount.message).toContain('action 0 output 0 is a condition, but this argument needs an amount')
  })
})

describe('parseBundleRequest: callbackGasLimit', () => {
  test('the bundle-wide limit is the default of every bridge (nested ones too) without its own', () => {
    const r = parseBundleRequest({ ...params, callbackGasLimit: '2000000' }, [
      transfer(), bridge({ callback: [bridge({}, 'across')] }), bridge({ callbackGasLimit: '300000' }, 'across'),
    ])
    expect(r.actions[0]!.args).not.toHaveProperty('callbackGasLimit')
    const outer = r.actions[1]!.args as { callbackGasLimit: bigint; callback: { args: { callbackGasLimit: bigint } }[] }
    expect(outer.callbackGasLimit).toBe(2_000_000n)
    expect(outer.callback[0]!.args.callbackGasLimit).toBe(2_000_000n)
    expect((r.actions[2]!.args as { callbackGasLimit: bigint }).callbackGasLimit).toBe(300_000n)
    // A bridge nested in a flash loan's callback gets it too.
    const inLoan = parseBundleRequest({ ...params, callbackGasLimit: 500_000 }, [flashloan([bridge()])])
    expect(((inLoan.actions[0]!.args as { callback: { args: { callbackGasLimit: bigint } }[] }).callback[0]!.args.callbackGasLimit)).toBe(500_000n)
    expect(parseBundleRequest(params, [bridge()]).actions[0]!.args).not.toHaveProperty('callbackGasLimit')
  })

  test('issue 24 item 9: one code for a bad gas limit, on the bundle and on each bridge: INVALID_GAS_LIMIT from 50,000 to 10,000,000', () => {
    expect((parseBundleRequest({ ...params, callbackGasLimit: 10_000_000 }, [bridge()]).actions[0]!.args as { callbackGasLimit: bigint }).callbackGasLimit).toBe(10_000_000n)
    expect((parseBundleRequest({ ...params, callbackGasLimit: '50000' }, [bridge()]).actions[0]!.args as { callbackGasLimit: bigint }).callbackGasLimit).toBe(50_000n)
    expect((parseBundleRequest(params, [bridge({ callbackGasLimit: 50_000 })]).actions[0]!.args as { callbackGasLimit: bigint }).callbackGasLimit).toBe(50_000n)
    const bad = ['0', 0, '49999', '10000001', 10_000_001, '1e6', '-1', -1, 1.5, '1.5', 'abc', '', ' 1', '0x10', '1234567890', true, null, {}]
    for (const callbackGasLimit of bad) {
      const e = rejection({ ...params, callbackGasLimit }, [bridge()])
      expect(e.code, JSON.stringify(callbackGasLimit)).toBe('INVALID_GAS_LIMIT')
      expect(e.message).toBe('callbackGasLimit: must be an integer from 50000 to 10000000 (gas for the destination callback)')
      expect((e as InvalidRequestError).issues).toEqual([{ field: 'callbackGasLimit', reason: 'must be an integer from 50000 to 10000000 (gas for the destination callback)' }])
      const onAction = rejection(params, [transfer(), bridge({ callbackGasLimit })])
      expect(onAction.code, JSON.stringify(callbackGasLimit)).toBe('INVALID_GAS_LIMIT')
      expect(onAction.message).toBe('actions[1].args.callbackGasLimit: must be an integer from 50000 to 10000000 (gas for the destination callback)')
    }
  })
})
