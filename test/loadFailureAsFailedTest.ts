import type { Test } from '@vitest/runner'
import type { Reporter, Vitest } from 'vitest/node'

/**
 * A test file that cannot be imported counts as one failed test. StrykerJS's vitest runner (9.6.1) builds a
 * mutant's result from the tests it collected, and a file whose import throws collects none, so a static
 * mutant that breaks a module's load (an ABI string emptied: `parseAbi` throws) was reported as survived
 * (stryker-js issue 6150, fix proposed in PR 6217). The dry run loads every file, so under a mutant a load
 * failure is that mutant's doing.
 */
export class LoadFailureAsFailedTest implements Reporter {
  private vitest: Vitest | undefined
  onInit(vitest: Vitest): void {
    this.vitest = vitest
  }
  onTestRunEnd(): void {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state !== 'fail' || file.tasks.length > 0) continue
      const failed = { type: 'test', id: `${file.id}_load`, name: 'the file loads', fullName: `${file.name} > the file loads`, mode: 'run', file, suite: file, meta: {}, timeout: 0, annotations: [], artifacts: [], context: undefined, result: { state: 'fail', errors: file.result.errors ?? [{ message: 'the test file failed to load' }] } }
      file.tasks.push(failed as unknown as Test)
    }
  }
}

