import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { configSchema as ConfigSchema } from '../src/config.js'
import type { startSwitchyard as StartSwitchyard } from '../src/startSwitchyard.js'

/** The service's entry points a bench starts. */
export type BenchService = { configSchema: typeof ConfigSchema; startSwitchyard: typeof StartSwitchyard }

/** Where a bench's service runs from: `dist` as `npm start` runs it, `src` through tsx. */
export type ServiceSource = 'dist' | 'src'

/**
 * The service's entry points from `dist/` (built first when out of date, transpile-only as `npm start`
 * builds it) or from `src/` through tsx. The two differ in CPU: tsx loads each engine worker's modules as
 * CommonJS (every import read through an export getter, viem's CJS build), which cost the workers
 * ~17 % more CPU per route than the built bundle (2026-11-29, the batch row of bench:stream).
 * @param from - `dist` (what production runs) or `src`
 * @throws Error naming the accepted values when `from` is neither
 */
export async function loadService(from: string): Promise<BenchService> {
  if (from !== 'dist' && from !== 'src') throw new Error(`--service must be dist or src, not ${from}`)
  const root = fileURLToPath(new URL('..', import.meta.url))
  if (from === 'src') {
    const [config, entry] = await Promise.all([import('../src/config.js'), import('../src/startSwitchyard.js')])
    return { configSchema: config.configSchema, startSwitchyard: entry.startSwitchyard }
  }
  const { build } = (await import(pathToFileURL(join(root, 'scripts', 'build.mjs')).href)) as { build: (o: { root: string; typecheck: boolean }) => Promise<unknown> }
  await build({ root, typecheck: false })
  const [config, entry] = await Promise.all([import(pathToFileURL(join(root, 'dist', 'config.js')).href), import(pathToFileURL(join(root, 'dist', 'startSwitchyard.js')).href)])
  return { configSchema: (config as { configSchema: typeof ConfigSchema }).configSchema, startSwitchyard: (entry as { startSwitchyard: typeof StartSwitchyard }).startSwitchyard }
}
