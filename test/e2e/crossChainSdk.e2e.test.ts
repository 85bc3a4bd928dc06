import * as grpc from '@grpc/grpc-js'
import { EnsoClient } from '@ensofinance/sdk'
import { pino } from 'pino'
import { erc20Abi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMonotonicHead } from '../../src/service/testing/createMonotonicHead.js'
import { untilSettled } from '../../src/service/testing/untilSettled.js'
import { configSchema } from '../../src/config.js'
import { toProtoRouteRequest } from '../../src/gateway/mapping/toProtoRouteRequest.js'
import { loadProtoDefinition } from '../../src/grpc/loadProtoDefinition.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * Cross-chain from the outside in, as the "done when" states it: the real @ensofinance/sdk
 * against a running switchyard on both devnet chains with its relayer on. Every returned transaction
 * is sent on chain 1; the relayer carries it to Base; balances are checked to the wei; the bridge
 * status endpoint follows it from inflight to delivered.
 */

const KEY = 'cross-chain-sdk-key-0123456789abcdef'
const user: Address = '0x0000000000000000000000000000000000c0c001'
const receiver: Address = '0x0000000000000000000000000000000000c0c002'
const VAULT: Address = '0x5a7e000000000000000000000000000000000001'

let sy: RunningSwitchyard
let enso: EnsoClient

beforeAll(async () => {
  const config = configSchema.parse({
    chains: [1, 8453], devnetPorts: { '1': 0, '8453': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1,
    stateDir: `.switchyard/test-${process.pid}`,
  })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  enso = new EnsoClient({ apiKey: KEY, baseURL: `${sy.httpUrl}/api/v1` })
  const devnet = sy.connected.devnet!
  await devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 20n })
  await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 100_000n * 10n ** 6n })
  await devnet.chains[1]!.client.impersonateAccount({ address: user })
}, 180_000)
afterAll(async () => {
  await sy?.stop()
})

const client = (chainId: number) => sy.connected.devnet!.chains[chainId]!.client
const token = (chainId: number, symbol: string) => sy.connected.chains[chainId]!.addressBook.tokens[symbol]!.address
// At the head's number, not `latest` (see startCrossChainHarness: anvil's `latest` can run ahead of its blocks while the relayer mines).
// Never at a block before one already read (createMonotonicHead): a delivery once seen stays seen.
const heads = new Map<number, () => Promise<bigint>>()
const headOf = (chainId: number) => heads.get(chainId) ?? heads.set(chainId, createMonotonicHead(() => client(chainId).getBlockNumber({ cacheTime: 0 }))).get(chainId)!
const balanceOf = async (chainId: number, t: Address, who: Address) =>
  client(chainId).readContract({ address: t, abi: erc20Abi, functionName: 'balanceOf', args: [who], blockNumber: await headOf(chainId)() })

async function sendOnChain1(tx: { to: string; data: string; value?: string | number | bigint | undefined }, gas: string | number | bigint): Promise<Hex> {
  const c = client(1)
  const hash = await c.sendTransaction({ account: user, to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.value ?? 0), gas: BigInt(gas), chain: c.chain })
  expect((await c.waitForTransactionReceipt({ hash })).status).toBe('success')
  return hash
}

/** Until `check` holds on settled state (untilSettled: one empty block mined on each chain once it holds). */
async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<number> {
  return untilSettled(check, async () => {
    for (const id of [1, 8453]) await client(id).mine({ blocks: 1 })
  }, timeoutMs)
}

