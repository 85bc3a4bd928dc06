import { BatchControl } from './batchControl.js'
import { type TaskFailure, toTaskFailure } from './taskFailure.js'

/** Outcome of one item, see {@link BatchAnswers}. */
export const BatchStatus = { ok: 0, error: 1, skipped: 2 } as const

/**
 * The answers of a batch, item by item: `statuses[i]` says whether `values[i]` is the item's result
 * (`ok`), a {@link TaskFailure} (`error`), or nothing (`skipped`: the caller had cancelled it). Flat
 * rather than one wrapper object per item: wrappers would be encoded and decoded per request.
 */
export type BatchAnswers = { statuses: Uint8Array; values: unknown[] }

/** Parameters of {@link runBatchItems}. */
export type RunBatchItemsParameters<I> = {
  items: readonly I[]
  /** The batch's control words (see batchControl.ts). */
  control: Int32Array
  /** Runs one item; a throw fails that item only. */
  run: (item: I) => unknown
}

/**
 * Worker side of a batch: runs the items in order, skipping those the caller cancelled, and publishes
 * the running index so the main thread can stop a long item or, after a crash, blame only that one.
 *
 * @returns the answers, in item order
 */
export function runBatchItems<I>({ items, control, run }: RunBatchItemsParameters<I>): BatchAnswers {
  const statuses = new Uint8Array(items.length)
  const values: unknown[] = []
  for (let i = 0; i < items.length; i++) {
    if (Atomics.load(control, 1 + i) === BatchControl.cancelled) {
      statuses[i] = BatchStatus.skipped
      values.push(undefined)
      continue
    }
    Atomics.store(control, BatchControl.running, i)
    try {
      values.push(run(items[i]!))
    } catch (error) {
      statuses[i] = BatchStatus.error
      values.push(toTaskFailure(error))
    }
  }
  Atomics.store(control, BatchControl.running, BatchControl.none)
  return { statuses, values }
}
