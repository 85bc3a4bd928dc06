import { isAddressEqual, parseAbi, parseEventLogs, type Address, type Log, type TransactionReceipt } from 'viem'
import type { ChainAddressBook } from '../../chain/addressBook.js'
import { switchyardBridgeSenderAbi } from '../../contracts/generated/abis.js'
import { toPlainJson } from './toPlainJson.js'

const shortcutExecutedAbi = parseAbi(['event ShortcutExecuted(bytes32 accountId, bytes32 requestId)'])

/** Every address of our own contracts in the book's `switchyard` section (nested records included). */
function ownContracts(book: ChainAddressBook): Address[] {
  const out: Address[] = []
  const walk = (value: unknown) => {
    if (typeof value === 'string') out.push(value as Address)
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk)
  }
  walk(book.switchyard ?? {})
  return out
}

/** Parameters of {@link findEnsoSourceEvent}. */
export type FindEnsoSourceEventParameters = {
  chainId: number
  /** The mined source transaction. */
  receipt: Pick<TransactionReceipt, 'logs' | 'to' | 'transactionHash' | 'blockNumber' | 'status'>
  /** The source chain's address book (our executor and bridge sender). */
  book: ChainAddressBook
}

/**
 * Our events in a source transaction, as plain JSON in the shape of the OpenAPI's `EnsoEvent`
 * (chainId, transactionHash, blockNumber, success, accountId, requestId) plus `bridgeSent`: our bridge
 * sender's `BridgeSent` (pool, dstEid, to, guid, amountSentLD, nativeFee). `ShortcutExecuted` counts
 * when one of our contracts emitted it, or the called account itself (a wallet running our delegate
 * emits it from its own address).
 * @returns the event, or `undefined` when the transaction did not go through switchyard
 */
export function findEnsoSourceEvent({ chainId, receipt, book }: FindEnsoSourceEventParameters): Record<string, unknown> | undefined {
  const logs = receipt.logs as Log[]
  const ours = ownContracts(book)
  const shortcuts = parseEventLogs({ abi: shortcutExecutedAbi, eventName: 'ShortcutExecuted', logs })
  const shortcut = shortcuts.find((l) => ours.some((a) => isAddressEqual(a, l.address))) ?? shortcuts.find((l) => receipt.to && isAddressEqual(l.address, receipt.to))
  const sender = book.switchyard?.['bridgeSender']
  const sent = typeof sender === 'string'
    ? parseEventLogs({ abi: switchyardBridgeSenderAbi, eventName: 'BridgeSent', logs }).find((l) => isAddressEqual(l.address, sender))
    : undefined
  if (!shortcut && !sent) return undefined
  return toPlainJson({
    chainId,
    transactionHash: receipt.transactionHash,
    blockNumber: Number(receipt.blockNumber),
    success: receipt.status === 'success',
    ...(shortcut ? { accountId: shortcut.args.accountId, requestId: shortcut.args.requestId } : {}),
    ...(sent ? { bridgeSent: sent.args } : {}),
  }) as Record<string, unknown>
}
