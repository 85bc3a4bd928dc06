import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    // Builds (or reuses) the cached devnet state once, before any test file starts its own anvil.
    globalSetup: ['test/setup.global.ts'],
    pool: 'forks',
    // 2-core CI machine: two files at a time keeps anvil nodes and workers from starving each other.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
