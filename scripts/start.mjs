// @ts-check
/**
 * `npm start`: brings dist/ up to date (skipped when nothing changed; transpile-only unless
 * `npm start -- --typecheck`), then runs dist/main.js in this same process, so one Node start serves
 * both and main.js can log the build as the first phase of the start.
 */
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build, lastBuildReportFile } from './build.mjs'

const root = dirname(dirname(fileURLToPath(import.meta.url)))
const args = new Set(process.argv.slice(2))
let report
try {
  report = await build({ root, typecheck: args.has('--typecheck'), force: args.has('--force') })
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
}
// The pid tells main.js that this report is about its own start, not an older one; `doneAtMs`
// (on this process's clock) lets it time its own module loading.
writeFileSync(lastBuildReportFile(root), `${JSON.stringify({ ...report, pid: process.pid, doneAtMs: Math.round(performance.now()) })}\n`)
await import(pathToFileURL(join(root, 'dist', 'main.js')).href)
