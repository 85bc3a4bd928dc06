import type { Address, Hex } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { getBundle } from './getBundle.js'
import { getRoute } from './getRoute.js'
import { startServiceOnDevnet } from './testing/startServiceOnDevnet.js'

// Issue 22 item 6: a request whose client went away stops its work. Here the caller's signal aborts the
// moment the engine's search (or bundle build) has answered, as a disconnect mid-request would: the use
// case then sends no simulation and ends CANCELLED (the gateway cancels the gRPC call when its HTTP
// client disconnects, and the gRPC server aborts the signal when its call is cancelled).

const user: Address = '0x7a1100000000000000000000000000000000020b'
const caller = { accountId: `0x${'45'.repeat(32)}` as Hex, keyId: 'test' }

let service: Awaited<ReturnType<typeof startServiceOnDevnet>>
const simulations: unknown[] = []
let controller: AbortController
beforeAll(async () => {
  service = await startServiceOnDevnet({ chains: [1] })
  const client = service.ctx.chains[1]!.client as unknown as { request: (args: { method: string }) => Promise<unknown> }
  const request = client.request.bind(client)
  client.request = async (args) => {
    if (args.method === 'eth_simulateV1') simulations.push(args)
    return request(args)
  }
  const engine = service.ctx.engine
  const findRoute = engine.findRoute.bind(engine)
  engine.findRoute = async (...a) => {
    const found = await findRoute(...a)
    controller.abort()
    return found
  }
  const buildBundle = engine.buildBundle.bind(engine)
  engine.buildBundle = async (...a) => {
    const built = await buildBundle(...a)
    controller.abort()
    return built
  }
}, 120_000)
afterAll(async () => {
  await service?.stop()
})
beforeEach(() => {
  simulations.length = 0
  controller = new AbortController()
})

const token = (symbol: string) => service.chain.addressBook.tokens[symbol]!.address

describe('a call whose client went away sends no simulation', () => {
  test('a route: CANCELLED after its search, nothing simulated', async () => {
    const route = getRoute(service.ctx, {
      chainId: 1, fromAddress: user, receiver: user, routingStrategy: 'router', variableEstimates: {},
      tokenIn: [token('USDC')], amountIn: ['1000000000'], tokenOut: [token('WETH')],
    }, { caller, signal: controller.signal, requireVariableEstimates: true })
    await expect(route).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(simulations).toEqual([])
  }, 60_000)

  test('a bundle: CANCELLED after its build, nothing simulated', async () => {
    const bundle = getBundle(service.ctx, {
      params: { chainId: 1, fromAddress: user, receiver: user, routingStrategy: 'router' },
      actions: [{ protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: token('USDC'), tokenOut: token('WETH'), amountIn: '1000000000', primaryAddress: service.chain.addressBook.uniswapV2.router02 } }],
    }, { caller, signal: controller.signal })
    await expect(bundle).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(simulations).toEqual([])
  }, 60_000)

  test('the control: the same route with a signal that never aborts is simulated and answered', async () => {
    controller = { abort: () => {}, signal: new AbortController().signal } as AbortController
    const answer = await getRoute(service.ctx, {
      chainId: 1, fromAddress: user, receiver: user, routingStrategy: 'router', variableEstimates: {},
      tokenIn: [token('USDC')], amountIn: ['1000000001'], tokenOut: [token('WETH')],
    }, { caller, signal: controller.signal, requireVariableEstimates: true })
    expect(BigInt(answer.amountOut as string)).toBeGreaterThan(0n)
    expect(simulations.length).toBeGreaterThan(0)
  }, 60_000)
})
