import { encodeErrorResult, parseAbi, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { NoRouteError } from '../../errors/engine.js'
import type { SimulateTransactionReturnType } from '../../simulate/simulateTransaction.js'
import { measureRoute } from './measureRoute.js'

const tx = { data: '0x1234' as Hex, value: 5n }
const ok = (gasUsed: bigint, amountsOut: bigint[] = [100n]): SimulateTransactionReturnType => ({ status: 'success', gasUsed, amountsOut, blockNumber: 1n, returnData: '0x', logs: [] })
const reverted = (revertData: Hex | undefined, message = 'execution reverted'): SimulateTransactionReturnType => ({ status: 'reverted', gasUsed: 0n, revertData, message, blockNumber: 1n })

/** A run that answers from a script and records the gas limit of every call. */
function scripted(...answers: SimulateTransactionReturnType[]) {
  const calls: { tx: { data: Hex; value: bigint }; gas: bigint | undefined }[] = []
  const learned: bigint[] = []
  return {
    calls,
    learned,
    learn: (g: bigint) => learned.push(g),
    run: async (t: { data: Hex; value: bigint }, gas?: bigint) => {
      calls.push({ tx: t, gas })
      const next = answers.shift()
      if (!next) throw new Error('unexpected run')
      return next
    },
  }
}

describe('measureRoute', () => {
  test('a shape seen for the first time: one run without a limit, nothing proven yet', async () => {
    const s = scripted(ok(100_000n, [7n, 8n]))
    expect(await measureRoute({ run: s.run, tx, guess: undefined, learn: s.learn })).toEqual({ amountsOut: [7n, 8n], gasUsed: 100_000n, provenLimit: undefined, logs: [] })
    expect(s.calls).toEqual([{ tx, gas: undefined }])
    expect(s.learned).toEqual([100_000n])
  })

  test('a guess that held and stays within 1.3× of the gas used proves itself: guess + 1 500 (calldata variance)', async () => {
    // guess + 1500 = 130 000 = 1.3 × 100 000 exactly: still tight
    const s = scripted(ok(100_000n))
    expect(await measureRoute({ run: s.run, tx, guess: 128_500n, learn: s.learn })).toEqual({ amountsOut: [100n], gasUsed: 100_000n, provenLimit: 130_000n, logs: [] })
    expect(s.calls).toEqual([{ tx, gas: 128_500n }])
  })

  test('a guess that held but is loose (above 1.3× the gas used) proves nothing: a limit is proven afterwards', async () => {
    const s = scripted(ok(100_000n))
    expect((await measureRoute({ run: s.run, tx, guess: 128_501n, learn: s.learn })).provenLimit).toBeUndefined()
    expect(s.calls).toHaveLength(1)
  })

  test('a run that failed under the guess runs again without a limit; what it measures is kept, nothing proven', async () => {
    // out of gas: the failed run used its whole limit, which alone would look like a tight proof
    const s = scripted({ ...reverted(undefined, 'out of gas'), gasUsed: 120_000n }, ok(150_000n, [9n]))
    expect(await measureRoute({ run: s.run, tx, guess: 120_000n, learn: s.learn })).toEqual({ amountsOut: [9n], gasUsed: 150_000n, provenLimit: undefined, logs: [] })
    expect(s.calls).toEqual([{ tx, gas: 120_000n }, { tx, gas: undefined }])
    expect(s.learned).toEqual([150_000n])
  })

  test('a revert without a limit is NoRouteError carrying the decoded reason; no retry, nothing learned', async () => {
    const data = encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: ['pool drained'] })
    const s = scripted(reverted(data))
    const error = await measureRoute({ run: s.run, tx, guess: undefined, learn: s.learn }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NoRouteError)
    expect((error as Error).message).toContain('simulation reverted: ')
    expect((error as Error).message).toContain('pool drained')
    expect(s.calls).toHaveLength(1)
    expect(s.learned).toEqual([])
  })

  test('reverting both under the guess and without a limit: NoRouteError with the second run\'s reason', async () => {
    const s = scripted(reverted(undefined, 'out of gas'), reverted(undefined, 'real reason'))
    const error = await measureRoute({ run: s.run, tx, guess: 1n, learn: s.learn }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NoRouteError)
    expect((error as Error).message).toContain('real reason')
    expect((error as Error).message).not.toContain('out of gas')
  })

  test('an output of zero (any of them) is NoRouteError "delivers nothing", after the gas was learned', async () => {
    for (const amountsOut of [[0n], [5n, 0n], [0n, 5n]]) {
      const s = scripted(ok(90_000n, amountsOut))
      const error = await measureRoute({ run: s.run, tx, guess: undefined, learn: s.learn }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(NoRouteError)
      expect((error as Error).message).toContain('the simulated route delivers nothing')
      expect(s.learned).toEqual([90_000n])
    }
    const one = scripted(ok(90_000n, [1n, 1n]))
    expect((await measureRoute({ run: one.run, tx, guess: undefined, learn: one.learn })).amountsOut).toEqual([1n, 1n])
  })
})
