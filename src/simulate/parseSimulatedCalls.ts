import type { Hex } from 'viem'
import { InvalidNodeResponseError } from '../errors/chain.js'

/** One call's result in an `eth_simulateV1` answer, as the node sent it (only the checked fields typed). */
export type SimulatedCallResult = { returnData?: unknown; logs?: unknown; error?: { message?: string; data?: Hex } }

/** One call's outcome, checked: `ok` is status 1, `gasUsed` a quantity; `result` the rest, unchecked. */
export type SimulatedCall = { ok: boolean; gasUsed: bigint; result: SimulatedCallResult }

const quantityPattern = /^0x[0-9a-f]{1,64}$/i

/**
 * Checks an `eth_simulateV1` answer for exactly `count` calls in one block: anything else (not an
 * array, a missing block, another number of calls, a status or gas that is not a quantity, a status
 * other than 0 or 1) is the node's fault (THREATS N3), never the request's (400) or ours (500).
 * @throws InvalidNodeResponseError
 */
export function parseSimulatedCalls(response: unknown, count: number): SimulatedCall[] {
  const invalid = (reason: string) => new InvalidNodeResponseError({ method: 'eth_simulateV1', reason })
  if (!Array.isArray(response) || response.length < 1) throw invalid('not an array of blocks')
  const block: unknown = response[0]
  const calls = block && typeof block === 'object' ? (block as { calls?: unknown }).calls : undefined
  if (!Array.isArray(calls) || calls.length !== count) throw invalid(`expected ${count} call results`)
  return calls.map((call: unknown, i) => {
    const result = (call && typeof call === 'object' ? call : {}) as SimulatedCallResult & { status?: unknown; gasUsed?: unknown }
    const { status, gasUsed } = result
    if (typeof status !== 'string' || !quantityPattern.test(status)) throw invalid(`call ${i}: status is not a quantity`)
    if (typeof gasUsed !== 'string' || !quantityPattern.test(gasUsed)) throw invalid(`call ${i}: gasUsed is not a quantity`)
    const code = BigInt(status)
    if (code > 1n) throw invalid(`call ${i}: status ${status} is neither 0 nor 1`)
    return { ok: code === 1n, gasUsed: BigInt(gasUsed), result }
  })
}
