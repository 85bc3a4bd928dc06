import { defineConfig } from 'vitest/config'

/**
 * The tests StrykerJS runs against the hardening code (`stryker.hardening.config.json`): the gateway's
 * plugins (auth, admission, error mapping, request ids, query and depth guards), the node circuit and the
 * shared stores (rate limiter, Redis). All chain-free; the Redis tests start their own redis-server.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    include: [
      'src/gateway/**/*.test.ts',
      'src/service/nodeHealth.test.ts',
      'src/service/store/**/*.test.ts',
      'src/service/auth/**/*.test.ts',
      'test/e2e/admission.e2e.test.ts',
    ],
    exclude: ['src/gateway/ensoSdk.test.ts'],
  },
})
