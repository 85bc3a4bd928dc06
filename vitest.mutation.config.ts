import { defineConfig } from 'vitest/config'

/**
 * The tests StrykerJS runs against each mutant (`npm run test:mutation`): the fast, chain-free unit
 * tests of the code where a silent bug costs money — engine search and tasks, the protocols' quote
 * math, encoding, schemas. Devnet tests (seconds each) would make a mutation run take hours on 2 cores;
 * CI keeps running the whole suite with `npm test`.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 60_000,
    include: [
      'src/engine/search/**/*.test.ts',
      'src/engine/tasks/**/*.test.ts',
      'src/engine/graph/**/*.test.ts',
      'src/protocols/*/quote*.test.ts',
      'src/protocols/*/*Math*.test.ts',
      'src/protocols/*/{fixedPoint,accrueInterest,swapFeeOf,poolId,slots}.test.ts',
      'src/protocols/bundle/applySlippage.test.ts',
      'src/encoding/**/*.test.ts',
      'src/schemas/**/*.test.ts',
    ],
  },
})
