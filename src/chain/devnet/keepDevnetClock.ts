/** A raw JSON-RPC call: method and params in, `result` out. */
export type DevnetRpc = (method: string, params: unknown[]) => Promise<unknown>

/**
 * Puts a devnet anvil on one consistent clock: every block is stamped exactly one second after its
 * parent, from the chain's own head (never from the wall clock), which is the timestamp switchyard
 * simulates the next block at (`simulateTransaction`'s `parentTimestamp + 1`). Anvil's default stamps
 * blocks with wall-clock time: two blocks in one second got the same stamp (a reserve's interest then
 * came out a wei short of the simulation), and a node loaded from a dump jumped to the wall clock
 * (+331 days after a restart). Call it whenever a node starts, cold, warm or restarted.
 *
 * The order matters: anvil's own clock back to the head first (a node loaded from a dump starts it at
 * the wall clock and refuses any earlier next stamp), then the interval, then the next stamp (a next
 * stamp set before the interval is applied against the wall clock). With the interval set anvil ignores
 * `evm_increaseTime`; move the clock with `evm_setNextBlockTimestamp` (later blocks continue one second
 * apart from there).
 */
export async function keepDevnetClock(rpc: DevnetRpc): Promise<void> {
  const head = (await rpc('eth_getBlockByNumber', ['latest', false])) as { timestamp: string }
  const time = Number(BigInt(head.timestamp))
  await rpc('evm_setTime', [time])
  await rpc('anvil_setBlockTimestampInterval', [1])
  await rpc('evm_setNextBlockTimestamp', [time + 1])
}
