import type { Test } from '@vitest/runner'
import { BaseSequencer, type Reporter, type TestSpecification, type Vitest } from 'vitest/node'
import { defineConfig } from 'vitest/config'

/**
 * Test files that start anvil (seconds each): the cross-chain use cases (bundle bridge actions, routes
 * with destinationChainId, bridge status), the bridge receiver's contract tests, and the two end-to-end
 * suites that run switchyard with its own relayer. The others are chain-free unit tests (milliseconds).
 * `threatInvariants.property.test.ts` exercises the same code but draws a new seed each run, so a mutant
 * it kills once could survive the next run: it stays out.
 */
const devnetTests = [
  'src/service/bundleBridge.test.ts',
  'src/service/getCrossChainRoute.test.ts',
  'src/service/getCrossChainRouteIgnoreBridges.test.ts',
  'src/service/getBridgeStatus.test.ts',
  'src/contracts/bridgeReceiver.test.ts',
  'test/e2e/crossChainTransports.e2e.test.ts',
  'test/e2e/crossChainSdk.e2e.test.ts',
]

/**
 * Chain-free files first, devnet files after, each group in vitest's usual order: Stryker stops at the
 * first failing test (bail 1), so a mutant a unit test kills never waits for anvil.
 */
class UnitTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const onDevnet = (f: TestSpecification) => devnetTests.some((d) => f.moduleId.endsWith(d))
    return [...sorted.filter((f) => !onDevnet(f)), ...sorted.filter(onDevnet)]
  }
}

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

/**
 * The tests StrykerJS runs against the bridge steps and the devnet relayer (`stryker.crosschain.config.json`):
 * the chain-free unit tests beside `src/service/bridge/` and `src/relayer/`, then the devnet tests that
 * send cross-chain answers and let a relayer deliver them. The global setup builds the sandbox's devnet
 * cache once per run (its sources are mutated, so its cache key differs from the main tree's).
 */
export default defineConfig({
  test: {
    globalSetup: ['test/setup.global.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    sequence: { sequencer: UnitTestsFirst },
    reporters: ['default', new LoadFailureAsFailedTest()],
    include: ['src/service/bridge/**/*.test.ts', 'src/relayer/**/*.test.ts', ...devnetTests],
  },
})
