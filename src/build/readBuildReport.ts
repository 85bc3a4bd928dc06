import { readFileSync } from 'node:fs'

/** What `scripts/build.mjs` did before this start (written by `scripts/start.mjs`). */
export type BuildReport = {
  /** Nothing changed since the last build: no file was written. */
  skipped: boolean
  /** `tsc` (type-checked) or `transpile` (each changed file alone, no type check). */
  mode: 'tsc' | 'transpile'
  /** Wall time of the build step, skip check included. */
  ms: number
  /** TypeScript files emitted. */
  emitted: number
  /** Other files copied from `src/` (artifacts, scenarios). */
  copied: number
  /** `dist/` files deleted because their source is gone. */
  removed: string[]
  /** When the build step ended, in ms since this process started (`performance.now()`). */
  doneAtMs: number
}

export type ReadBuildReportParameters = {
  /** `dist/.build-report.json`. */
  file: URL | string
  /** Only a report written by this process counts: `node dist/main.js` run alone has none. */
  pid: number
}

/**
 * Reads the report of the build `npm start` ran in this process, so the start can log it as its
 * first phase.
 * @param params - {@link ReadBuildReportParameters}
 * @returns the report, or `undefined` when this process did not build (missing, unreadable or
 *   another process's file)
 */
export function readBuildReport({ file, pid }: ReadBuildReportParameters): BuildReport | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<BuildReport> & { pid?: unknown }
    if (parsed.pid !== pid || typeof parsed.skipped !== 'boolean' || typeof parsed.ms !== 'number') return undefined
    return {
      skipped: parsed.skipped,
      mode: parsed.mode === 'tsc' ? 'tsc' : 'transpile',
      ms: parsed.ms,
      emitted: parsed.emitted ?? 0,
      copied: parsed.copied ?? 0,
      removed: Array.isArray(parsed.removed) ? parsed.removed : [],
      doneAtMs: typeof parsed.doneAtMs === 'number' ? parsed.doneAtMs : 0,
    }
  } catch {
    return undefined
  }
}