describe('@ensofinance/sdk cross-chain against a running switchyard with its relayer', () => {
  test('gRPC RoutingService.Route with destination_chain_id answers what REST answers on the same blocks (bridge steps, bridging estimates)', async () => {
    const proto = grpc.loadPackageDefinition(loadProtoDefinition({})) as unknown as { switchyard: { routing: { v1: { RoutingService: grpc.ServiceClientConstructor } } } }
    const routing = new proto.switchyard.routing.v1.RoutingService(sy.grpcAddress, grpc.credentials.createInsecure()) as unknown as grpc.Client & { Route: (...args: unknown[]) => unknown }
    const body = { chainId: 1, destinationChainId: 8453, fromAddress: user, receiver, tokenIn: [token(1, 'USDC')], tokenOut: [VAULT], amountIn: ['3000000000'], routingStrategy: 'router', ignoreBridges: ['across'], variableEstimates: {} }
    const md = new grpc.Metadata()
    md.set('authorization', `Bearer ${KEY}`)
    const viaGrpc = await new Promise<Record<string, unknown>>((resolve, reject) =>
      routing.Route(toProtoRouteRequest(body as never), md, { deadline: Date.now() + 20_000 }, (err: grpc.ServiceError | null, res: Record<string, unknown>) => (err ? reject(err) : resolve(res))),
    )
    routing.close()
    const viaRest = await enso.getRouteData(body as never)
    expect(viaGrpc.amount_out).toBe(viaRest.amountOut)
    expect((viaGrpc.bridging_estimates as unknown[]).length).toBe(1)
    expect((viaGrpc.route as { action: string; destination_chain_id?: string }[]).some((s) => s.action === 'bridge' && s.destination_chain_id === '8453')).toBe(true)
  })

  test('getRouteData with destinationChainId: USDC on chain 1 → vault shares on Base, executed, relayed, delivered as promised; getBridgeStatus follows it', async () => {
    const usdc = token(1, 'USDC')
    const approval = await enso.getApprovalData({ chainId: 1, fromAddress: user, tokenAddress: usdc, amount: '10000000000' })
    await sendOnChain1({ ...approval.tx, value: 0n }, BigInt(approval.gas) * 2n)
    const route = await enso.getRouteData({
      chainId: 1, destinationChainId: 8453, fromAddress: user, receiver, tokenIn: [usdc], tokenOut: [VAULT], amountIn: ['10000000000'], routingStrategy: 'router', ignoreBridges: ['across'],
    })
    expect(route.bridgingEstimates?.[0]).toMatchObject({ fromChainId: 1, toChainId: 8453 })
    expect(route.route.some((s) => s.action === 'bridge' && s.destinationChainId === 8453)).toBe(true)
    const before = await balanceOf(8453, VAULT, receiver)
    const hash = await sendOnChain1(route.tx, route.gas)
    const ms = await until(async () => (await balanceOf(8453, VAULT, receiver)) > before)
    expect((await balanceOf(8453, VAULT, receiver)) - before).toBe(BigInt(route.amountOut as string))
    expect(ms).toBeLessThan(2_000)
    const status = await enso.getBridgeStatus({ bridgeProtocol: 'stargate', chainId: 1, txHash: hash })
    expect(status).toMatchObject({ sourceChainId: 1, destinationChainId: 8453, status: 'delivered' })
    expect(status.destinationTxHash).toMatch(/^0x[0-9a-f]{64}$/)
  })

  test('getBundleData with a stargate bridge and callbacks: executed, relayed, the callback delivers amountsOut', async () => {
    const usdc1 = token(1, 'USDC')
    const usdc8453 = token(8453, 'USDC')
    const bundle = await enso.getBundleData({ chainId: 1, fromAddress: user, routingStrategy: 'router', receiver }, [
      {
        protocol: 'stargate',
        action: 'bridge',
        args: {
          primaryAddress: sy.connected.chains[1]!.addressBook.stargate!.pools.find((p) => p.symbol === 'USDC')!.pool,
          destinationChainId: 8453, tokenIn: usdc1, amountIn: '2000000000', receiver,
          callback: [
            { protocol: 'enso', action: 'balance', args: { token: usdc8453 } },
            { protocol: 'erc4626', action: 'deposit', args: { primaryAddress: VAULT, tokenIn: usdc8453, tokenOut: VAULT, amountIn: { useOutputOfCallAt: 0 }, receiver } },
          ],
        },
      },
    ])
    expect(bundle.bridgingEstimates?.[0]).toMatchObject({ fromChainId: 1, toChainId: 8453 })
    for (const a of bundle.approvals ?? []) await sendOnChain1(a, 100_000n)
    const promised = BigInt(Object.entries(bundle.amountsOut ?? {}).find(([t]) => t.toLowerCase() === VAULT)![1] as string)
    const before = await balanceOf(8453, VAULT, receiver)
    await sendOnChain1(bundle.tx, bundle.gas!)
    await until(async () => (await balanceOf(8453, VAULT, receiver)) > before)
    // A delivery seen and then gone again (issue 28 item 10, 3 CI runs in 18) would mean the chain lost
    // blocks: say so if the devnet's supervisor restarted a node from an older dump meanwhile.
    expect(Object.values(sy.connected.devnet!.chains).map((c) => c.supervisor?.restarts() ?? 0), 'devnet node restarts').toEqual([0, 0])
    expect((await balanceOf(8453, VAULT, receiver)) - before).toBe(promised)
  })
})
