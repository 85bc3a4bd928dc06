import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * A built entry's one-file bundle (`x.bundle.js` beside `x.js`, written by scripts/build.mjs) when the
 * build made one: a thread then loads one module instead of hundreds. Else the entry itself.
 */
export function builtEntryOf(entry: URL): URL {
  const bundle = new URL(entry.href.replace(/\.js$/, '.bundle.js'))
  return bundle.href !== entry.href && existsSync(fileURLToPath(bundle)) ? bundle : entry
}

/**
 * Starts a worker thread on `entry`, a module URL. Built code (`dist/**.js`) runs as is, or its bundle
 * ({@link builtEntryOf}); a TypeScript
 * entry (tests, tsx) starts through `tsxThreadBoot.mjs`, which registers tsx's loader in the thread
 * before it imports the entry.
 * @example
 * const worker = createThread(new URL('./gatewayThread.js', import.meta.url), { workerData })
 * @param entry - the thread's module, e.g. `new URL('./x.js', import.meta.url)`; a `.js` URL whose
 *   file is `.ts` (this file itself is `.ts`) is taken as the `.ts` file
 * @param options - Node's worker options (workerData, resourceLimits, …); `argv` is ours
 * @returns the worker
 */
export function createThread(entry: URL, options: Omit<WorkerOptions, 'argv' | 'eval'> = {}): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(builtEntryOf(entry), options)
  const ts = new URL(entry.href.replace(/\.js$/, '.ts'))
  return new Worker(new URL('./tsxThreadBoot.mjs', import.meta.url), { ...options, argv: [ts.href] })
}
