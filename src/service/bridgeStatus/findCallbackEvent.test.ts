import { encodeAbiParameters, encodeErrorResult, encodeEventTopics, getAddress, pad, parseAbi, zeroAddress, type Address, type Hex, type Log } from 'viem'
import { describe, expect, it } from 'vitest'
import { switchyardBridgeReceiverAbi } from '../../contracts/generated/abis.js'
import { findCallbackEvent } from './findCallbackEvent.js'

const receiver = getAddress('0x00000000000000000000000000000000000000e1')
const executor = getAddress('0x00000000000000000000000000000000000000e2')
const token = getAddress('0x833589fcd6edb6e08f4c7c32d4f71b54bda02913')
const bob = getAddress('0x0000000000000000000000000000000000000b0b')
const txHash: Hex = `0x${'ab'.repeat(32)}`
const id1: Hex = `0x${'11'.repeat(32)}`
const id2: Hex = `0x${'22'.repeat(32)}`

function log(address: Address, topics: Hex[], data: Hex): Log {
  return { address, topics: topics as [Hex, ...Hex[]], data, logIndex: 0, blockNumber: 9n, blockHash: `0x${'cd'.repeat(32)}`, transactionHash: txHash, transactionIndex: 0, removed: false }
}
const executed = (from: Address, messageId: Hex, tokenAddress: Address = token) =>
  log(from, encodeEventTopics({ abi: switchyardBridgeReceiverAbi, eventName: 'CallbackExecuted', args: { messageId, token: tokenAddress } }) as Hex[],
    encodeAbiParameters([{ type: 'uint256' }, { type: 'address' }], [5_000n, bob]))
const refunded = (messageId: Hex, reason: Hex, tokenAddress: Address = token) =>
  log(receiver, encodeEventTopics({ abi: switchyardBridgeReceiverAbi, eventName: 'CallbackRefunded', args: { messageId, token: tokenAddress } }) as Hex[],
    encodeAbiParameters([{ type: 'uint256' }, { type: 'address' }, { type: 'bytes' }], [7n, bob, reason]))
const shortcut = log(executor, encodeEventTopics({ abi: parseAbi(['event ShortcutExecuted(bytes32 accountId, bytes32 requestId)']), eventName: 'ShortcutExecuted' }) as Hex[],
  encodeAbiParameters([{ type: 'bytes32' }, { type: 'bytes32' }], [pad('0x0a', { size: 32 }), pad('0x0b', { size: 32 })]))

describe('findCallbackEvent', () => {
  it('CallbackExecuted → delivered, with the executor’s account and request ids', () => {
    expect(findCallbackEvent({ chainId: 8453, logs: [executed(receiver, id1), shortcut], receiver, messageId: id1, executor })).toEqual({
      status: 'delivered',
      ensoDestinationEvent: {
        event: 'CallbackExecuted', chainId: 8453, transactionHash: txHash, blockNumber: 9, messageId: id1, token, amount: '5000', receiver: bob, success: true,
        accountId: pad('0x0a', { size: 32 }), requestId: pad('0x0b', { size: 32 }),
      },
    })
  })

  it('only our receiver and the asked message count', () => {
    expect(findCallbackEvent({ chainId: 8453, logs: [executed(bob, id1)], receiver })).toBeUndefined()
    expect(findCallbackEvent({ chainId: 8453, logs: [executed(receiver, id2)], receiver, messageId: id1 })).toBeUndefined()
    expect(findCallbackEvent({ chainId: 8453, logs: [executed(receiver, id2)], receiver })?.status).toBe('delivered')
  })

  it('CallbackRefunded → failed, with the refund and the decoded reason (native shown as 0xEeee…)', () => {
    const reason = encodeErrorResult({ abi: switchyardBridgeReceiverAbi, errorName: 'CallbackKeptTokens', args: [token, 7n] })
    expect(findCallbackEvent({ chainId: 8453, logs: [refunded(id1, reason)], receiver })).toEqual({
      status: 'failed',
      error: `callback reverted; refunded 7 of ${token} to ${bob} (CallbackKeptTokens(${token}, 7))`,
      ensoDestinationEvent: {
        event: 'CallbackRefunded', chainId: 8453, transactionHash: txHash, blockNumber: 9, messageId: id1, token, amount: '7', success: false,
        error: `CallbackKeptTokens(${token}, 7)`, refundDetails: { token, amount: '7', recipient: bob, isNative: false },
      },
    })
    const native = findCallbackEvent({ chainId: 1, logs: [refunded(id1, '0x', zeroAddress)], receiver })
    expect(native?.error).toBe(`callback reverted; refunded 7 of 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE to ${bob} (reverted without a reason)`)
    expect(native?.ensoDestinationEvent).toMatchObject({ refundDetails: { isNative: true } })
    const stringReason = encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: ['too little out'] })
    expect(findCallbackEvent({ chainId: 1, logs: [refunded(id1, stringReason)], receiver })?.error).toMatch(/\(.*too little out.*\)$/)
  })
})
