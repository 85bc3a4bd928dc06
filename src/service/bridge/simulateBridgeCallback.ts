import { type Address, type Hex, decodeEventLog, encodeFunctionData, keccak256, stringToHex, toHex } from 'viem'
import type { ChainRuntime } from '../../chain/connectChains.js'
import { switchyardBridgeReceiverAbi } from '../../contracts/generated/abis.js'
import type { BundleBridgeRoute } from '../../protocols/bundle/types.js'
import { isNativeAddress } from '../../schemas/fields.js'
import { simulateTransaction, type SimulatedLog } from '../../simulate/simulateTransaction.js'
import { computedBalanceTokensOf } from '../computedBalanceTokensOf.js'
import { prepareSenderOverrides } from '../prepareSenderOverrides.js'
import type { SimulatedCallbackCall } from '../bundle/bridgingEstimateOf.js'
import { encodeOftComposeMessage } from './encodeBridgeCallback.js'

/** What one destination callback did in simulation. */
export type SimulateBridgeCallbackReturnType = {
  /** Balance change per `measure` entry. */
  deltas: bigint[]
  gasUsed: bigint
  logs: SimulatedLog[]
  /** Set when the receiver took the refund path: the callback's revert data. */
  refundedWith: Hex | undefined
  /** The call as simulated (explained answers trace it). */
  call?: SimulatedCallbackCall | undefined
}

/**
 * Simulates the destination side of a bridge at the destination head, as its deliverer will run it:
 * the receiver credited with what arrived (state override), then `lzCompose` from the LayerZero endpoint
 * (Stargate: the pool's compose message around our callback) or `handleV3AcrossMessage` from the spoke
 * pool (Across). Measures the given accounts' balance changes and reports a refund.
 * @throws Error when the node cannot simulate
 */
export async function simulateBridgeCallback(
  chain: ChainRuntime,
  p: {
    blockNumber: bigint
    route: BundleBridgeRoute
    /** What arrives (the source simulation's amount received). */
    arrival: bigint
    callback: Hex
    /** Native the deliverer attaches (Stargate only). */
    value: bigint
    srcEid: number
    bridgeSender: Address
    measure: { token: Address; account: Address }[]
  },
): Promise<SimulateBridgeCallbackReturnType> {
  const book = chain.addressBook
  const receiver = book.switchyard!['bridgeReceiver'] as Address
  const token = p.route.destinationToken
  const { overrides, setup } = await prepareSenderOverrides(chain.client, {
    chainId: chain.chainId,
    blockNumber: p.blockNumber,
    computedBalanceTokens: computedBalanceTokensOf(book),
    from: receiver,
    spender: undefined,
    inputs: [{ token, amount: p.arrival }],
    multicall3: book.multicall3,
  })
  let tx: { from: Address; to: Address; data: Hex; value: bigint }
  if (p.route.protocol === 'stargate') {
    const endpoint = book.layerZero!.endpoint
    const pool = book.stargate!.pools.find((x) => (isNativeAddress(token) ? x.native : x.token.toLowerCase() === token.toLowerCase()))!.pool
    const message = encodeOftComposeMessage({ nonce: 1n, srcEid: p.srcEid, amountLD: p.arrival, composeFrom: p.bridgeSender, composeMsg: p.callback })
    const guid = keccak256(stringToHex(`switchyard.simulated-guid:${p.blockNumber}`))
    tx = { from: endpoint, to: receiver, value: p.value, data: encodeFunctionData({ abi: switchyardBridgeReceiverAbi, functionName: 'lzCompose', args: [pool, guid, message, endpoint, '0x'] }) }
    if (p.value > 0n) overrides[endpoint] = { ...overrides[endpoint], balance: toHex(p.value + 10n ** 18n) }
  } else {
    const spokePool = book.across!.spokePool
    tx = { from: spokePool, to: receiver, value: 0n, data: encodeFunctionData({ abi: switchyardBridgeReceiverAbi, functionName: 'handleV3AcrossMessage', args: [token, p.arrival, spokePool, p.callback] }) }
  }
  const sim = await simulateTransaction(chain.client, {
    blockNumber: p.blockNumber,
    tx,
    receiver,
    tokensOut: p.measure.map((m) => m.token),
    accounts: p.measure.map((m) => m.account),
    multicall3: book.multicall3,
    overrides,
    setup,
  })
  if (sim.status === 'reverted') throw new Error(`the destination callback reverted outside its try: ${sim.message}`)
  let refundedWith: Hex | undefined
  for (const log of sim.logs) {
    if (log.address.toLowerCase() !== receiver.toLowerCase()) continue
    try {
      const event = decodeEventLog({ abi: switchyardBridgeReceiverAbi, data: log.data, topics: log.topics as [Hex, ...Hex[]] })
      if (event.eventName === 'CallbackRefunded') refundedWith = (event.args as { reason: Hex }).reason
    } catch {
      // another event of the receiver's executor
    }
  }
  return { deltas: sim.amountsOut, gasUsed: sim.gasUsed, logs: sim.logs, refundedWith, call: { blockNumber: p.blockNumber, tx, overrides, ...(setup === undefined ? {} : { setup }) } }
}
