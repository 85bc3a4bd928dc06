/** Types of scripts/build.mjs, for the tests that import it. */
import type { BuildReport as StartBuildReport } from '../src/build/readBuildReport.js'

/** What one build did (the start adds when it ended: `doneAtMs`). */
export type BuildReport = Omit<StartBuildReport, 'doneAtMs'>
export function readInputs(root: string): Record<string, string>
export function build(params: { root: string; typecheck?: boolean; force?: boolean; outDir?: string }): Promise<BuildReport>
export function lastBuildReportFile(root: string): string
export function buildExplorer(params: { root: string; outDir?: string }): Promise<boolean>
