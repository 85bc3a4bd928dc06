/**
 * A batch's control words, shared between the main thread and the worker running the batch
 * (an `Int32Array` on a `SharedArrayBuffer`, so no message is needed for either direction):
 * word 0 is the index of the item the worker is running (`-1` before the first and after the last),
 * word `1 + i` is item `i`'s state. The main thread marks an aborted item `cancelled` and the worker
 * skips it; when the aborted item is the running one, the main thread stops the worker instead.
 * When a worker dies, word 0 names the item that was running: only that request fails.
 */
export const BatchControl = {
  /** Index of word 0. */
  running: 0,
  /** Word 0 when no item runs. */
  none: -1,
  /** Item state: not cancelled. */
  live: 0,
  /** Item state: the caller aborted it; the worker must not start it. */
  cancelled: 1,
} as const

/** Allocates the control words of a batch of `size` items. */
export function createBatchControl(size: number): Int32Array {
  const control = new Int32Array(new SharedArrayBuffer(4 * (size + 1)))
  control[BatchControl.running] = BatchControl.none
  return control
}
