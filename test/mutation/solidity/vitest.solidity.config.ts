import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { defineConfig } from 'vitest/config'

/** The order `npm run test:mutation:solidity` asks for (JSON array of paths), else vitest's own. */
const order = JSON.parse(process.env['SOLIDITY_MUTATION_ORDER'] ?? '[]') as string[]

/** Runs the files in the order given: with `--bail 1`, the likeliest killer of a mutant runs first. */
class GivenOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = order.findIndex((path) => f.moduleId.endsWith(path))
      return i === -1 ? order.length : i
    }
    return [...files].sort((a, b) => rank(a) - rank(b))
  }
}

/**
 * The contract tests `npm run test:mutation:solidity` runs in its sandbox against each Solidity mutant:
 * one file at a time (the machine has 2 shared cores), no global setup (the devnet suites build the
 * sandbox's own devnet cache when a mutant changes our contracts' bytecode), vitest's cache kept in the
 * sandbox.
 */
export default defineConfig({
  cacheDir: '.switchyard/vite',
  test: {
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    sequence: { sequencer: GivenOrder },
    include: ['src/**/*.test.ts'],
  },
})
