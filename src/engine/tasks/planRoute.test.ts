/**
 * `planRoute` checked by running its plans: a TypeScript port of our VM's interpreter
 * (`contracts/router/WeirollVM.sol` + `WeirollCommandBuilder.sol`) executes each plan against a ledger
 * of mock contracts — ERC-20 tokens, WETH, the balance/math/check helpers as in `contracts/helpers`, and
 * fixed-rate pools reached through a test adapter (`engine/testing/`) — and the tests assert what every
 * account holds afterwards: the executor ends empty, the receiver gets every output, the fee receiver its
 * fee, the refund receiver the leftovers. Plans run in a wallet, whose own funds stay where they were, are
 * in `planRouteInWallet.test.ts`.
 */
import fc from 'fast-check'
import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { UnknownProtocolError } from '../../errors/engine.js'
import { handBuiltRoute, passThroughPath, routePath } from '../testing/handBuiltRoute.js'
import { AB, AC, AW, BC, BC_DUST, CD, newMockRouteChain, WA } from '../testing/mockRouteChain.js'
import { A, B, C, D, EXECUTOR, FEES, helpers, lower, NATIVE, RECEIVER, REFUND, WETH } from '../testing/planRouteAccounts.js'
import { planRouteParams } from '../testing/planRouteParams.js'
import { usePlanRouteTestAdapters } from '../testing/usePlanRouteTestAdapters.js'
import { planRoute } from './planRoute.js'

const sweeps = usePlanRouteTestAdapters()

