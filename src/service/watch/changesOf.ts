import type { RouteAnswer } from '../types.js'

/** What a user would act on, one name each (the `changed` list of a stream answer). */
export type RouteChange = 'amountOut' | 'minAmountOut' | 'gas' | 'route' | 'error'

/** What a subscriber last received: an answer, or the code of a failure. */
export type WatchedOutcome = { answer: RouteAnswer } | { errorCode: string }

/** Steps per answer: a block's answer is compared with what each of its subscribers holds, mostly the same few answers. */
const steps = new WeakMap<RouteAnswer, string>()

/** The route's steps as a user reads them: protocols, pools, tokens and chains (not the args' amounts). */
function stepsOf(answer: RouteAnswer): string {
  let s = steps.get(answer)
  if (s === undefined) {
    s = JSON.stringify(answer.route.map((s) => [s.protocol, s.action, s.primary.toLowerCase(), s.tokenIn, s.tokenOut, s.chainId, s.sourceChainId, s.destinationChainId]))
    steps.set(answer, s)
  }
  return s
}

/**
 * What changed between the outcome a subscriber holds and a new one, by what a user would act on:
 * any amount out (`amountOut`), any minimum (`minAmountOut`), the route's steps (`route`), and `gas`
 * only when it moved by more than `gasChangeBps` of the previous gas (gas moves by a few units from block
 * to block with the calldata's random request id). A failure after an answer, an answer after a failure,
 * or another failure code is `error`. Empty: nothing to send but a heartbeat.
 * @param previous - what the subscriber holds
 * @param next - the outcome at the new block
 * @param p.gasChangeBps - least relative gas move that counts, basis points of the previous gas
 * @returns the changes, in a fixed order
 */
export function changesOf(previous: WatchedOutcome, next: WatchedOutcome, { gasChangeBps }: { gasChangeBps: number }): RouteChange[] {
  if ('errorCode' in previous || 'errorCode' in next) {
    return 'errorCode' in previous && 'errorCode' in next && previous.errorCode === next.errorCode ? [] : ['error']
  }
  const a = previous.answer
  const b = next.answer
  if (a === b) return []
  const changes: RouteChange[] = []
  if (a.amountOut !== b.amountOut || a.amountsOut.join() !== b.amountsOut.join()) changes.push('amountOut')
  if (a.minAmountOut !== b.minAmountOut || a.minAmountsOut.join() !== b.minAmountsOut.join()) changes.push('minAmountOut')
  const gasBefore = BigInt(a.gas)
  const gasMove = BigInt(b.gas) - gasBefore
  if ((gasMove < 0n ? -gasMove : gasMove) * 10_000n > gasBefore * BigInt(gasChangeBps)) changes.push('gas')
  if (stepsOf(a) !== stepsOf(b)) changes.push('route')
  return changes
}
