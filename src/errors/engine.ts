import { BaseError } from './base.js'

export type NoRouteErrorType = NoRouteError & { name: 'NoRouteError' }
/**
 * No path with a positive output connects the requested tokens under the request's filters.
 * The message is fixed by the API spec; the reason is kept in `reason` (not in the message).
 */
export class NoRouteError extends BaseError {
  override name = 'NoRouteError'
  /** Why the search found nothing (not part of the message, which the spec fixes). */
  reason: string | undefined
  constructor({ reason, cause }: { reason?: string; cause?: unknown } = {}) {
    super('Could not build shortcuts for route', { code: 'NO_ROUTE', cause, details: reason })
    this.reason = reason
  }
}

/**
 * A route's simulation reverted. Answered as no route (the spec's message); carries the raw revert
 * data for the callers that can recover from a known revert.
 */
export class RouteRevertedError extends NoRouteError {
  /** The simulation's revert data, when the node returned any. */
  revertData: `0x${string}` | undefined
  constructor({ reason, revertData }: { reason: string; revertData: `0x${string}` | undefined }) {
    super({ reason })
    this.revertData = revertData
  }
}

export type InvalidRouteParametersErrorType = InvalidRouteParametersError & { name: 'InvalidRouteParametersError' }
/** The route request is malformed (unknown token, non-positive amount, bad limits). */
export class InvalidRouteParametersError extends BaseError {
  override name = 'InvalidRouteParametersError'
  constructor({ reason }: { reason: string }) {
    super(`Invalid route parameters: ${reason}`, { code: 'INVALID_ARGUMENT' })
  }
}

export type QueueFullErrorType = QueueFullError & { name: 'QueueFullError' }
/** The engine pool's bounded queue is full; the caller should retry later (gRPC RESOURCE_EXHAUSTED, HTTP 429). */
export class QueueFullError extends BaseError {
  override name = 'QueueFullError'
  constructor({ maxQueue, cause }: { maxQueue: number; cause?: unknown }) {
    super('The route engine is busy: its task queue is full.', {
      code: 'RESOURCE_EXHAUSTED',
      details: `maxQueue=${maxQueue}`,
      metaMessages: ['Too many concurrent route requests for the number of worker threads.', 'Retry with backoff.'],
      cause,
    })
  }
}

export type TaskAbortedErrorType = TaskAbortedError & { name: 'TaskAbortedError' }
/**
 * An engine task was cancelled by its AbortSignal (code `CANCELLED`) or its deadline passed before it
 * finished (code `DEADLINE_EXCEEDED`).
 */
export class TaskAbortedError extends BaseError {
  override name = 'TaskAbortedError'
  constructor({ task, reason, deadlineExceeded = false, cause }: { task: string; reason?: string; deadlineExceeded?: boolean; cause?: unknown }) {
    super(`Engine task "${task}" was aborted.`, {
      code: deadlineExceeded ? 'DEADLINE_EXCEEDED' : 'CANCELLED',
      details: reason,
      metaMessages: ['The caller cancelled the request, or its deadline was too short for the search.'],
      cause,
    })
  }
}

export type WorkerCrashedErrorType = WorkerCrashedError & { name: 'WorkerCrashedError' }
/** The worker thread running a task exited; only that task fails and the pool starts a replacement. */
export class WorkerCrashedError extends BaseError {
  override name = 'WorkerCrashedError'
  constructor({ task, cause }: { task: string; cause?: unknown }) {
    super(`The engine worker running task "${task}" crashed.`, {
      code: 'WORKER_CRASHED',
      details: cause instanceof Error ? cause.message : undefined,
      metaMessages: ['A worker ran out of memory or called process.exit.'],
      cause,
    })
  }
}

export type EngineTaskErrorType = EngineTaskError & { name: 'EngineTaskError' }
/** A worker task failed with an unexpected error (a bug or a corrupt snapshot). */
export class EngineTaskError extends BaseError {
  override name = 'EngineTaskError'
  constructor({ task, message, cause }: { task: string; message: string; cause?: unknown }) {
    super(`Engine task "${task}" failed.`, { code: 'INTERNAL', details: message, cause })
  }
}

export type UnknownProtocolErrorType = UnknownProtocolError & { name: 'UnknownProtocolError' }
/** A snapshot names a protocol that no registered adapter serves. */
export class UnknownProtocolError extends BaseError {
  override name = 'UnknownProtocolError'
  constructor({ protocol }: { protocol: string }) {
    super(`No adapter serves protocol "${protocol}".`, {
      code: 'UNKNOWN_PROTOCOL',
      metaMessages: ['Is the adapter listed in src/protocols/registry.ts?'],
    })
  }
}
