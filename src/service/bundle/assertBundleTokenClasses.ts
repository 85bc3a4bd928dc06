import type { Address, PublicClient } from 'viem'
import { isNativeAddress } from '../../schemas/fields.js'
import type { BundleParams } from '../../schemas/bundleRequest.js'
import { assertTokenClasses, type TokenHolder } from '../assertTokenClasses.js'
import { tokensNamed } from './readBundleChainData.js'

/** Parameters of {@link assertBundleTokenClasses}. */
export type AssertBundleTokenClassesParameters = {
  params: BundleParams
  blockNumber: bigint
  multicall3: Address
  /** The contract the sender calls (`to`) and the one that holds the tokens while the plan runs (`self`). */
  target: { to: Address; self: Address }
}

/**
 * A bundle's token-class check (see `assertTokenClasses`): every token its actions name, against the
 * sender, the receiver and the bundle's contracts; the field named is `actions` (or the holder's).
 * @throws TokenPausedError | TokenBlocklistedError
 */
export async function assertBundleTokenClasses(client: PublicClient, { params, blockNumber, multicall3, target }: AssertBundleTokenClassesParameters): Promise<void> {
  const tokens = tokensNamed(params).filter((t) => !isNativeAddress(t)).map((address) => ({ field: 'actions', address }))
  const holders: TokenHolder[] = [
    { field: 'fromAddress', address: params.fromAddress },
    { field: 'receiver', address: params.receiver },
    { field: 'refundReceiver', address: params.refundReceiver },
    { field: 'routingStrategy', address: target.to, ours: true },
    { field: 'routingStrategy', address: target.self, ours: true },
  ]
  await assertTokenClasses(client, { chainId: params.chainId, blockNumber, multicall3, tokens, holders })
}
