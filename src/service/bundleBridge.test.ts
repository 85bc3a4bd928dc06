import { decodeErrorResult, encodeFunctionData, erc20Abi, parseAbi, parseEventLogs, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { switchyardBridgeReceiverAbi } from '../contracts/generated/abis.js'
import { getBundle } from './getBundle.js'
import { getRoute } from './getRoute.js'
import { deployOpenContract } from './testing/deployOpenContract.js'
import { startCrossChainHarness, type CrossChainHarness } from './testing/startCrossChainHarness.js'
import type { BundleAnswer } from './types.js'

const user: Address = '0x7a11000000000000000000000000000000000031'
const receiver: Address = '0x7a11000000000000000000000000000000000032'
const VAULT: Address = '0x5a7e000000000000000000000000000000000001'
/** The bundle's refundReceiver: neither the sender nor the receiver. */
const refundReceiver: Address = '0x7a11000000000000000000000000000000000034'
const oftSent = parseAbi(['event OFTSent(bytes32 indexed guid, uint32 dstEid, address indexed fromAddress, uint256 amountSentLD, uint256 amountReceivedLD)'])

let h: CrossChainHarness
beforeAll(async () => {
  h = await startCrossChainHarness(user, process.env.DEBUG_RELAYER ? { log: (m) => console.log(m) } : {})
  await h.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 1_000_000n * 10n ** 6n })
}, 180_000)
afterAll(async () => {
  await h?.stop()
})

const bundle = (actions: unknown[], params: Record<string, unknown> = {}) =>
  getBundle(h.ctx, { params: { chainId: 1, fromAddress: user, receiver, ...params }, actions }, { caller: h.caller })

const approve = (token: Address, spender: string, amount: bigint) => ({ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as Address, amount] }) as Hex })

async function sendBundle(answer: BundleAnswer, usdcIn: bigint): Promise<Hex> {
  return h.send(1, { approvals: [approve(h.tok(1, 'USDC'), answer.tx.to, usdcIn)], tx: answer.tx, gas: answer.gas })
}

/** An answer's amountsOut entry for `token`, whatever its case. */
const out = (answer: BundleAnswer, token: Address): bigint => BigInt(Object.entries(answer.amountsOut).find(([t]) => t.toLowerCase() === token.toLowerCase())?.[1] ?? '0')

async function receiverEvents(chainId: number, fromBlock: bigint) {
  const chain = h.chains[chainId]!
  if ((await chain.client.getBlockNumber({ cacheTime: 0 })) < fromBlock) return []
  return parseEventLogs({ abi: switchyardBridgeReceiverAbi, logs: await chain.client.getLogs({ address: chain.addressBook.switchyard!['bridgeReceiver'] as Address, fromBlock }) })
}

/** Buys AERO on Base with 300 ETH: AERO per dollar falls far past a 10 bps minimum quoted before. */
async function pumpAero(): Promise<void> {
  const whale: Address = '0x7a11000000000000000000000000000000000035'
  const client = h.chains[8453]!.client
  await h.devnet.fund({ chainId: 8453, address: whale, token: 'ETH', amount: 10n ** 22n })
  await client.impersonateAccount({ address: whale })
  const pump = await getRoute(h.ctx, { chainId: 8453, fromAddress: whale, tokenIn: ['0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'], amountIn: [(300n * 10n ** 18n).toString()], tokenOut: [h.tok(8453, 'AERO')], routingStrategy: 'router', variableEstimates: {} }, { caller: h.caller, requireVariableEstimates: true })
  const receipt = await client.waitForTransactionReceipt({ hash: await client.sendTransaction({ account: whale, to: pump.tx.to as Address, data: pump.tx.data, value: BigInt(pump.tx.value), gas: BigInt(pump.gas) * 2n, chain: client.chain }) })
  expect(receipt.status).toBe('success')
}

