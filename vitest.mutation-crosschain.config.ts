import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { defineConfig } from 'vitest/config'
import { LoadFailureAsFailedTest } from './test/loadFailureAsFailedTest.js'

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
