import type { Address, PublicClient } from 'viem'
import { isNativeAddress } from '../../schemas/fields.js'
import type { RouteParams } from '../../schemas/routeRequest.js'
import { assertTokenClasses, type NamedAddress, type TokenHolder } from '../assertTokenClasses.js'

/** Parameters of {@link assertRouteTokenClasses}. */
export type AssertRouteTokenClassesParameters = {
  params: RouteParams
  blockNumber: bigint
  multicall3: Address
  /** The strategy's contracts: the one the sender calls (`to`) and the one that holds the tokens (`self`). */
  strategy: { to: Address; self: Address }
}

/**
 * A route's token-class check (see `assertTokenClasses`): its input and output tokens, against the
 * sender, the receivers it names and the strategy's contracts.
 * @throws TokenPausedError | TokenBlocklistedError
 */
export async function assertRouteTokenClasses(client: PublicClient, { params, blockNumber, multicall3, strategy }: AssertRouteTokenClassesParameters): Promise<void> {
  const tokens: NamedAddress[] = [
    ...params.tokenIn.map((address, i) => ({ field: `tokenIn[${i}]`, address })),
    ...params.tokenOut.map((address, i) => ({ field: `tokenOut[${i}]`, address })),
  ].filter((t) => !isNativeAddress(t.address))
  const holders: TokenHolder[] = [
    { field: 'fromAddress', address: params.fromAddress },
    { field: 'receiver', address: params.receiver },
    { field: 'refundReceiver', address: params.refundReceiver },
    ...(params.feeReceiver && params.feeBps.some((f) => f > 0n) ? [{ field: 'feeReceiver', address: params.feeReceiver }] : []),
    { field: 'routingStrategy', address: strategy.to, ours: true },
    { field: 'routingStrategy', address: strategy.self, ours: true },
  ]
  await assertTokenClasses(client, { chainId: params.chainId, blockNumber, multicall3, tokens, holders })
}
