import { parseAbi, type Address, type Hex, type PublicClient } from 'viem'

const multicall3Abi = parseAbi(['struct Call3 { address target; bool allowFailure; bytes callData; }', 'struct Result { bool success; bytes returnData; }', 'function aggregate3(Call3[] calls) view returns (Result[])'])

/** One read: the contract and its calldata. */
export type RawCall = { target: Address; data: Hex }
/** One read's result: `success` false when it reverted; `returnData` raw (empty when the target has no code). */
export type RawResult = { success: boolean; returnData: Hex }

/** Parameters of {@link aggregateCalls}. */
export type AggregateCallsParameters = {
  multicall3: Address
  calls: readonly RawCall[]
  /** Pins every read to this block; the latest block when omitted. */
  blockNumber?: bigint | undefined
  /** Calls per `aggregate3`; default 400. */
  chunkSize?: number | undefined
  /** `aggregate3` calls in flight at once; default 4. */
  concurrency?: number | undefined
}

/**
 * Runs many reads through Multicall3's `aggregate3` with failures allowed, in chunks, a few chunks at
 * a time, and returns each read's raw answer in order. Raw, not decoded, so a caller can tell a revert
 * from an answer of another type (a `bytes32` symbol) and decode each as it needs.
 * @returns one result per call, in order
 */
export async function aggregateCalls(client: PublicClient, { multicall3, calls, blockNumber, chunkSize = 400, concurrency = 4 }: AggregateCallsParameters): Promise<RawResult[]> {
  const out: RawResult[] = new Array(calls.length)
  const chunks: number[] = []
  for (let start = 0; start < calls.length; start += chunkSize) chunks.push(start)
  let next = 0
  const worker = async () => {
    while (next < chunks.length) {
      const start = chunks[next++]!
      const slice = calls.slice(start, start + chunkSize)
      const results = await client.readContract({
        address: multicall3, abi: multicall3Abi, functionName: 'aggregate3',
        args: [slice.map((c) => ({ target: c.target, allowFailure: true, callData: c.data }))],
        ...(blockNumber === undefined ? {} : { blockNumber }),
      })
      results.forEach((r, i) => {
        out[start + i] = { success: r.success, returnData: r.returnData }
      })
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker))
  return out
}

