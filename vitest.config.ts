import { defineConfig } from 'vitest/config'

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
        test: { name: 'switchyard', include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'] },
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
