import { erc20Abi, maxUint256, type Address, type Hex } from 'viem'
import type { DevnetChain } from '../../chain/devnet/devnetChain.js'
import type { ServiceContext } from '../context.js'
import { getRoute } from '../getRoute.js'
import type { RouteAnswer } from '../types.js'

/**
 * Test-only: approves the router for `tokenIn` (the user must hold it and be impersonated), asks
 * `getRoute` for `tokenIn → tokenOut`, sends the returned transaction and measures the user's balance
 * change of `tokenOut`.
 * @returns the answer, the mined receipt's status and the balance change
 */
export async function routeAndExecute(
  chain: DevnetChain,
  ctx: ServiceContext,
  { user, tokenIn, tokenOut, amountIn, accountId, ignoreStandards }: { user: Address; tokenIn: Address; tokenOut: Address; amountIn: bigint; accountId: Hex; ignoreStandards?: string[] },
): Promise<{ answer: RouteAnswer; status: 'success' | 'reverted'; delta: bigint }> {
  const router = chain.addressBook.switchyard!.router as Address
  const approve = await chain.client.writeContract({ address: tokenIn, abi: erc20Abi, functionName: 'approve', args: [router, maxUint256], account: user, chain: chain.client.chain })
  await chain.client.waitForTransactionReceipt({ hash: approve })
  const answer = await getRoute(ctx, { fromAddress: user, tokenIn: [tokenIn], tokenOut: [tokenOut], amountIn: [amountIn.toString()], ...(ignoreStandards ? { ignoreStandards } : {}) }, {
    caller: { accountId, keyId: 'test' },
    requireVariableEstimates: false,
  })
  const balance = () => chain.client.readContract({ address: tokenOut, abi: erc20Abi, functionName: 'balanceOf', args: [user] })
  const before = await balance()
  const hash = await chain.client.sendTransaction({ account: user, to: answer.tx.to as Address, data: answer.tx.data, chain: chain.client.chain, gas: 5_000_000n })
  const { status } = await chain.client.waitForTransactionReceipt({ hash })
  return { answer, status, delta: (await balance()) - before }
}