describe('planRoute with our executor (ownsBalances): deliver everything, refund the rest, end empty', () => {
  test('one hop: the receiver gets the output, the executor ends empty', () => {
    const chain = newMockRouteChain(EXECUTOR)
    chain.mint(A, EXECUTOR, 1000n)
    const r = handBuiltRoute([routePath(chain, A, 1000n, [{ pool: AB, to: B }])], [{ token: A, amount: 1000n }], [B])
    const plan = planRoute(r, planRouteParams(EXECUTOR, { inputs: [{ token: A, amount: 1000n, fee: 0n }], outputs: [{ token: B }] }))
    expect(plan.minAmountsOut).toBeUndefined()
    chain.run(plan)
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(B)]: 2000n })
    expect(chain.holdings(REFUND)).toEqual({})
  })

  test('the last path of an input spends the whole balance (rounding, extra funds), earlier ones their amount', () => {
    const chain = newMockRouteChain(EXECUTOR)
    // The executor holds 7 more than the route spends (a rounding the route did not see).
    chain.mint(A, EXECUTOR, 1007n)
    const r = handBuiltRoute([routePath(chain, A, 600n, [{ pool: AB, to: B }]), routePath(chain, A, 400n, [{ pool: AC, to: C }, { pool: CD, to: D }])], [{ token: A, amount: 1000n }], [B, D])
    chain.run(planRoute(r, planRouteParams(EXECUTOR, { inputs: [{ token: A, amount: 1000n, fee: 0n }], outputs: [{ token: B }, { token: D }] })))
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(B)]: 1200n, [lower(D)]: 407n * 5n * 11n })
  })

  test('a fee is held back from the last path and paid after the outputs are delivered', () => {
    const chain = newMockRouteChain(EXECUTOR)
    chain.mint(A, EXECUTOR, 1000n)
    let receiverHeldAtFee: bigint | undefined
    const r = handBuiltRoute([routePath(chain, A, 990n, [{ pool: AB, to: B }])], [{ token: A, amount: 990n }], [B])
    const plan = planRoute(r, planRouteParams(EXECUTOR, { inputs: [{ token: A, amount: 1000n, fee: 10n }], feeReceiver: FEES, outputs: [{ token: B }] }))
    chain.run(plan)
    expect(chain.holdings(FEES)).toEqual({ [lower(A)]: 10n })
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(B)]: 1980n })
    expect(chain.holdings(EXECUTOR)).toEqual({})
    // The fee transfer is the last token movement of A and comes after B's delivery.
    const feeAt = chain.log.findIndex((c) => c.target === lower(A) && c.fn === 'transfer' && lower(c.args[0] as string) === lower(FEES))
    const deliveredAt = chain.log.findIndex((c) => c.target === lower(B) && c.fn === 'transfer' && lower(c.args[0] as string) === lower(RECEIVER))
    expect(deliveredAt).toBeGreaterThanOrEqual(0)
    expect(feeAt).toBeGreaterThan(deliveredAt)
    expect(receiverHeldAtFee).toBeUndefined()
  })

  test('native in: wrap the input less its fee; when the native fee receiver gets control the executor holds nothing else', () => {
    const chain = newMockRouteChain(EXECUTOR)
    chain.mint(NATIVE, EXECUTOR, 1000n)
    const seen: Record<string, bigint>[] = []
    chain.onNative = (to) => {
      if (to === lower(FEES)) seen.push(chain.holdings(EXECUTOR))
    }
    const r = handBuiltRoute([routePath(chain, WETH, 960n, [{ pool: WA, to: A }])], [{ token: WETH, amount: 960n }], [A])
    const plan = planRoute(r, planRouteParams(EXECUTOR, { inputs: [{ token: NATIVE, amount: 1000n, fee: 40n }], feeReceiver: FEES, outputs: [{ token: A }] }))
    chain.run(plan)
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(FEES)).toEqual({ [lower(NATIVE)]: 40n })
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(A)]: (960n * 7n) / 2n })
    expect(seen).toEqual([{}])
  })

  test('native out: the whole WETH balance is unwrapped and delivered as ETH', () => {
    const chain = newMockRouteChain(EXECUTOR)
    chain.mint(A, EXECUTOR, 1000n)
    const r = handBuiltRoute([routePath(chain, A, 1000n, [{ pool: AW, to: WETH }])], [{ token: A, amount: 1000n }], [WETH])
    chain.run(planRoute(r, planRouteParams(EXECUTOR, { inputs: [{ token: A, amount: 1000n, fee: 0n }], outputs: [{ token: NATIVE }] })))
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(NATIVE)]: 250n })
  })

  test('WETH in with a fee, ETH out (an unwrap): the held fee stays wrapped and is paid (it was unwrapped and delivered, and the fee transfer reverted)', () => {
    const chain = newMockRouteChain(EXECUTOR)
    chain.mint(WETH, EXECUTOR, 1000n)
    const r = handBuiltRoute([passThroughPath(WETH, 990n)], [{ token: WETH, amount: 990n }], [WETH])
    chain.run(planRoute(r, planRouteParams(EXECUTOR, { inputs: [{ token: WETH, amount: 1000n, fee: 10n }], feeReceiver: FEES, outputs: [{ token: NATIVE }] })))
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(FEES)).toEqual({ [lower(WETH)]: 10n })
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(NATIVE)]: 990n })
  })

  test('ETH in with a fee, WETH out (a wrap): the fee stays native and is paid in ETH', () => {
    const chain = newMockRouteChain(EXECUTOR)
    chain.mint(NATIVE, EXECUTOR, 1000n)
    const r = handBuiltRoute([passThroughPath(WETH, 990n)], [{ token: WETH, amount: 990n }], [WETH])
    chain.run(planRoute(r, planRouteParams(EXECUTOR, { inputs: [{ token: NATIVE, amount: 1000n, fee: 10n }], feeReceiver: FEES, outputs: [{ token: WETH }] })))
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(FEES)).toEqual({ [lower(NATIVE)]: 10n })
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(WETH)]: 990n })
  })

  test('several inputs and outputs, with fees: each fee paid once, per input; the executor ends empty', () => {
    fc.assert(fc.property(
      fc.bigInt({ min: 10n, max: 10n ** 24n }), fc.bigInt({ min: 10n, max: 10n ** 24n }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 99 }), fc.bigInt({ min: 0n, max: 1000n }),
      (amountA, amountW, feeBpsA, feeBpsW, sharePct, extra) => {
        const chain = newMockRouteChain(EXECUTOR)
        const feeA = (amountA * BigInt(feeBpsA)) / 10_000n
        const feeW = (amountW * BigInt(feeBpsW)) / 10_000n
        chain.mint(A, EXECUTOR, amountA + extra)
        chain.mint(NATIVE, EXECUTOR, amountW)
        const netA = amountA - feeA
        const toB = (netA * BigInt(sharePct)) / 100n
        const r = handBuiltRoute([
          ...(toB > 0n ? [routePath(chain, A, toB, [{ pool: AB, to: B }])] : []),
          routePath(chain, A, netA - toB, [{ pool: AC, to: C }]),
          routePath(chain, WETH, amountW - feeW, [{ pool: WA, to: A }, { pool: AC, to: C }]),
        ], [{ token: A, amount: netA }, { token: WETH, amount: amountW - feeW }], [B, C])
        const plan = planRoute(r, planRouteParams(EXECUTOR, {
          inputs: [{ token: A, amount: amountA, fee: feeA }, { token: NATIVE, amount: amountW, fee: feeW }], feeReceiver: FEES, outputs: [{ token: B }, { token: C }],
        }))
        chain.run(plan)
        expect(chain.holdings(EXECUTOR)).toEqual({})
        const fees: Record<string, bigint> = {}
        if (feeA > 0n) fees[lower(A)] = feeA
        if (feeW > 0n) fees[lower(NATIVE)] = feeW
        expect(chain.holdings(FEES)).toEqual(fees)
        // A is also produced (WETH → A → C), so its paths spend their amounts and the extra is refunded;
        // ETH was wrapped less its fee.
        const expectedB = toB * 2n
        const expectedC = (netA - toB) * 5n + (((amountW - feeW) * 7n) / 2n) * 5n
        expect(chain.holdings(RECEIVER)).toEqual({ ...(expectedB > 0n ? { [lower(B)]: expectedB } : {}), [lower(C)]: expectedC })
        expect(chain.holdings(REFUND)).toEqual(extra > 0n ? { [lower(A)]: extra } : {})
      },
    ), { numRuns: 25 })
  })

  test('a token also produced inside the route is spent by amount; what is left of it is refunded', () => {
    const chain = newMockRouteChain(EXECUTOR)
    chain.mint(A, EXECUTOR, 100n)
    chain.mint(B, EXECUTOR, 55n)
    // Inputs A and B, output C; B is also A's intermediate, so B's own path spends exactly its 50.
    const r = handBuiltRoute([
      routePath(chain, A, 100n, [{ pool: AB, to: B }, { pool: BC, to: C }]),
      routePath(chain, B, 50n, [{ pool: BC, to: C }]),
    ], [{ token: A, amount: 100n }, { token: B, amount: 50n }], [C])
    chain.run(planRoute(r, planRouteParams(EXECUTOR, { inputs: [{ token: A, amount: 100n, fee: 0n }, { token: B, amount: 55n, fee: 0n }], outputs: [{ token: C }] })))
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(C)]: 600n + 150n })
    expect(chain.holdings(REFUND)).toEqual({ [lower(B)]: 5n })
  })

  test('an input listed twice is swept once; an input that is also an output is delivered, not refunded', () => {
    const chain = newMockRouteChain(EXECUTOR)
    chain.mint(A, EXECUTOR, 300n)
    const r = handBuiltRoute([routePath(chain, A, 200n, [{ pool: AB, to: B }]), passThroughPath(A, 100n)], [{ token: A, amount: 300n }], [B, A])
    const plan = planRoute(r, planRouteParams(EXECUTOR, { inputs: [{ token: A, amount: 200n, fee: 0n }, { token: A, amount: 100n, fee: 0n }], outputs: [{ token: B }, { token: A }] }))
    chain.run(plan)
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(B)]: 400n, [lower(A)]: 100n })
    expect(chain.holdings(REFUND)).toEqual({})
    // A step-less path keeps its amount: A is "produced", so the A→B path spent exactly 200, not the balance.
    expect(chain.log.filter((c) => c.fn === 'swap').map((c) => c.args[2])).toEqual([200n])
    const dust = newMockRouteChain(EXECUTOR)
    dust.mint(A, EXECUTOR, 300n)
    dust.mint(C, EXECUTOR, 1n)
    dust.run(planRoute(handBuiltRoute([routePath(dust, A, 300n, [{ pool: AB, to: B }])], [{ token: A, amount: 300n }], [B]), planRouteParams(EXECUTOR, {
      inputs: [{ token: A, amount: 150n, fee: 0n }, { token: C, amount: 1n, fee: 0n }, { token: A, amount: 150n, fee: 0n }], outputs: [{ token: B }],
    })))
    expect(dust.holdings(REFUND)).toEqual({ [lower(C)]: 1n })
    // A is read once, by the path that spends it whole; nothing of it is left, so it is not refunded.
    expect(dust.log.filter((c) => c.target === lower(helpers.balance) && c.fn === 'balanceOfCaller' && lower(c.args[0] as string) === lower(A))).toHaveLength(1)
  })

  test('an input spent whole is not refunded: the plan never transfers 0 (tokens that revert on a zero transfer)', () => {
    const chain = newMockRouteChain(EXECUTOR)
    chain.mint(A, EXECUTOR, 300n)
    chain.run(planRoute(handBuiltRoute([routePath(chain, A, 300n, [{ pool: AB, to: B }])], [{ token: A, amount: 300n }], [B]), planRouteParams(EXECUTOR, {
      inputs: [{ token: A, amount: 300n, fee: 0n }], outputs: [{ token: B }],
    })))
    expect(chain.holdings(EXECUTOR)).toEqual({})
    const transfers = chain.log.filter((c) => c.fn === 'transfer')
    expect(transfers.map((c) => lower(c.target))).toEqual([lower(B)])
    expect(transfers.every((c) => (c.args[1] as bigint) > 0n)).toBe(true)
  })

  test('the same input token listed twice with fees: both fees are held back and paid', () => {
    const chain = newMockRouteChain(EXECUTOR)
    chain.mint(A, EXECUTOR, 300n)
    const r = handBuiltRoute([routePath(chain, A, 285n, [{ pool: AB, to: B }])], [{ token: A, amount: 285n }], [B])
    chain.run(planRoute(r, planRouteParams(EXECUTOR, { inputs: [{ token: A, amount: 200n, fee: 10n }, { token: A.toLowerCase() as Address, amount: 100n, fee: 5n }], feeReceiver: FEES, outputs: [{ token: B }] })))
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(FEES)).toEqual({ [lower(A)]: 15n })
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(B)]: 570n })
  })

  test('an intermediate whose encoder declared a sweep leaves no dust behind: it is refunded that way', () => {
    sweeps.length = 0
    const chain = newMockRouteChain(EXECUTOR)
    chain.mint(A, EXECUTOR, 100n)
    // A → B (B declares a sweep) → C through a pool that leaves 1 wei of B.
    const r = handBuiltRoute([routePath(chain, A, 100n, [{ pool: AB, to: B, protocol: 'test-sweeping' }, { pool: BC_DUST, to: C }])], [{ token: A, amount: 100n }], [C])
    chain.run(planRoute(r, planRouteParams(EXECUTOR, { inputs: [{ token: A, amount: 100n, fee: 0n }], outputs: [{ token: C }] })))
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(C)]: 199n })
    expect(chain.holdings(REFUND)).toEqual({ [lower(B)]: 1n })
    expect(sweeps).toEqual([lower(B)])
    // A declared output is delivered with its own sweep, and not refunded a second time.
    sweeps.length = 0
    const out = newMockRouteChain(EXECUTOR)
    out.mint(A, EXECUTOR, 100n)
    out.run(planRoute(handBuiltRoute([routePath(out, A, 100n, [{ pool: AB, to: B, protocol: 'test-sweeping' }])], [{ token: A, amount: 100n }], [B]), planRouteParams(EXECUTOR, {
      inputs: [{ token: A, amount: 100n, fee: 0n }], outputs: [{ token: B }],
    })))
    expect(out.holdings(RECEIVER)).toEqual({ [lower(B)]: 200n })
    expect(sweeps).toEqual([lower(B)])
  })

  test('receiver or refund receiver = the executor itself: nothing is moved to it', () => {
    const chain = newMockRouteChain(EXECUTOR)
    chain.mint(A, EXECUTOR, 100n)
    chain.mint(B, EXECUTOR, 3n)
    const r = handBuiltRoute([routePath(chain, A, 100n, [{ pool: AB, to: C }])], [{ token: A, amount: 100n }], [C])
    chain.run(planRoute(r, planRouteParams(EXECUTOR, { inputs: [{ token: A, amount: 100n, fee: 0n }, { token: B, amount: 3n, fee: 0n }], outputs: [{ token: C }], receiver: EXECUTOR, refundReceiver: EXECUTOR.toLowerCase() as Address })))
    expect(chain.holdings(EXECUTOR)).toEqual({ [lower(C)]: 200n, [lower(B)]: 3n })
    expect(chain.log.filter((c) => c.fn === 'transfer')).toEqual([])
  })

  test('a step whose protocol has no encoder: UnknownProtocolError', () => {
    const chain = newMockRouteChain(EXECUTOR)
    for (const protocol of ['no-such-protocol', 'test-no-encoder']) {
      const r = handBuiltRoute([routePath(chain, A, 100n, [{ pool: AB, to: B, protocol }])], [{ token: A, amount: 100n }], [B])
      expect(() => planRoute(r, planRouteParams(EXECUTOR, { inputs: [{ token: A, amount: 100n, fee: 0n }], outputs: [{ token: B }] }))).toThrow(UnknownProtocolError)
      expect(() => planRoute(r, planRouteParams(EXECUTOR, { inputs: [{ token: A, amount: 100n, fee: 0n }], outputs: [{ token: B }] }))).toThrow(`No adapter serves protocol "${protocol}".`)
    }
  })
})
