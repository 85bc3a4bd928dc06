import { BaseError } from '../../errors/base.js'

/** An expected failure, carried as data (classes do not survive the thread boundary). */
export type TaskFailure = { name: string; code: string; message: string; reason?: string | undefined; field?: string | undefined }

/**
 * Turns an error thrown by a task into data. Our errors keep their name, code and fields; any other
 * error (a bug) becomes an `INTERNAL` failure carrying its message.
 */
export function toTaskFailure(error: unknown): TaskFailure {
  if (error instanceof BaseError)
    return { name: error.name, code: error.code, message: error.shortMessage, reason: (error as { reason?: string }).reason, field: (error as { field?: string }).field }
  return { name: error instanceof Error ? error.name : 'Error', code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) }
}
