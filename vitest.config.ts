import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const TESTS = ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts']

/**
 * Test files that run in a fresh process each: those that replace modules (`vi.mock`) or the clock
 * (`vi.useFakeTimers`), and those that start a node or a service (a devnet, anvil, switchyard), whose
 * process-wide state (the node-health registry, caches keyed by snapshot version while a test edits a
 * node's state without a block) must not reach the next file. Every other file (pure units: two thirds
 * of them) shares its worker process with the files before it: no re-import of viem, the protocols and
 * the service per file, about a second each. Found by reading the files, so a new one is placed
 * without being listed.
 */
function filesThatNeedAFreshProcess(): string[] {
  const root = fileURLToPath(new URL('.', import.meta.url))
  const found: string[] = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.test.ts') && /\bvi\.(mock|doMock|useFakeTimers|stubGlobal|stubEnv)\(|[Dd]evnet|[Aa]nvil|startSwitchyard|nodeHealth/.test(readFileSync(path, 'utf8'))) found.push(relative(root, path))
    }
  }
  // The folders TESTS searches.
  for (const dir of new Set(TESTS.map((glob) => glob.split('/')[0]!))) walk(join(root, dir))
  return found.sort()
}
const isolated = filesThatNeedAFreshProcess()

export default defineConfig({
  test: {
    // Builds (or reuses) the cached devnet state once, before any test file starts its own anvil.
    globalSetup: ['test/setup.global.ts'],
    pool: 'forks',
    // 2-core CI machine: two files at a time keeps anvil nodes and workers from starving each other.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: 'switchyard', include: TESTS, exclude: isolated, isolate: false },
      },
      {
        extends: true,
        test: { name: 'switchyard-isolated', include: isolated },
      },
      // The vendor's documented bundle samples, run in place from node_modules (never copied); the
      // setup file starts switchyard, points the SDK at it and skips samples our devnet cannot serve.
      {
        extends: true,
        test: {
          name: 'vendor-samples',
          include: ['node_modules/@ensofinance/sdk/tests/docs.actions.test.ts', 'node_modules/@ensofinance/sdk/tests/docs.route.test.ts'],
          exclude: [],
          globals: true,
          setupFiles: ['test/vendor/pointSdkAtSwitchyard.ts'],
          server: { deps: { inline: ['@ensofinance/sdk', 'axios'] } },
        },
      },
    ],
  },
})
