import { encodeAbiParameters, encodeEventTopics, getAddress, pad, parseAbi, type Address, type Hex, type Log } from 'viem'
import { describe, expect, it } from 'vitest'
import type { ChainAddressBook } from '../../chain/addressBook.js'
import { switchyardBridgeSenderAbi } from '../../contracts/generated/abis.js'
import { findEnsoSourceEvent } from './findEnsoSourceEvent.js'

const executor = getAddress('0x435087c8283d0d074614e887f314b37c9332cecf')
const bridgeSender = getAddress('0xfafaf80f124b5757977525d918f264e4d3b69d00')
const wallet = getAddress('0x00000000000000000000000000000000000a11ce')
const stranger = getAddress('0x000000000000000000000000000000000000dead')
const pool = getAddress('0xc026395860db2d07ee33e05fe50ed7bd583189c7')
const receiver = getAddress('0x0000000000000000000000000000000000000b0b')
const book = { switchyard: { executor, bridgeSender, helpers: { balance: getAddress('0x8f5ba719edcbe6dadaf9dfee1f30f7d5cf599656') } } } as unknown as ChainAddressBook
const txHash: Hex = `0x${'ab'.repeat(32)}`
const accountId = pad('0x01', { size: 32 })
const requestId = pad('0x02', { size: 32 })
const shortcutAbi = parseAbi(['event ShortcutExecuted(bytes32 accountId, bytes32 requestId)'])

function log(address: Address, topics: Hex[], data: Hex, logIndex: number): Log<bigint, number, false> {
  return { address, topics: topics as [Hex, ...Hex[]], data, logIndex, blockNumber: 7n, blockHash: `0x${'cd'.repeat(32)}`, transactionHash: txHash, transactionIndex: 0, removed: false }
}
const shortcutLog = (from: Address, i: number) =>
  log(from, encodeEventTopics({ abi: shortcutAbi, eventName: 'ShortcutExecuted' }) as Hex[], encodeAbiParameters([{ type: 'bytes32' }, { type: 'bytes32' }], [accountId, requestId]), i)
const bridgeSentLog = (from: Address, i: number) =>
  log(
    from,
    encodeEventTopics({ abi: switchyardBridgeSenderAbi, eventName: 'BridgeSent', args: { pool, dstEid: 30184, to: receiver } }) as Hex[],
    encodeAbiParameters([{ type: 'bytes32' }, { type: 'uint256' }, { type: 'uint256' }], [`0x${'99'.repeat(32)}`, 1_000_000n, 100n]),
    i,
  )
const receipt = (logs: Log<bigint, number, false>[], to: Address) => ({ logs, to, transactionHash: txHash, blockNumber: 7n, status: 'success' as const })

describe('findEnsoSourceEvent', () => {
  it('our executor’s ShortcutExecuted and our sender’s BridgeSent, as plain JSON (amounts as strings)', () => {
    expect(findEnsoSourceEvent({ chainId: 1, book, receipt: receipt([bridgeSentLog(bridgeSender, 0), shortcutLog(executor, 1)], executor) })).toEqual({
      chainId: 1, transactionHash: txHash, blockNumber: 7, success: true, accountId, requestId,
      bridgeSent: { pool, dstEid: 30184, to: receiver, guid: `0x${'99'.repeat(32)}`, amountSentLD: '1000000', nativeFee: '100' },
    })
  })

  it('a wallet that ran our delegate emits ShortcutExecuted from itself: the called account counts', () => {
    expect(findEnsoSourceEvent({ chainId: 8453, book, receipt: receipt([shortcutLog(wallet, 0)], wallet) })).toEqual({
      chainId: 8453, transactionHash: txHash, blockNumber: 7, success: true, accountId, requestId,
    })
  })

  it('look-alike events from other contracts do not count', () => {
    expect(findEnsoSourceEvent({ chainId: 1, book, receipt: receipt([shortcutLog(stranger, 0), bridgeSentLog(stranger, 1)], wallet) })).toBeUndefined()
    expect(findEnsoSourceEvent({ chainId: 1, book, receipt: receipt([], wallet) })).toBeUndefined()
  })
})