describe('a failed callback refunds to the bundle\'s refundReceiver (issue 24 item 2)', () => {
  test('refundReceiver in the bundle\'s query, none on the bridge action: the bridged USDC goes to it, not to the action\'s receiver nor the sender', async () => {
    const usdc8453 = h.tok(8453, 'USDC')
    const aero = h.tok(8453, 'AERO')
    expect(new Set([user, receiver, refundReceiver]).size).toBe(3)
    // The callback swaps to AERO with the bundle's 10 bps minimum, checked by our receiver on Base.
    const answer = await bundle([
      {
        protocol: 'stargate',
        action: 'bridge',
        args: {
          tokenIn: h.tok(1, 'USDC'), amountIn: '4000000000', destinationChainId: 8453, receiver,
          callback: [
            { protocol: 'enso', action: 'balance', args: { token: usdc8453 } },
            { protocol: 'enso', action: 'route', args: { tokenIn: usdc8453, tokenOut: aero, amountIn: { useOutputOfCallAt: 0 }, receiver } },
          ],
        },
      },
    ], { refundReceiver, slippage: '10' })
    expect(out(answer, aero)).toBeGreaterThan(0n)
    await pumpAero()
    const base = h.chains[8453]!.client
    const from = (await base.getBlockNumber({ cacheTime: 0 })) + 1n
    const balances = () => Promise.all([usdc8453, aero].flatMap((t) => [user, receiver, refundReceiver].map((who) => h.balance(8453, t, who))))
    const [userUsdc, receiverUsdc, refundUsdc, userAero, receiverAero, refundAero] = await balances()
    const hash = await sendBundle(answer, 4_000_000_000n)
    const [sent] = parseEventLogs({ abi: oftSent, logs: (await h.chains[1]!.client.getTransactionReceipt({ hash })).logs })
    const arrived = sent!.args.amountReceivedLD
    await h.until(async () => (await receiverEvents(8453, from)).length > 0)
    const [event] = await receiverEvents(8453, from)
    expect(event!.eventName).toBe('CallbackRefunded')
    const refund = event!.args as { token: Address; amount: bigint; refundReceiver: Address; reason: Hex }
    expect(decodeErrorResult({ abi: switchyardBridgeReceiverAbi, data: refund.reason }).errorName).toBe('AmountTooLow')
    expect(refund.refundReceiver.toLowerCase()).toBe(refundReceiver.toLowerCase())
    expect(refund.token.toLowerCase()).toBe(usdc8453.toLowerCase())
    expect(refund.amount).toBe(arrived)
    const after = await balances()
    // Exactly what arrived, to the bundle's refundReceiver; the receiver and the sender get nothing.
    expect(after).toEqual([userUsdc, receiverUsdc, refundUsdc! + arrived, userAero, receiverAero, refundAero])
  })
})

