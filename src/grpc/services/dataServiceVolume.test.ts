import { credentials, loadPackageDefinition } from '@grpc/grpc-js'
import { pino } from 'pino'
import { erc20Abi, maxUint256, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApiKeyStore } from '../../service/auth/createApiKeyStore.js'
import { createServices } from '../../service/createServices.js'
import { getRoute } from '../../service/getRoute.js'
import { getVolume } from '../../service/getVolume.js'
import { startServiceOnDevnet } from '../../service/testing/startServiceOnDevnet.js'
import type { ProtoGrpcType as DataProto } from '../generated/data_service.js'
import type { DataServiceClient } from '../generated/switchyard/data/v1/DataService.js'
import type { VolumeResponse__Output } from '../generated/switchyard/data/v1/VolumeResponse.js'
import { loadProtoDefinition } from '../loadProtoDefinition.js'
import { createGrpcServer, type GrpcServer } from '../server.js'
import { authMetadata } from '../testing/authMetadata.js'
import { callUnary } from '../testing/callUnary.js'

const KEY = 'volume-test-key-0123456789'

let s: Awaited<ReturnType<typeof startServiceOnDevnet>>
let grpc: GrpcServer
let data: DataServiceClient
beforeAll(async () => {
  s = await startServiceOnDevnet()
  grpc = createGrpcServer({ services: createServices(s.ctx), logger: pino({ level: 'silent' }), auth: { apiKeys: createApiKeyStore({ keys: [KEY] }) } })
  const port = await grpc.bind('127.0.0.1:0')
  const proto = loadPackageDefinition(loadProtoDefinition()) as unknown as DataProto
  data = new proto.switchyard.data.v1.DataService(`127.0.0.1:${port}`, credentials.createInsecure())
})
afterAll(async () => {
  data?.close()
  await grpc?.shutdown()
  await s?.stop()
})

const volume = (request: { chain_id: string; blocks?: number }) =>
  callUnary<DataServiceClient, typeof request, VolumeResponse__Output>(data, 'Volume', request, { metadata: authMetadata(`Bearer ${KEY}`) })

test('DataService/Volume on the real server answers the devnet volume: swaps and routes are distinct fields', async () => {
  const { chain, devnet, ctx } = s
  const empty = await volume({ chain_id: '1' })
  expect(empty.error).toBeUndefined()
  expect(empty.response).toMatchObject({ chain_id: '1', volume_usd: 0, swaps: '0', routes: '0' })

  // One route executed through our router: every hop is a pool swap, the route counts once.
  const user: Address = '0x0000000000000000000000000000000000010011'
  const usdc = chain.addressBook.tokens.USDC!.address
  await devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 18n })
  await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 50_000n * 10n ** 6n })
  await chain.client.impersonateAccount({ address: user })
  const router = chain.addressBook.switchyard!.router as Address
  await chain.client.waitForTransactionReceipt({
    hash: await chain.client.writeContract({ address: usdc, abi: erc20Abi, functionName: 'approve', args: [router, maxUint256], account: user, chain: chain.client.chain }),
  })
  const answer = await getRoute(ctx, { fromAddress: user, tokenIn: [usdc], tokenOut: [chain.addressBook.weth], amountIn: ['50000000000'] }, {
    caller: { accountId: `0x${'44'.repeat(32)}` as Hex, keyId: 't' }, requireVariableEstimates: false,
  })
  const hash = await chain.client.sendTransaction({ account: user, to: answer.tx.to as Address, data: answer.tx.data, chain: chain.client.chain, gas: 5_000_000n })
  expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')

  const expected = await getVolume(ctx, { chainId: 1, blocks: 100 })
  expect(expected.routes).toBe(1)
  // The check below tells swaps from routes only if they differ.
  expect(expected.swaps).toBeGreaterThan(expected.routes)
  const { response, error } = await volume({ chain_id: '1', blocks: 100 })
  expect(error).toBeUndefined()
  expect(response).toEqual({
    chain_id: '1',
    from_block: String(expected.fromBlock),
    to_block: String(expected.toBlock),
    volume_usd: expected.volumeUsd,
    swaps: String(expected.swaps),
    routes: '1',
    by_protocol: expected.byProtocol.map((p) => ({ protocol: p.protocol, volume_usd: p.volumeUsd, swaps: String(p.swaps) })),
  })
  expect(Number(response!.to_block) - Number(response!.from_block)).toBe(99)
  expect(response!.by_protocol.reduce((a, p) => a + Number(p.swaps), 0)).toBe(expected.swaps)
})
