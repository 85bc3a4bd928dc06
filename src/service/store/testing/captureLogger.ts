import { pino, type Logger } from 'pino'

/** One JSON log line pino wrote. */
export type CapturedLine = { level: number; msg: string; [field: string]: unknown }

/**
 * A pino logger that keeps every line it writes, parsed, for assertions on what a store logs.
 * @returns the logger and the lines written so far (in order; empty it with `lines.length = 0`)
 */
export function captureLogger(): { logger: Logger; lines: CapturedLine[] } {
  const lines: CapturedLine[] = []
  const logger = pino({ level: 'trace' }, { write: (text: string) => void lines.push(JSON.parse(text) as CapturedLine) })
  return { logger, lines }
}
