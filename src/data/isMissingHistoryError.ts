import { BaseError as ViemBaseError } from 'viem'

/**
 * What nodes answer when asked for state they do not keep: anvil after `--load-state`
 * (`BlockOutOfRangeError`), geth and erigon without an archive (`missing trie node`, `header not
 * found`, `historical state ... is not available`), pruned reth nodes.
 */
const MISSING_HISTORY = /BlockOutOfRange|block height is \d+ but requested|missing trie node|header not found|historical state|state .*not available|pruned/i

/**
 * Whether a failed read asked for a block the node has no state for, as opposed to a node that is
 * down or a call that reverted. Callers turn the first into "no history" (an unknown value) and let
 * every other error propagate.
 * @param error - anything thrown by a viem read
 * @returns true for a missing-history answer
 */
export function isMissingHistoryError(error: unknown): boolean {
  if (error instanceof ViemBaseError) {
    let found = false
    error.walk((e) => {
      const text = e instanceof ViemBaseError ? `${e.details} ${e.shortMessage}` : e instanceof Error ? e.message : ''
      if (MISSING_HISTORY.test(text)) found = true
      return false
    })
    return found
  }
  return error instanceof Error && MISSING_HISTORY.test(error.message)
}
