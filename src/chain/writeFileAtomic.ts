import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/** Writes started by this process: each goes through its own temporary file. */
let writes = 0

/**
 * Writes a file atomically: the content goes to a temporary file beside it (named by process and write,
 * so parallel processes and overlapping writes never share one), which is then renamed over `path`. A
 * reader sees the old file or the new one, never half of either, and a crash mid-write leaves the old one.
 * Creates the directory.
 * @param path - the file
 * @param content - its new content
 */
export function writeFileAtomic(path: string, content: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true })
  const temporary = `${path}.${process.pid}.${++writes}.tmp`
  writeFileSync(temporary, content)
  renameSync(temporary, path)
}
