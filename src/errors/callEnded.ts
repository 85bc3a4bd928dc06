import { BaseError } from './base.js'

export type CallEndedErrorType = CallEndedError & { name: 'CallEndedError' }
/**
 * The caller went away (its HTTP client disconnected, its gRPC call was cancelled: code `CANCELLED`) or
 * its deadline passed (`DEADLINE_EXCEEDED`) while its work was still running: the next step of that
 * work (a simulation, a search) is not started.
 */
export class CallEndedError extends BaseError {
  override name = 'CallEndedError'
  constructor({ step, deadlineExceeded = false }: { step: string; deadlineExceeded?: boolean }) {
    super(deadlineExceeded ? `The request's deadline passed before its ${step}.` : `The request was cancelled before its ${step}.`, {
      code: deadlineExceeded ? 'DEADLINE_EXCEEDED' : 'CANCELLED',
      metaMessages: ['The work it had started was stopped; nothing was sent.'],
    })
  }
}
