import type { Address, Hex } from 'viem'
import type { ChainAddressBook } from '../../chain/addressBook.js'
import type { EngineSnapshot, FindRouteReturnType } from '../../engine/types.js'
import type { RouteParams } from '../../schemas/routeRequest.js'
import { computePriceImpact } from '../computePriceImpact.js'
import { toRouteSteps } from '../toRouteSteps.js'
import type { RouteAnswer } from '../types.js'
import { validUntilOf } from '../validUntilOf.js'

/**
 * The route answer on the wire: amounts and minimums as decimal strings (the first output's as
 * `amountOut`/`minAmountOut`), the fees taken from the inputs (none for the vendor), the price impact
 * of the inputs net of fees against the simulated outputs, the simulated block, the transaction, and
 * the external contracts its plan hands control to.
 */
export function toRouteAnswer(p: {
  params: RouteParams
  book: ChainAddressBook
  snapshot: Pick<EngineSnapshot, 'blockNumber' | 'timestamp'>
  /** The pools' USD mid prices at the snapshot (`tokenPricesFor`). */
  midPrices: ReadonlyMap<string, { price: number }>
  route: FindRouteReturnType
  fees: readonly bigint[]
  amountsOut: readonly bigint[]
  mins: readonly bigint[]
  gasLimit: bigint
  tx: { data: Hex; value: bigint; to: Address }
  /** See {@link RouteAnswer.externalContracts}. */
  externalContracts: readonly string[]
}): RouteAnswer {
  const { params, book, snapshot } = p
  return {
    gas: p.gasLimit.toString(),
    amountOut: p.amountsOut[0]!.toString(),
    minAmountOut: p.mins[0]!.toString(),
    amountsOut: p.amountsOut.map(String),
    minAmountsOut: p.mins.map(String),
    feeAmount: p.fees.map(String),
    ensoFeeAmount: p.fees.map(() => '0'),
    priceImpact: computePriceImpact(book, {
      inputs: params.tokenIn.map((token, i) => ({ token, amount: params.amountIn[i]! - p.fees[i]! })),
      outputs: params.tokenOut.map((token, i) => ({ token, amount: p.amountsOut[i]! })),
      midPrices: p.midPrices,
    }),
    createdAt: Number(snapshot.blockNumber),
    blockNumber: Number(snapshot.blockNumber),
    validUntil: validUntilOf(snapshot),
    tx: { data: p.tx.data, to: p.tx.to, from: params.fromAddress, value: p.tx.value.toString() },
    route: toRouteSteps(p.route, params, { weth: book.weth, chainId: params.chainId }),
    externalContracts: [...p.externalContracts],
  }
}
