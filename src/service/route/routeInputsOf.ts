import type { Address } from 'viem'
import { InvalidRequestError } from '../../errors/request.js'
import { checkedAdd } from '../../schemas/checkedAdd.js'
import { engineTokenOf } from './engineTokenOf.js'

/** What {@link routeInputsOf} derives from a request's inputs. */
export type RouteInputsOfReturnType = {
  /** The fee taken from each input (same order as `tokenIn`): `amount × feeBps / 10 000`, rounded down. */
  fees: bigint[]
  /** What the engine routes: each input net of its fee, inputs mapping to one engine token merged (first appearance order). */
  engineInputs: { token: string; amount: bigint }[]
}

/**
 * The fee per input and the engine's inputs: the native coin routes as the wrapped token, so a
 * request bringing both ETH and WETH routes their sum once.
 * @throws InvalidRequestError AMOUNT_TOO_LARGE when that sum passes 2^256-1 (no balance can hold it)
 */
export function routeInputsOf(p: { tokenIn: readonly Address[]; amountIn: readonly bigint[]; feeBps: readonly bigint[]; weth: Address }): RouteInputsOfReturnType {
  const fees = p.amountIn.map((a, i) => (a * p.feeBps[i]!) / 10_000n)
  const merged = new Map<string, bigint>()
  p.tokenIn.forEach((t, i) => {
    const token = engineTokenOf(t, p.weth)
    const sum = checkedAdd(merged.get(token) ?? 0n, p.amountIn[i]! - fees[i]!)
    if (sum === undefined) {
      const reason = `routed as one token with an earlier input (the native coin routes as its wrapped token), the amounts add up to more than 2^256-1`
      throw new InvalidRequestError({ code: 'AMOUNT_TOO_LARGE', message: `amountIn[${i}]: ${reason}`, issues: [{ field: `amountIn[${i}]`, reason }] })
    }
    merged.set(token, sum)
  })
  return { fees, engineInputs: [...merged].map(([token, amount]) => ({ token, amount })) }
}
