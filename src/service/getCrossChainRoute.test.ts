import { decodeErrorResult, encodeFunctionData, erc20Abi, parseAbi, parseEventLogs, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { switchyardBridgeReceiverAbi } from '../contracts/generated/abis.js'
import { getRoute } from './getRoute.js'
import { startCrossChainHarness, type CrossChainHarness } from './testing/startCrossChainHarness.js'

const user: Address = '0x7a11000000000000000000000000000000000009'
const receiver: Address = '0x7a1100000000000000000000000000000000000a'
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const BASE_VAULT: Address = '0x5a7e000000000000000000000000000000000001'
const oftSent = parseAbi(['event OFTSent(bytes32 indexed guid, uint32 dstEid, address indexed fromAddress, uint256 amountSentLD, uint256 amountReceivedLD)'])

let h: CrossChainHarness
beforeAll(async () => {
  h = await startCrossChainHarness(user, process.env.DEBUG_RELAYER ? { log: (m) => console.log(m) } : {})
  await h.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 1_000_000n * 10n ** 6n })
}, 180_000)
afterAll(async () => {
  await h?.stop()
})

const route = (request: Record<string, unknown>) =>
  getRoute(h.ctx, { chainId: 1, destinationChainId: 8453, fromAddress: user, receiver, routingStrategy: 'router', variableEstimates: {}, ...request }, { caller: h.caller, requireVariableEstimates: true })

/** The receiver's callback events on Base since `fromBlock`. */
async function callbackEvents(fromBlock: bigint) {
  const base = h.chains[8453]!
  if ((await base.client.getBlockNumber({ cacheTime: 0 })) < fromBlock) return []
  const logs = await base.client.getLogs({ address: base.addressBook.switchyard!['bridgeReceiver'] as Address, fromBlock })
  return parseEventLogs({ abi: switchyardBridgeReceiverAbi, logs })
}

/** What the Stargate pool says arrives for the taxi in a source receipt. */
async function arrivalOf(hash: Hex): Promise<bigint> {
  const receipt = await h.chains[1]!.client.getTransactionReceipt({ hash })
  const [sent] = parseEventLogs({ abi: oftSent, logs: receipt.logs })
  return sent!.args.amountReceivedLD
}

