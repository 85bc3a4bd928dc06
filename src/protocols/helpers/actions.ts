import { z } from 'zod'
import { switchyardCheckHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { amountArg, boolArg } from '../bundle/args.js'
import { planMath } from '../bundle/planValues.js'
import { defineBundleAction, type BundleActionContext, type BundleValue } from '../bundle/types.js'

const check = (ctx: BundleActionContext) => ({ address: ctx.helpers.check, abi: switchyardCheckHelperAbi }) as const

const comparisons = [
  { action: 'isequal', fn: 'isEqual', test: (a: bigint, b: bigint) => a === b, what: 'amountA = amountB' },
  { action: 'islessthan', fn: 'isLessThan', test: (a: bigint, b: bigint) => a < b, what: 'amountA < amountB' },
  { action: 'isequalorlessthan', fn: 'isLessOrEqual', test: (a: bigint, b: bigint) => a <= b, what: 'amountA ≤ amountB' },
  { action: 'isgreaterthan', fn: 'isGreaterThan', test: (a: bigint, b: bigint) => a > b, what: 'amountA > amountB' },
  { action: 'isequalorgreaterthan', fn: 'isGreaterOrEqual', test: (a: bigint, b: bigint) => a >= b, what: 'amountA ≥ amountB' },
] as const

const boolValue = (value: BundleValue['value'], estimate: boolean | undefined): BundleValue => ({
  kind: 'bool', value, estimate: estimate === undefined ? undefined : estimate ? 1n : 0n,
})

/** `helpers is*`: comparisons evaluated at execution time; output: a condition. */
export const comparisonActions = comparisons.map(({ action, fn, test, what }) =>
  defineBundleAction({
    protocol: 'helpers',
    action,
    description: `Output: the condition ${what}, at execution time`,
    delegateOnly: false,
    args: z.strictObject({ amountA: amountArg, amountB: amountArg }),
    outputs: () => ['bool'],
    build(ctx, args) {
      const a = ctx.amount(args.amountA)
      const b = ctx.amount(args.amountB)
      const value = ctx.planner.add(functionCall({ ...check(ctx), functionName: fn, args: [a.value, b.value] }).staticcall())
      return [boolValue(value, a.estimate !== undefined && b.estimate !== undefined ? test(a.estimate, b.estimate) : undefined)]
    },
  }),
)

/** `helpers not`: negates a condition. */
export const notAction = defineBundleAction({
  protocol: 'helpers',
  action: 'not',
  description: 'Output: the negated condition',
  delegateOnly: false,
  args: z.strictObject({ condition: boolArg }),
  outputs: () => ['bool'],
  build(ctx, args) {
    const c = ctx.condition(args.condition)
    const value = ctx.planner.add(functionCall({ ...check(ctx), functionName: 'toggle', args: [c.value] }).staticcall())
    return [boolValue(value, c.estimate === undefined ? undefined : c.estimate === 0n)]
  },
})

/** `helpers check`: reverts the whole transaction unless the condition holds. */
export const checkAction = defineBundleAction({
  protocol: 'helpers',
  action: 'check',
  description: 'Reverts the transaction (CheckFailed) unless condition holds; no output',
  delegateOnly: false,
  args: z.strictObject({ condition: boolArg }),
  outputs: () => [],
  build(ctx, args) {
    ctx.planner.add(functionCall({ ...check(ctx), functionName: 'check', args: [ctx.condition(args.condition).value] }).staticcall())
    return []
  },
})

/** `helpers toggle`: amountA when the condition holds, else amountB. */
export const toggleAction = defineBundleAction({
  protocol: 'helpers',
  action: 'toggle',
  description: 'Output: amountA when condition holds, otherwise amountB (selected at execution time)',
  delegateOnly: false,
  args: z.strictObject({ condition: boolArg, amountA: amountArg, amountB: amountArg }),
  outputs: () => ['amount'],
  build(ctx, args) {
    const c = ctx.condition(args.condition)
    const a = ctx.amount(args.amountA)
    const b = ctx.amount(args.amountB)
    if (typeof c.value === 'boolean') return [c.value ? a : b]
    // c·a + (1−c)·b with c ∈ {0, 1}: a bool word is a uint256 0 or 1.
    const notC: BundleValue = { kind: 'amount', value: ctx.planner.add(functionCall({ ...check(ctx), functionName: 'toggle', args: [c.value] }).staticcall()), estimate: c.estimate === undefined ? undefined : 1n - c.estimate }
    const asAmount: BundleValue = { kind: 'amount', value: c.value, estimate: c.estimate }
    const chosen = planMath(ctx, 'add', planMath(ctx, 'mul', a, asAmount), planMath(ctx, 'mul', b, notC))
    return [chosen]
  },
})

/** Every condition action. */
export const helperActions = [...comparisonActions, notAction, checkAction, toggleAction]
