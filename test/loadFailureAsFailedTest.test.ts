import type { Vitest } from 'vitest/node'
import { describe, expect, test } from 'vitest'
import { LoadFailureAsFailedTest } from './loadFailureAsFailedTest.js'

/** Files as vitest's state holds them after a run: a result, and the tasks collected. */
const file = (name: string, state: 'pass' | 'fail', tasks: unknown[], errors?: unknown[]) => ({ id: name, name, type: 'suite', tasks, result: { state, ...(errors ? { errors } : {}) } })

describe('LoadFailureAsFailedTest', () => {
  test('a failed file with no test (its import threw) gets one failed test carrying the load error; other files are left as they are', () => {
    const loadError = { message: 'UnknownSignatureError: Unknown signature.' }
    const files = [file('broken.test.ts', 'fail', [], [loadError]), file('red.test.ts', 'fail', [{ type: 'test', name: 'x' }]), file('green.test.ts', 'pass', []), file('bare.test.ts', 'fail', [])]
    const reporter = new LoadFailureAsFailedTest()
    reporter.onInit({ state: { getFiles: () => files } } as unknown as Vitest)
    reporter.onTestRunEnd()
    expect(files[0]!.tasks).toEqual([expect.objectContaining({ type: 'test', name: 'the file loads', mode: 'run', file: files[0], suite: files[0], result: { state: 'fail', errors: [loadError] } })])
    expect(files[1]!.tasks).toEqual([{ type: 'test', name: 'x' }])
    expect(files[2]!.tasks).toEqual([])
    expect(files[3]!.tasks).toEqual([expect.objectContaining({ result: { state: 'fail', errors: [{ message: 'the test file failed to load' }] } })])
  })

  test('before vitest is known, nothing happens', () => {
    expect(() => new LoadFailureAsFailedTest().onTestRunEnd()).not.toThrow()
  })
})
