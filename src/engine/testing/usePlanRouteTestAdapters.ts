/**
 * Test support: protocol adapters that plan swaps through the fixed-rate pools of `mockRouteChain.ts`,
 * registered for the tests of one file.
 */
import { afterAll, beforeAll } from 'vitest'
import { functionCall } from '../../encoding/call.js'
import { addBalanceOfSelf, addTransfer } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import { protocolAdaptersBySlug } from '../../protocols/registry.js'
import type { AnyProtocolAdapter, EncodeStepContext, EncodeStepParameters } from '../../protocols/types.js'
import { mockPoolAbi } from './mockRouteChain.js'
import { lower } from './planRouteAccounts.js'

function encodeSwap(planner: Planner, _context: EncodeStepContext, step: EncodeStepParameters) {
  return planner.add(functionCall({ address: step.primary, abi: mockPoolAbi, functionName: 'swap', args: [step.tokenIn, step.tokenOut, step.amountIn] }))
}

/**
 * Registers three adapters before the file's tests and removes them after: `test-swap` (a plain swap),
 * `test-sweeping` (a swap whose output token declares its own sweep, like stETH) and `test-no-encoder`.
 * @returns the tokens `test-sweeping`'s sweeps were run for, in order (tests may empty it)
 */
export function usePlanRouteTestAdapters(): string[] {
  const sweeps: string[] = []
  const testAdapters = [
    { slug: 'test-swap', encode: encodeSwap },
    {
      slug: 'test-sweeping',
      encode(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters) {
        planner.setSweep(step.tokenOut, (p, receiver) => {
          sweeps.push(lower(step.tokenOut))
          const amount = addBalanceOfSelf(p, { helpers: context.helpers, token: step.tokenOut })
          addTransfer(p, { token: step.tokenOut, receiver, amount })
          return amount
        })
        return encodeSwap(planner, context, step)
      },
    },
    { slug: 'test-no-encoder' },
  ] as unknown as AnyProtocolAdapter[]
  const registry = protocolAdaptersBySlug as Map<string, AnyProtocolAdapter>
  beforeAll(() => {
    for (const a of testAdapters) registry.set(a.slug, a)
  })
  afterAll(() => {
    for (const a of testAdapters) registry.delete(a.slug)
  })
  return sweeps
}
