/** Types of scripts/build.mjs, for the tests that import it. */
export type BuildReport = {
  /** Nothing changed: no file was written. */
  skipped: boolean
  mode: 'tsc' | 'transpile'
  /** Wall time of the whole step. */
  ms: number
  /** TypeScript files emitted (all of them for tsc). */
  emitted: number
  /** Other files copied from src/. */
  copied: number
  /** dist/ files deleted because their source is gone. */
  removed: string[]
}
export function readInputs(root: string): Record<string, string>
export function build(params: { root: string; typecheck?: boolean; force?: boolean }): Promise<BuildReport>
export function lastBuildReportFile(root: string): string
