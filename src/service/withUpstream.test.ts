import type { Hex, PublicClient } from 'viem'
import { pino } from 'pino'
import { afterAll, expect, test } from 'vitest'
import type { ChainRuntime } from '../chain/connectChains.js'
import { startDevnet } from '../chain/devnet/startDevnet.js'
import { createServiceContext } from './createServiceContext.js'
import { getApproval } from './getApproval.js'
import { getRoute } from './getRoute.js'

const caller = { accountId: `0x${'33'.repeat(32)}` as Hex, keyId: 'test' }
let close: (() => Promise<void>) | undefined
afterAll(async () => {
  await close?.()
})

test('THREATS N1: the node goes down → UPSTREAM_UNAVAILABLE (503), never a 500 or an unsimulated route', async () => {
  const devnet = await startDevnet({ chains: [1] })
  const chain = devnet.chains[1]!
  const runtime: ChainRuntime = { chainId: 1, rpcUrl: chain.rpcUrl, source: 'devnet', client: chain.client as unknown as PublicClient, addressBook: chain.addressBook }
  const ctx = createServiceContext({ chains: { 1: runtime }, logger: pino({ level: 'silent' }), threads: 1 })
  close = () => ctx.close()
  const request = { fromAddress: '0x000000000000000000000000000000000001dead', tokenIn: [chain.addressBook.tokens.USDC!.address], tokenOut: [chain.addressBook.tokens.WETH!.address], amountIn: ['1000000'] }
  await expect(getRoute(ctx, request, { caller, requireVariableEstimates: false })).resolves.toMatchObject({ createdAt: expect.any(Number) })
  await devnet.stop()
  await expect(getRoute(ctx, { ...request, amountIn: ['2000000'] }, { caller, requireVariableEstimates: false })).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
  await expect(getApproval(ctx, { fromAddress: request.fromAddress, tokenAddress: request.tokenIn[0], amount: '1' }, { caller })).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
})
