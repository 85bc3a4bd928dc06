import fc from 'fast-check'
import { describe, expect, test, vi } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import { buildGraph } from '../graph/buildGraph.js'
import { PoolStates } from '../graph/poolStates.js'
import { findRoute } from '../tasks/findRoute.js'
import { randomSnapshot } from '../testing/randomSnapshot.js'
import { candidateSearchAmount } from './candidateSearchAmount.js'
import { memoOnBlockState } from './memoOnBlockState.js'
import { createSearchContext } from './searchContext.js'
import { createSearchMask } from './createSearchMask.js'

// Three significant bits instead of seven: amounts up to 25 % apart share one rounded amount, so the
// candidates of the amounts below differ from one another and the memo's key has to tell them apart.
vi.mock('./candidateSearchAmount.js', () => ({
  CANDIDATE_AMOUNT_BITS: 3,
  candidateSearchAmount: (amount: bigint) => {
    const shift = amount < 8n ? 0n : BigInt(amount.toString(2).length - 3)
    return (amount >> shift) << shift
  },
}))

const FC_SEED = Number(process.env.FC_SEED ?? 20261129)
const snapshot = randomSnapshot({ seed: 5, tokens: 10, v2Pools: 36, v3Pools: 8, balancerPools: 4, minExp: 15, maxExp: 24 })
const contextOf = () => createSearchContext(buildGraph({ adapters: protocolAdapters }, snapshot))

describe('memoOnBlockState', () => {
  test('computes once per key and adapter set on the block state; every time once a pool moved or a pool is banned', () => {
    const context = contextOf()
    const states = new PoolStates(context.graph)
    const mask = createSearchMask(context.graph, {})
    let calls = 0
    const compute = () => ({ n: ++calls })
    const first = memoOnBlockState(context, { key: 'k', states, mask, compute })
    expect(memoOnBlockState(context, { key: 'k', states, mask, compute })).toBe(first)
    expect(calls).toBe(1)
    memoOnBlockState(context, { key: 'other', states, mask, compute })
    expect(calls).toBe(2)
    // Another adapter set is another question.
    memoOnBlockState(context, { key: 'k', states, mask: createSearchMask(context.graph, { ignoreStandards: ['uniswap-v3'] }), compute })
    expect(calls).toBe(3)
    // A request that bans pools, and a leg after another moved a pool, are never answered from the memo.
    memoOnBlockState(context, { key: 'k', states, mask: { ...mask, poolBanned: new Uint8Array(context.graph.pools.length) }, compute })
    expect(calls).toBe(4)
    states.set(0, context.graph.pools[0]!.snapshot)
    memoOnBlockState(context, { key: 'k', states, mask, compute })
    expect(calls).toBe(5)
    states.restore()
  })

  // The property that lets a batch, a stream's block and concurrent singles share one search: an answer is
  // the same whether the context already answered other amounts of the same pair (in any order) or not.
  test(`routes of one pair at amounts that round alike: the same answers on a shared context as on fresh ones, one candidate search per rounded amount (FC_SEED=${FC_SEED})`, () => {
    const tokens = snapshot.pools.flatMap((p) => p.tokens)
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 16, max: 23 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 2, maxLength: 5 }),
        fc.boolean(),
        (a, shift, exponent, offsets, gas) => {
          const tokenIn = tokens[a]!
          const tokenOut = tokens[(a + shift) % 10]!
          if (tokenIn === tokenOut) return
          const base = candidateSearchAmount(10n ** BigInt(exponent) * 3n)
          const step = (base >> 3n) / 1_000_000n
          const amounts = offsets.map((o) => base + BigInt(o) * step)
          const ask = (context: ReturnType<typeof contextOf>, amount: bigint) => {
            try {
              return findRoute(context, { tokensIn: [{ token: tokenIn, amount }], tokensOut: [{ token: tokenOut }], maxHops: 3, maxSplits: 4, gasPriceInTokenOutWad: gas ? { [tokenOut]: 10n ** 12n } : undefined })
            } catch (error) {
              return (error as Error).name
            }
          }
          const shared = contextOf()
          const together = amounts.map((amount) => ask(shared, amount))
          const alone = amounts.map((amount) => ask(contextOf(), amount))
          expect(together).toEqual(alone)
          // Every amount rounds to `base`: the memo holds one probe and candidate searches at `base` only.
          const keys = [...(shared.blockStateMemo?.keys() ?? [])]
          expect(keys.filter((k) => k.startsWith('probe|')).length).toBeLessThanOrEqual(1)
          for (const key of keys) expect(key.split('|')[1]!.split(',')[2]).toBe(String(base))
        },
      ),
      { numRuns: 150, seed: FC_SEED },
    )
  })
})
