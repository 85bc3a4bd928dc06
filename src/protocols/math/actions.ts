import { z } from 'zod'
import { amountArg } from '../bundle/args.js'
import { planMath, type MathOperation } from '../bundle/planValues.js'
import { defineBundleAction } from '../bundle/types.js'

const operations: { op: MathOperation; what: string }[] = [
  { op: 'add', what: 'amountA + amountB (reverts on overflow)' },
  { op: 'sub', what: 'amountA − amountB (reverts below zero)' },
  { op: 'mul', what: 'amountA × amountB (reverts on overflow)' },
  { op: 'div', what: 'amountA ÷ amountB, rounded down (reverts on zero)' },
  { op: 'min', what: 'the smaller of amountA and amountB' },
  { op: 'max', what: 'the larger of amountA and amountB' },
]

/** `math add|sub|mul|div|min|max`: arithmetic on literals and earlier outputs, folded when both are literals. */
export const mathActions = operations.map(({ op, what }) =>
  defineBundleAction({
    protocol: 'math',
    action: op,
    description: `Output: ${what}`,
    delegateOnly: false,
    args: z.strictObject({ amountA: amountArg, amountB: amountArg }),
    outputs: () => ['amount'],
    build: (ctx, args) => [planMath(ctx, op, ctx.amount(args.amountA), ctx.amount(args.amountB), 'amountB')],
  }),
)