describe('cross-chain routes (destinationChainId), executed and relayed on the devnet', () => {
  test('USDC on chain 1 → vault shares on Base: the receiver gets exactly amountOut, the executor and our receiver end empty', async () => {
    const usdc1 = h.tok(1, 'USDC')
    const answer = await route({ tokenIn: [usdc1], amountIn: ['25000000000'], tokenOut: [BASE_VAULT], ignoreBridges: ['across'] })
    expect(BigInt(answer.amountOut)).toBeGreaterThan(0n)
    expect(BigInt(answer.minAmountOut)).toBeLessThan(BigInt(answer.amountOut))
    // tx.value is Stargate's messaging fee (quoteSend) for an ERC-20 input.
    expect(BigInt(answer.tx.value)).toBeGreaterThan(0n)
    const bridge = answer.route.find((s) => s.action === 'bridge')!
    expect(bridge).toMatchObject({ sourceChainId: 1, destinationChainId: 8453, chainId: 1 })
    expect(answer.route.some((s) => s.chainId === 8453 && s.tokenOut.some((t) => t.toLowerCase() === BASE_VAULT.toLowerCase()))).toBe(true)
    expect(answer.bridgingEstimates?.[0]).toMatchObject({ fromChainId: 1, toChainId: 8453 })
    // Priced on each side's own chain: Base's vault shares at Base's share price (not chain 1's vault at the same address).
    expect(answer.priceImpact).toBeGreaterThanOrEqual(0)
    expect(answer.priceImpact).toBeLessThan(50)
    const base = h.chains[8453]!
    const from = await base.client.getBlockNumber()
    const before = await h.balance(8453, BASE_VAULT, receiver)
    await h.send(1, { approvals: [{ to: usdc1, data: approveData(answer.tx.to as Address, 25_000_000_000n) }], tx: answer.tx, gas: answer.gas })
    const ms = await h.until(async () => (await h.balance(8453, BASE_VAULT, receiver)) > before)
    expect((await h.balance(8453, BASE_VAULT, receiver)) - before).toBe(BigInt(answer.amountOut))
    expect(ms).toBeLessThan(2_000)
    const events = await callbackEvents(from + 1n)
    expect(events.map((e) => e.eventName)).toEqual(['CallbackExecuted'])
    const sy = base.addressBook.switchyard as Record<string, Address>
    expect(await h.balance(8453, h.tok(8453, 'USDC'), sy['bridgeReceiver']!)).toBe(0n)
    expect(await h.balance(8453, h.tok(8453, 'USDC'), sy['bridgeReceiverExecutor']!)).toBe(0n)
    expect(await h.balance(1, usdc1, (h.chains[1]!.addressBook.switchyard as Record<string, Address>)['executor']!)).toBe(0n)
  })

  test('ETH on chain 1 → USDC on Base: tx.value is amountIn plus the fee, and the receiver gets exactly amountOut', async () => {
    const usdc = h.tok(8453, 'USDC')
    const answer = await route({ tokenIn: [NATIVE], amountIn: ['2000000000000000000'], tokenOut: [usdc], ignoreBridges: ['across'] })
    expect(BigInt(answer.tx.value)).toBeGreaterThan(2n * 10n ** 18n)
    const before = await h.balance(8453, usdc, receiver)
    await h.send(1, { tx: answer.tx, gas: answer.gas })
    await h.until(async () => (await h.balance(8453, usdc, receiver)) > before)
    expect((await h.balance(8453, usdc, receiver)) - before).toBe(BigInt(answer.amountOut))
  })

  test('USDC on chain 1 → native ETH on Base: amountOut is what arrives on Base, not plus the dust Stargate hands back on chain 1', async () => {
    // Stargate's ETH pool carries 6 shared decimals: the last 12 digits of the wei amount stay on chain 1
    // and our sweep returns them to the receiver there, under the same 0xEeee… address as Base's ETH.
    const usdc1 = h.tok(1, 'USDC')
    const answer = await route({ tokenIn: [usdc1], amountIn: ['50000000'], tokenOut: [NATIVE], ignoreBridges: ['across'] })
    expect(answer.route.some((s) => s.action === 'bridge' && s.protocol === 'stargate')).toBe(true)
    const before = await h.balance(8453, NATIVE, receiver)
    const hash = await h.send(1, { approvals: [{ to: usdc1, data: approveData(answer.tx.to as Address, 50_000_000n) }], tx: answer.tx, gas: answer.gas })
    const arrival = await arrivalOf(hash)
    expect(arrival % 10n ** 12n).toBe(0n)
    await h.until(async () => (await h.balance(8453, NATIVE, receiver)) > before)
    expect((await h.balance(8453, NATIVE, receiver)) - before).toBe(BigInt(answer.amountOut))
    expect(BigInt(answer.amountOut)).toBe(arrival)
    expect(BigInt(answer.minAmountOut)).toBe((arrival * 9_950n) / 10_000n)
  })

  test('issue 24 item 12: a fee (bps of the input to feeReceiver) is taken on the source before bridging: feeReceiver gets exactly floor(amountIn × fee / 10000), the receiver exactly amountOut', async () => {
    const feeReceiver: Address = '0x7a1100000000000000000000000000000000000c'
    const usdc1 = h.tok(1, 'USDC')
    const cases = [
      { tokenIn: usdc1, amountIn: 7_777_777_777n, fee: 30n, tokenOut: BASE_VAULT, approve: true },
      { tokenIn: NATIVE, amountIn: 1_234_567_890_123_456_789n, fee: 100n, tokenOut: h.tok(8453, 'USDC'), approve: false },
      // DAI does not enter a bridge as it is: fee, then the source leg routes the rest to the bridge asset.
      { tokenIn: h.tok(1, 'DAI'), amountIn: 3_333_333_333_333_333_333_333n, fee: 1n, tokenOut: h.tok(8453, 'USDC'), approve: true },
    ]
    await h.devnet.fund({ chainId: 1, address: user, token: 'DAI', amount: 3_333_333_333_333_333_333_333n })
    for (const c of cases) {
      const answer = await route({ tokenIn: [c.tokenIn], amountIn: [c.amountIn.toString()], tokenOut: [c.tokenOut], fee: [c.fee.toString()], feeReceiver, ignoreBridges: ['across'] })
      const fee = (c.amountIn * c.fee) / 10_000n
      expect(answer.feeAmount).toEqual([fee.toString()])
      // The source steps that take the input (the source leg's swaps, or the bridge itself) spend what the fee left.
      const input = new Set([c.tokenIn, ...(c.tokenIn === NATIVE ? [h.tok(1, 'WETH')] : [])].map((t) => t.toLowerCase()))
      const spent = (answer.route as { amountIn?: string; tokenIn: string[]; chainId: number }[])
        .filter((step) => step.chainId === 1 && input.has(step.tokenIn[0]!.toLowerCase()))
        .reduce((sum, step) => sum + BigInt(step.amountIn!), 0n)
      expect(spent).toBe(c.amountIn - fee)
      const feeBefore = await h.balance(1, c.tokenIn, feeReceiver)
      const before = await h.balance(8453, c.tokenOut, receiver)
      await h.send(1, { approvals: c.approve ? [{ to: c.tokenIn, data: approveData(answer.tx.to as Address, c.amountIn) }] : [], tx: answer.tx, gas: answer.gas })
      expect((await h.balance(1, c.tokenIn, feeReceiver)) - feeBefore).toBe(fee)
      await h.until(async () => (await h.balance(8453, c.tokenOut, receiver)) > before)
      expect((await h.balance(8453, c.tokenOut, receiver)) - before).toBe(BigInt(answer.amountOut))
    }
    // Our executor keeps nothing of the input.
    expect(await h.balance(1, usdc1, (h.chains[1]!.addressBook.switchyard as Record<string, Address>)['executor']!)).toBe(0n)
  })

  test('a callback whose minimum fails because the destination price moved after the quote refunds exactly what arrived', async () => {
    const usdc1 = h.tok(1, 'USDC')
    const aero = h.tok(8453, 'AERO')
    // AERO lives only on Base: the destination leg must swap, inside the callback.
    const answer = await route({ tokenIn: [usdc1], amountIn: ['20000000000'], tokenOut: [aero], slippage: '10', ignoreBridges: ['across'] })
    expect(answer.route.some((s) => s.chainId === 8453 && s.tokenOut.some((t) => t.toLowerCase() === aero.toLowerCase()))).toBe(true)
    // Someone buys AERO on Base before the bridge lands: AERO per dollar falls far past the 0.1 % slippage.
    const whale: Address = '0x7a1100000000000000000000000000000000000b'
    await h.devnet.fund({ chainId: 8453, address: whale, token: 'ETH', amount: 10n ** 22n })
    await h.chains[8453]!.client.impersonateAccount({ address: whale })
    const pump = await getRoute(h.ctx, { chainId: 8453, fromAddress: whale, tokenIn: [NATIVE], amountIn: [(300n * 10n ** 18n).toString()], tokenOut: [aero], routingStrategy: 'router', variableEstimates: {} }, { caller: h.caller, requireVariableEstimates: true })
    const client = h.chains[8453]!.client
    const pumped = await client.waitForTransactionReceipt({ hash: await client.sendTransaction({ account: whale, to: pump.tx.to as Address, data: pump.tx.data, value: BigInt(pump.tx.value), gas: BigInt(pump.gas) * 2n, chain: client.chain }) })
    expect(pumped.status).toBe('success')
    const from = await client.getBlockNumber({ cacheTime: 0 })
    const aeroBefore = await h.balance(8453, aero, receiver)
    const hash = await h.send(1, { approvals: [{ to: usdc1, data: approveData(answer.tx.to as Address, 20_000_000_000n) }], tx: answer.tx, gas: answer.gas })
    const arrived = await arrivalOf(hash)
    await h.until(async () => (await callbackEvents(from + 1n)).length > 0)
    const [event] = await callbackEvents(from + 1n)
    expect(event!.eventName).toBe('CallbackRefunded')
    const refund = event!.args as { token: Address; amount: bigint; refundReceiver: Address }
    expect(refund.amount).toBe(arrived)
    // The receiver's own minimum check failed (not a deadline or anything else).
    expect(decodeErrorResult({ abi: switchyardBridgeReceiverAbi, data: (event!.args as { reason: Hex }).reason }).errorName).toBe('AmountTooLow')
    // No refundReceiver was given: the receiver gets the refund, in the bridged asset.
    expect(refund.refundReceiver.toLowerCase()).toBe(receiver.toLowerCase())
    const bridged = refund.token === '0x0000000000000000000000000000000000000000' ? NATIVE : refund.token
    const after = await h.balance(8453, bridged, receiver)
    expect(after).toBeGreaterThanOrEqual(arrived)
    expect(await h.balance(8453, aero, receiver)).toBe(aeroBefore)
    const sy = h.chains[8453]!.addressBook.switchyard as Record<string, Address>
    expect(await h.balance(8453, bridged, sy['bridgeReceiverExecutor']!)).toBe(0n)
  })

  test('delegate strategy: a smart wallet bridges its own USDC to Base vault shares (our sender pulls from the wallet)', async () => {
    const c1 = h.chains[1]!.client
    const factory = (h.chains[1]!.addressBook.switchyard as Record<string, Address>)['smartWalletFactory']!
    const factoryAbi = parseAbi(['function createWallet(address owner) returns (address)', 'function walletAddress(address owner) view returns (address)'])
    const walletAbi = parseAbi(['function execute(address target, bytes data) payable returns (bytes)'])
    const wallet = await c1.readContract({ address: factory, abi: factoryAbi, functionName: 'walletAddress', args: [user] })
    await c1.waitForTransactionReceipt({ hash: await c1.writeContract({ address: factory, abi: factoryAbi, functionName: 'createWallet', args: [user], account: user, chain: c1.chain }) })
    await h.devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 5_000n * 10n ** 6n })
    const answer = await route({ routingStrategy: 'delegate', spender: wallet, tokenIn: [h.tok(1, 'USDC')], amountIn: ['2000000000'], tokenOut: [BASE_VAULT], ignoreBridges: ['across'] })
    const before = await h.balance(8453, BASE_VAULT, receiver)
    const hash = await c1.writeContract({ address: wallet, abi: walletAbi, functionName: 'execute', args: [answer.tx.to as Address, answer.tx.data], value: BigInt(answer.tx.value), account: user, chain: c1.chain, gas: BigInt(answer.gas) + 100_000n })
    expect((await c1.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await h.balance(1, h.tok(1, 'USDC'), wallet)).toBe(3_000n * 10n ** 6n)
    await h.until(async () => (await h.balance(8453, BASE_VAULT, receiver)) > before)
    expect((await h.balance(8453, BASE_VAULT, receiver)) - before).toBe(BigInt(answer.amountOut))
  })

  test('a relayer killed between lzReceive and lzCompose delivers the compose exactly once after a restart', async () => {
    await h.relayer.stop()
    let crash = true
    const crashing = h.startRelayer({
      beforeStep: (step) => {
        if (step.kind === 'lzCompose' && crash) throw new Error('relayer killed')
      },
    })
    const usdc1 = h.tok(1, 'USDC')
    const answer = await route({ tokenIn: [usdc1], amountIn: ['1000000000'], tokenOut: [BASE_VAULT], ignoreBridges: ['across'] })
    const base = h.chains[8453]!
    const from = await base.client.getBlockNumber()
    const before = await h.balance(8453, BASE_VAULT, receiver)
    await h.send(1, { approvals: [{ to: usdc1, data: approveData(answer.tx.to as Address, 1_000_000_000n) }], tx: answer.tx, gas: answer.gas })
    // The packet lands (lzReceive: our receiver holds the USDC), the compose does not.
    await h.until(async () => (await h.balance(8453, h.tok(8453, 'USDC'), base.addressBook.switchyard!['bridgeReceiver'] as Address)) > 0n)
    await new Promise((r) => setTimeout(r, 300))
    expect(await h.balance(8453, BASE_VAULT, receiver)).toBe(before)
    await crashing.stop()
    crash = false
    const restarted = h.startRelayer()
    await h.until(async () => (await h.balance(8453, BASE_VAULT, receiver)) > before)
    // A few more ticks over the same logs deliver nothing twice.
    await restarted.tick()
    await restarted.tick()
    expect((await h.balance(8453, BASE_VAULT, receiver)) - before).toBe(BigInt(answer.amountOut))
    const events = await callbackEvents(from + 1n)
    expect(events.filter((e) => e.eventName === 'CallbackExecuted')).toHaveLength(1)
    expect(restarted.stats().composes).toBe(1)
  })
})

function approveData(spender: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })
}
