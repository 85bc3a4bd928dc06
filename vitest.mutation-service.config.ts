import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { defineConfig } from 'vitest/config'
import { LoadFailureAsFailedTest } from './test/loadFailureAsFailedTest.js'

/** Test files that start anvil (seconds each); the others are chain-free unit tests (milliseconds). */
const devnetTests = [
  'src/service/getRoute.test.ts',
  'src/service/getCrossChainRoute.test.ts',
  'src/service/getBundle.test.ts',
  'src/service/getBundleDelegate.test.ts',
  'src/service/getBundleUniswapV3Positions.test.ts',
  'src/service/bundleActionKinds.test.ts',
  'src/service/bundleProtocolActionKinds.test.ts',
  'src/service/bundleBridge.test.ts',
  'src/protocols/aave-v3/flashLoan.test.ts',
  'src/service/getBundleFlashLoanPremium.test.ts',
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
 * The tests StrykerJS runs against the route and bundle use cases (`stryker.service.config.json`):
 * the chain-free unit tests of their steps, and the devnet tests that execute their answers for real.
 * The devnet tests start anvil from the cached state (the global setup builds it once per run: the
 * sandbox's sources are mutated, so its cache key differs from the main tree's); one file at a time.
 */
export default defineConfig({
  test: {
    globalSetup: ['test/setup.global.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    sequence: { sequencer: UnitTestsFirst },
    // A test file that fails to import is a failed test (see the reporter): load-breaking static mutants are killed.
    reporters: ['default', new LoadFailureAsFailedTest()],
    include: [
      'src/service/route/**/*.test.ts',
      'src/service/bundle/**/*.test.ts',
      'src/service/withDelegateSimulator.test.ts',
      ...devnetTests,
    ],
  },
})
