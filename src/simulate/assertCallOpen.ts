import { CallEndedError } from '../errors/callEnded.js'

/** A call's end: its cancellation signal and its absolute deadline (ms since epoch), both optional. */
export type CallEnd = { signal?: AbortSignal | undefined; deadline?: number | undefined }

/**
 * Throws when the call that asked for the work has ended, so that the next step (a simulation, a
 * search) is not started for nobody.
 * @param end - the call's signal and deadline
 * @param step - what would have run next, for the message
 * @throws CallEndedError (`CANCELLED` when the signal aborted, `DEADLINE_EXCEEDED` when the deadline passed)
 */
export function assertCallOpen(end: CallEnd, step: string): void {
  if (end.signal?.aborted === true) throw new CallEndedError({ step })
  if (end.deadline !== undefined && Date.now() >= end.deadline) throw new CallEndedError({ step, deadlineExceeded: true })
}