describe('bundle bridge actions with callbacks, executed and relayed', () => {
  test('stargate bridge whose callback (the vendor sample\'s balance → deposit shape) deposits into a Base vault: delta equals amountsOut', async () => {
    const usdc8453 = h.tok(8453, 'USDC')
    const answer = await bundle([
      {
        protocol: 'stargate',
        action: 'bridge',
        args: {
          tokenIn: h.tok(1, 'USDC'), amountIn: '5000000000', destinationChainId: 8453, receiver,
          callback: [
            { protocol: 'enso', action: 'balance', args: { token: usdc8453 } },
            { protocol: 'erc4626', action: 'deposit', args: { tokenIn: usdc8453, tokenOut: VAULT, amountIn: { useOutputOfCallAt: 0 }, primaryAddress: VAULT, receiver } },
          ],
        },
      },
    ])
    expect(answer.route.map((s) => [s.action, s.chainId])).toEqual([['bridge', 1], ['deposit', 8453]])
    // Stargate, our sender and receiver, Base's vault and tokens: all in the books.
    expect(answer.externalContracts).toEqual([])
    const promised = out(answer, VAULT)
    expect(promised).toBeGreaterThan(0n)
    const before = await h.balance(8453, VAULT, receiver)
    await sendBundle(answer, 5_000_000_000n)
    await h.until(async () => (await h.balance(8453, VAULT, receiver)) > before)
    expect((await h.balance(8453, VAULT, receiver)) - before).toBe(promised)
  })

  test('across bridge with a callback that swaps on Base: the relayer fills, the handler runs it, delta equals amountsOut', async () => {
    const weth = h.tok(8453, 'WETH')
    const usdc8453 = h.tok(8453, 'USDC')
    const answer = await bundle([
      {
        protocol: 'across',
        action: 'bridge',
        args: {
          tokenIn: h.tok(1, 'USDC'), amountIn: '3000000000', destinationChainId: 8453, receiver,
          callback: [
            { protocol: 'enso', action: 'balance', args: { token: usdc8453 } },
            { protocol: 'enso', action: 'route', args: { tokenIn: usdc8453, tokenOut: weth, amountIn: { useOutputOfCallAt: 0 }, receiver } },
          ],
        },
      },
    ])
    expect(answer.tx.value).toBe('0')
    const promised = out(answer, weth)
    const before = await h.balance(8453, weth, receiver)
    await sendBundle(answer, 3_000_000_000n)
    await h.until(async () => (await h.balance(8453, weth, receiver)) > before)
    expect((await h.balance(8453, weth, receiver)) - before).toBe(promised)
  })

  test('nested bridges 1 → 8453 → 1: the Base callback bridges back and the chain-1 callback deposits; the relayer pays the inner fee', async () => {
    const usdc1 = h.tok(1, 'USDC')
    const usdc8453 = h.tok(8453, 'USDC')
    const answer = await bundle([
      {
        protocol: 'stargate',
        action: 'bridge',
        args: {
          tokenIn: usdc1, amountIn: '2000000000', destinationChainId: 8453, receiver,
          callback: [
            { protocol: 'enso', action: 'balance', args: { token: usdc8453 } },
            {
              protocol: 'stargate',
              action: 'bridge',
              args: {
                tokenIn: usdc8453, amountIn: { useOutputOfCallAt: 0 }, destinationChainId: 1, receiver,
                callback: [
                  { protocol: 'enso', action: 'balance', args: { token: usdc1 } },
                  { protocol: 'erc4626', action: 'deposit', args: { tokenIn: usdc1, tokenOut: VAULT, amountIn: { useOutputOfCallAt: 0 }, primaryAddress: VAULT, receiver } },
                ],
              },
            },
          ],
        },
      },
    ])
    expect(answer.route.map((s) => [s.action, s.chainId])).toEqual([['bridge', 1], ['bridge', 8453], ['deposit', 1]])
    const promised = out(answer, VAULT)
    const before = await h.balance(1, VAULT, receiver)
    const from1 = await h.chains[1]!.client.getBlockNumber({ cacheTime: 0 })
    await sendBundle(answer, 2_000_000_000n)
    await h.until(async () => (await h.balance(1, VAULT, receiver)) > before, 15_000)
    expect((await h.balance(1, VAULT, receiver)) - before).toBe(promised)
    expect((await receiverEvents(1, from1 + 1n)).map((e) => e.eventName)).toEqual(['CallbackExecuted'])
  })

  test('the vendor docs\' bridge sample (route → fee → native stargate bridge whose callback splits ETH on Base, slippage on each part), minus its Uniswap V4 deposit: executed and relayed', async () => {
    const ETH: Address = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
    const dai = '0x50c5725949a6f0c72e6c4a641f24049a917db0cb' as Address
    const usdc8453 = h.tok(8453, 'USDC')
    const feeReceiver: Address = '0x7a11000000000000000000000000000000000033'
    const answer = await bundle([
      { protocol: 'enso', action: 'route', args: { tokenIn: h.tok(1, 'USDC'), amountIn: '1000000000', tokenOut: ETH } },
      { protocol: 'enso', action: 'fee', args: { token: ETH, amount: { useOutputOfCallAt: 0 }, bps: 25, receiver: feeReceiver } },
      {
        protocol: 'stargate',
        action: 'bridge',
        args: {
          primaryAddress: '0x77b2043768d28e9c9ab44e1abfc95944bce57931', destinationChainId: 8453, tokenIn: ETH, amountIn: { useOutputOfCallAt: 1 }, receiver,
          callback: [
            { protocol: 'enso', action: 'balance', args: { token: ETH } },
            { protocol: 'enso', action: 'split', args: { tokenIn: ETH, tokenOut: [dai, usdc8453], amountIn: { useOutputOfCallAt: 0 } } },
            { protocol: 'enso', action: 'slippage', args: { amountOut: { useOutputOfCallAt: 1, index: 0 }, bps: 50 } },
            { protocol: 'enso', action: 'slippage', args: { amountOut: { useOutputOfCallAt: 1, index: 1 }, bps: 50 } },
          ],
        },
      },
    ])
    expect(answer.route.filter((s) => s.chainId === 8453).length).toBeGreaterThan(0)
    const [daiBefore, usdcBefore] = await Promise.all([h.balance(8453, dai, receiver), h.balance(8453, usdc8453, receiver)])
    await sendBundle(answer, 1_000_000_000n)
    await h.until(async () => (await h.balance(8453, dai, receiver)) > daiBefore && (await h.balance(8453, usdc8453, receiver)) > usdcBefore)
    expect((await h.balance(8453, dai, receiver)) - daiBefore).toBe(out(answer, dai))
    expect((await h.balance(8453, usdc8453, receiver)) - usdcBefore).toBe(out(answer, usdc8453))
    expect(await h.balance(1, ETH, feeReceiver)).toBeGreaterThan(0n)
  })

  test('enso route with destinationChainId inside a bundle (the SDK\'s CrossChainRouteArgs): USDC on chain 1 → AERO on Base, executed and relayed; its output cannot be referenced on the source', async () => {
    const aero = h.tok(8453, 'AERO')
    const routeArgs = { tokenIn: h.tok(1, 'USDC'), tokenOut: aero, amountIn: '1500000000', destinationChainId: 8453, receiver }
    const answer = await bundle([{ protocol: 'enso', action: 'route', args: routeArgs }])
    expect(answer.route.some((s) => s.action === 'bridge' && s.destinationChainId === 8453)).toBe(true)
    const promised = out(answer, aero)
    expect(promised).toBeGreaterThan(0n)
    const before = await h.balance(8453, aero, receiver)
    await sendBundle(answer, 1_500_000_000n)
    await h.until(async () => (await h.balance(8453, aero, receiver)) > before)
    expect((await h.balance(8453, aero, receiver)) - before).toBe(promised)
    await expect(
      bundle([
        { protocol: 'enso', action: 'route', args: routeArgs },
        { protocol: 'erc20', action: 'transfer', args: { token: h.tok(1, 'USDC'), receiver, amount: { useOutputOfCallAt: 0 } } },
      ]),
    ).rejects.toMatchObject({ code: 'INVALID_REFERENCE' })
  })

  test('externalContracts lists a contract that only the destination callback calls (read from the callback plan, on Base\'s book and code)', async () => {
    const onBase = await deployOpenContract(h.chains[8453]!.client, { account: user })
    const usdc8453 = h.tok(8453, 'USDC')
    const answer = await bundle([
      {
        protocol: 'stargate',
        action: 'bridge',
        args: {
          tokenIn: h.tok(1, 'USDC'), amountIn: '1000000000', destinationChainId: 8453, receiver,
          callback: [
            { protocol: 'enso', action: 'call', args: { address: onBase, method: 'ping', abi: 'function ping()', args: [] } },
            { protocol: 'enso', action: 'balance', args: { token: usdc8453 } },
            { protocol: 'erc4626', action: 'deposit', args: { tokenIn: usdc8453, tokenOut: VAULT, amountIn: { useOutputOfCallAt: 1 }, primaryAddress: VAULT, receiver } },
          ],
        },
      },
    ])
    expect(answer.externalContracts).toEqual([onBase])
  })

  test('ETH on chain 1 → ETH on Base (one address, two tokens): a plain Stargate bridge, delivered exactly', async () => {
    const ETH: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
    const answer = await getRoute(h.ctx, { chainId: 1, destinationChainId: 8453, fromAddress: user, receiver, routingStrategy: 'router', variableEstimates: {}, tokenIn: [ETH], tokenOut: [ETH], amountIn: ['1000000000000000000'], ignoreBridges: ['across'] }, { caller: h.caller, requireVariableEstimates: true })
    expect(answer.externalContracts).toEqual([])
    const before = await h.balance(8453, ETH, receiver)
    await h.send(1, { tx: answer.tx, gas: answer.gas })
    await h.until(async () => (await h.balance(8453, ETH, receiver)) > before)
    expect((await h.balance(8453, ETH, receiver)) - before).toBe(BigInt(answer.amountOut))
  })

  test('an Across bridge larger than its relayer can fill is refused (BRIDGE_CAPACITY), never left unfilled on chain', async () => {
    await expect(bundle([{ protocol: 'across', action: 'bridge', args: { tokenIn: h.tok(1, 'USDC'), amountIn: (100_000_000n * 10n ** 6n).toString(), destinationChainId: 8453, receiver } }])).rejects.toMatchObject({ code: 'BRIDGE_CAPACITY' })
  })

  test('a callback that references an action of the source chain is refused with a 400', async () => {
    await expect(
      bundle([
        { protocol: 'enso', action: 'route', args: { tokenIn: h.tok(1, 'USDC'), tokenOut: h.tok(1, 'WETH'), amountIn: '1000000' } },
        {
          protocol: 'stargate',
          action: 'bridge',
          args: {
            tokenIn: h.tok(1, 'USDC'), amountIn: '1000000', destinationChainId: 8453, receiver,
            callback: [{ protocol: 'erc20', action: 'transfer', args: { token: h.tok(8453, 'USDC'), receiver, amount: { useOutputOfCallAt: 0 } } }],
          },
        },
      ]),
    ).rejects.toMatchObject({ code: 'INVALID_REFERENCE' })
  })

  test('USDC on chain 1 → WETH on Base through Across (route with destinationChainId and ignoreBridges): executed, filled, delta equals amountOut', async () => {
    const weth = h.tok(8453, 'WETH')
    const answer = await getRoute(h.ctx, { chainId: 1, destinationChainId: 8453, fromAddress: user, receiver, routingStrategy: 'router', variableEstimates: {}, tokenIn: [h.tok(1, 'USDC')], amountIn: ['4000000000'], tokenOut: [weth], ignoreBridges: ['stargate'] }, { caller: h.caller, requireVariableEstimates: true })
    expect(answer.route.find((s) => s.action === 'bridge')!.protocol).toBe('across')
    const before = await h.balance(8453, weth, receiver)
    await h.send(1, { approvals: [approve(h.tok(1, 'USDC'), answer.tx.to, 4_000_000_000n)], tx: answer.tx, gas: answer.gas })
    await h.until(async () => (await h.balance(8453, weth, receiver)) > before)
    expect((await h.balance(8453, weth, receiver)) - before).toBe(BigInt(answer.amountOut))
  })
})
