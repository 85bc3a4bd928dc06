import type { ServerUnaryCall } from '@grpc/grpc-js'
import { setMaxListeners } from 'node:events'

/**
 * Listeners a call's signal may hold at once before Node warns of a leak (its default is 10): a batch
 * call's items (up to 50 routes or bundle actions) each wait on it in a few places at once (the engine
 * queue, a shared computation, a simulation), all removed when they settle.
 */
export const CALL_SIGNAL_MAX_LISTENERS = 256

/** How close to its deadline a cancelled call counts as timed out. */
export const DEADLINE_SLACK_MS = 10

export type CreateCallSignalReturnType = {
  /** Aborts when the client cancels, or when the deadline passes (reason: a `TimeoutError`). */
  signal: AbortSignal
  /** Absolute deadline in ms since epoch, `undefined` when the client set none. */
  deadline: number | undefined
  /** Stops the deadline timer and the cancel listener; call once the call has been answered. */
  dispose(): void
}

/**
 * The AbortSignal of one call, from its deadline and its cancellation, so the use case can stop
 * the worker task (THREATS W1): grpc-js answers DEADLINE_EXCEEDED itself, but the handler would
 * otherwise keep running.
 * @param call - the server call
 */
export function createCallSignal(call: Pick<ServerUnaryCall<unknown, unknown>, 'getDeadline' | 'on' | 'off' | 'cancelled'>): CreateCallSignalReturnType {
  const controller = new AbortController()
  setMaxListeners(CALL_SIGNAL_MAX_LISTENERS, controller.signal)
  const raw = call.getDeadline()
  const ms = raw instanceof Date ? raw.getTime() : raw
  const deadline = Number.isFinite(ms) ? ms : undefined
  let timer: NodeJS.Timeout | undefined
  const abortOnDeadline = () => controller.abort(new DOMException('The call deadline passed.', 'TimeoutError'))
  // grpc-js ends a call whose deadline passed and then reports it as cancelled, usually before
  // our own timer fires (its timer starts first, and Node timers may fire a millisecond early by
  // the wall clock): a cancellation within DEADLINE_SLACK_MS of the deadline is a timeout.
  const onCancelled = () => {
    if (deadline !== undefined && Date.now() >= deadline - DEADLINE_SLACK_MS) abortOnDeadline()
    else controller.abort(new DOMException('The call was cancelled.', 'AbortError'))
  }
  if (call.cancelled) onCancelled()
  else call.on('cancelled', onCancelled)
  if (deadline !== undefined && !controller.signal.aborted) {
    const left = deadline - Date.now()
    if (left <= 0) abortOnDeadline()
    else timer = setTimeout(abortOnDeadline, left)
  }
  return {
    signal: controller.signal,
    deadline,
    dispose() {
      if (timer !== undefined) clearTimeout(timer)
      call.off('cancelled', onCancelled)
    },
  }
}
