/**
 * `planRoute` in a wallet (the delegate strategy), checked by running its plans on the reference VM over the
 * mock chain of `engine/testing/`: the plan spends exactly the route's amounts, delivers exactly what the
 * route produced, and the wallet's own funds stay where they were; in-plan minimums on the receiver's
 * balance change. Plans run by our executor are in `planRoute.test.ts`.
 */
import { describe, expect, test } from 'vitest'
import { handBuiltRoute, routePath } from '../testing/handBuiltRoute.js'
import { AB, AC, AW, CD, type MockRouteChain, newMockRouteChain, WA } from '../testing/mockRouteChain.js'
import { A, B, C, D, EXECUTOR, FEES, lower, NATIVE, RECEIVER, REFUND, TOKENS, WALLET, WETH } from '../testing/planRouteAccounts.js'
import { planRouteParams } from '../testing/planRouteParams.js'
import { usePlanRouteTestAdapters } from '../testing/usePlanRouteTestAdapters.js'
import { planRoute } from './planRoute.js'

usePlanRouteTestAdapters()

describe('planRoute in a wallet (delegate): exact amounts, the wallet\'s own funds stay put', () => {
  const OWN = 10n ** 21n

  /** A wallet that already holds OWN of every token and of the native coin. */
  function walletChain(): MockRouteChain {
    const chain = newMockRouteChain(WALLET)
    for (const t of [...TOKENS, NATIVE]) chain.mint(t, WALLET, OWN)
    return chain
  }

  test('spends exactly the input, delivers exactly what the route produced; fees are paid first', () => {
    const chain = walletChain()
    const r = handBuiltRoute([routePath(chain, A, 495n, [{ pool: AB, to: B }]), routePath(chain, A, 495n, [{ pool: AC, to: C }, { pool: CD, to: D }])], [{ token: A, amount: 990n }], [B, D])
    const plan = planRoute(r, planRouteParams(WALLET, { inputs: [{ token: A, amount: 1000n, fee: 10n }], feeReceiver: FEES, outputs: [{ token: B }, { token: D }] }))
    chain.run(plan)
    expect(chain.holdings(WALLET)).toEqual({ [lower(WETH)]: OWN, [lower(A)]: OWN - 1000n, [lower(B)]: OWN, [lower(C)]: OWN, [lower(D)]: OWN, [lower(NATIVE)]: OWN })
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(B)]: 990n, [lower(D)]: 495n * 55n })
    expect(chain.holdings(FEES)).toEqual({ [lower(A)]: 10n })
    expect(chain.holdings(REFUND)).toEqual({})
    const firstTransfer = chain.log.find((c) => c.fn === 'transfer')!
    expect(lower(firstTransfer.args[0] as string)).toBe(lower(FEES))
    // No whole-balance reads of the wallet's tokens: only the route's amounts move.
    expect(chain.log.filter((c) => c.fn === 'balanceOfCaller')).toEqual([])
  })

  test('several paths into one output are added up; native in and out move only the route\'s coin', () => {
    const chain = walletChain()
    const r = handBuiltRoute([
      routePath(chain, WETH, 400n, [{ pool: WA, to: A }, { pool: AW, to: WETH }]),
      routePath(chain, A, 100n, [{ pool: AW, to: WETH }]),
      routePath(chain, A, 60n, [{ pool: AW, to: WETH }]),
    ], [{ token: WETH, amount: 400n }, { token: A, amount: 160n }], [WETH])
    const plan = planRoute(r, planRouteParams(WALLET, { inputs: [{ token: NATIVE, amount: 400n, fee: 0n }, { token: A, amount: 160n, fee: 0n }], outputs: [{ token: NATIVE }] }))
    chain.run(plan)
    const out = (400n * 7n) / 2n / 4n + 100n / 4n + 60n / 4n
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(NATIVE)]: out })
    expect(chain.holdings(WALLET)).toEqual({ [lower(WETH)]: OWN, [lower(A)]: OWN - 160n, [lower(B)]: OWN, [lower(C)]: OWN, [lower(D)]: OWN, [lower(NATIVE)]: OWN - 400n })
  })

  test('receiver = the wallet: outputs stay in it; an output the route never produced is skipped', () => {
    const chain = walletChain()
    const r = handBuiltRoute([routePath(chain, A, 100n, [{ pool: AB, to: B }])], [{ token: A, amount: 100n }], [B, C])
    chain.run(planRoute(r, planRouteParams(WALLET, { inputs: [{ token: A, amount: 100n, fee: 0n }], outputs: [{ token: B }, { token: C }], receiver: WALLET })))
    expect(chain.holdings(WALLET)).toMatchObject({ [lower(A)]: OWN - 100n, [lower(B)]: OWN + 200n, [lower(C)]: OWN })
    expect(chain.log.filter((c) => c.fn === 'transfer' || c.fn === 'native')).toEqual([])
  })

  test('a fee without a fee receiver is not paid (the caller was refused earlier); a zero fee moves nothing', () => {
    const chain = walletChain()
    const r = handBuiltRoute([routePath(chain, A, 100n, [{ pool: AB, to: B }])], [{ token: A, amount: 100n }], [B])
    chain.run(planRoute(r, planRouteParams(WALLET, { inputs: [{ token: A, amount: 100n, fee: 5n }], outputs: [{ token: B }] })))
    chain.run(planRoute(r, planRouteParams(WALLET, { inputs: [{ token: A, amount: 100n, fee: 0n }], feeReceiver: FEES, outputs: [{ token: B }] })))
    expect(chain.holdings(FEES)).toEqual({})
    const exec = newMockRouteChain(EXECUTOR)
    exec.mint(A, EXECUTOR, 100n)
    exec.run(planRoute(r, planRouteParams(EXECUTOR, { inputs: [{ token: A, amount: 100n, fee: 5n }], outputs: [{ token: B }] })))
    expect(exec.holdings(FEES)).toEqual({})
    expect(exec.holdings(RECEIVER)).toEqual({ [lower(B)]: 200n })
    // A zero fee is not even attempted (tokens that revert on zero transfers; a native fee receiver never gets control).
    for (const self of [WALLET, EXECUTOR]) {
      const zero = self === WALLET ? walletChain() : newMockRouteChain(EXECUTOR)
      zero.mint(A, EXECUTOR, 100n)
      zero.mint(NATIVE, EXECUTOR, 50n)
      const two = handBuiltRoute([routePath(zero, A, 100n, [{ pool: AB, to: B }]), routePath(zero, WETH, 50n, [{ pool: WA, to: A }])], [{ token: A, amount: 100n }, { token: WETH, amount: 50n }], [B, A])
      zero.run(planRoute(two, planRouteParams(self, { inputs: [{ token: A, amount: 100n, fee: 0n }, { token: NATIVE, amount: 50n, fee: 0n }], feeReceiver: FEES, outputs: [{ token: B }] })))
      expect(zero.log.filter((c) => c.target === lower(FEES) || c.args.some((a) => typeof a === 'string' && lower(a) === lower(FEES))), self).toEqual([])
    }
  })

  describe('in-plan minimums on the receiver\'s balance change (checkMinAmountOut)', () => {
    const r = () => {
      const chain = walletChain()
      return { chain, route: handBuiltRoute([routePath(chain, A, 1000n, [{ pool: AB, to: B }]), routePath(chain, A, 500n, [{ pool: AW, to: WETH }])], [{ token: A, amount: 1500n }], [B, WETH]) }
    }
    const inputs = [{ token: A, amount: 1500n, fee: 0n }]

    test('minimums: the quote less slippage (floored), per output, native found under WETH; the caller\'s own win', () => {
      const { route: rt } = r()
      expect(planRoute(rt, planRouteParams(WALLET, { inputs, outputs: [{ token: B }, { token: NATIVE }], checkMinAmountOut: { slippageBps: 50n } })).minAmountsOut).toEqual([(2000n * 9950n) / 10_000n, (125n * 9950n) / 10_000n])
      expect(planRoute(rt, planRouteParams(WALLET, { inputs, outputs: [{ token: B }, { token: NATIVE }], checkMinAmountOut: { slippageBps: 0n } })).minAmountsOut).toEqual([2000n, 125n])
      expect(planRoute(rt, planRouteParams(WALLET, { inputs, outputs: [{ token: B }], checkMinAmountOut: { slippageBps: 10_000n } })).minAmountsOut).toEqual([0n])
      expect(planRoute(rt, planRouteParams(WALLET, { inputs, outputs: [{ token: B }, { token: NATIVE }], checkMinAmountOut: { slippageBps: 50n, minAmountsOut: [7n, 0n] } })).minAmountsOut).toEqual([7n, 0n])
      // An output the route does not produce has a minimum of 0.
      expect(planRoute(rt, planRouteParams(WALLET, { inputs, outputs: [{ token: C }], checkMinAmountOut: { slippageBps: 50n } })).minAmountsOut).toEqual([0n])
    })

    test('the plan passes at the quote and reverts when the receiver gains less than the minimum', () => {
      const ok = r()
      ok.chain.run(planRoute(ok.route, planRouteParams(WALLET, { inputs, outputs: [{ token: B }, { token: NATIVE }], checkMinAmountOut: { slippageBps: 0n } })))
      expect(ok.chain.holdings(RECEIVER)).toEqual({ [lower(B)]: 2000n, [lower(NATIVE)]: 125n })
      const checks = ok.chain.log.filter((c) => c.fn === 'checkMinAmountOut').map((c) => c.args)
      expect(checks).toEqual([[2000n, 2000n], [125n, 125n]])
      // The receiver already held some B: only the change counts.
      const held = r()
      held.chain.mint(B, RECEIVER, 10n ** 30n)
      held.chain.run(planRoute(held.route, planRouteParams(WALLET, { inputs, outputs: [{ token: B }], checkMinAmountOut: { slippageBps: 0n } })))
      expect(held.chain.log.filter((c) => c.fn === 'checkMinAmountOut').map((c) => c.args)).toEqual([[2000n, 2000n]])
      const short = r()
      expect(() => short.chain.run(planRoute(short.route, planRouteParams(WALLET, { inputs, outputs: [{ token: B }], checkMinAmountOut: { slippageBps: 0n, minAmountsOut: [2001n] } })))).toThrow(/MinAmountOutNotMet\(2000, 2001\)/)
      const native = r()
      expect(() => native.chain.run(planRoute(native.route, planRouteParams(WALLET, { inputs, outputs: [{ token: B }, { token: NATIVE }], checkMinAmountOut: { slippageBps: 0n, minAmountsOut: [0n, 126n] } })))).toThrow(/MinAmountOutNotMet\(125, 126\)/)
    })

    test('the receiver\'s balance is read before anything moves, fees included', () => {
      const { chain, route: rt } = r()
      // The fee receiver is the receiver: its fee is not part of the output it gains.
      const plan = planRoute(rt, planRouteParams(WALLET, { inputs: [{ token: A, amount: 1510n, fee: 10n }], feeReceiver: RECEIVER, outputs: [{ token: B }], checkMinAmountOut: { slippageBps: 0n } }))
      chain.run(plan)
      expect(chain.log[0]).toMatchObject({ fn: 'balanceOf', args: [B, RECEIVER] })
      expect(chain.holdings(RECEIVER)).toEqual({ [lower(A)]: 10n, [lower(B)]: 2000n })
      expect(chain.log.filter((c) => c.fn === 'checkMinAmountOut').map((c) => c.args)).toEqual([[2000n, 2000n]])
    })
  })
})
