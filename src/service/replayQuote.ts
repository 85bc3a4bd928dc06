import type { Hex, PublicClient } from 'viem'
import { isMissingHistoryError } from '../data/isMissingHistoryError.js'
import { QuoteNotFoundError } from '../errors/replay.js'
import { UnsupportedChainError } from '../errors/request.js'
import { parseReplayRequest, type ReplayedAnswer } from '../schemas/replayRequest.js'
import { simulateTransaction } from '../simulate/simulateTransaction.js'
import type { ServiceContext } from './context.js'
import { computedBalanceTokensOf } from './computedBalanceTokensOf.js'
import type { QuoteRecord } from './explain/createQuoteStore.js'
import { prepareSenderOverrides } from './prepareSenderOverrides.js'
import type { CallOptions } from './types.js'

/** Why a replay did not reproduce its answer. */
export type ReplayDifferenceCode = 'STATE_PRUNED' | 'BLOCK_HASH_DIFFERS' | 'REQUEST_CHANGED' | 'AMOUNT_DIFFERS' | 'REVERTED'

/** One thing that differs, and why. */
export type ReplayDifference = {
  code: ReplayDifferenceCode
  /** The field that differs (`amountOut[0]`, `tx.data`, `blockHash`…). */
  field?: string | undefined
  expected?: string | undefined
  actual?: string | undefined
  /** `actual - expected`, for amounts. */
  difference?: string | undefined
  message: string
}

/** The replay answer: `same` when the transaction, run again on the same block, moved exactly the answer's amounts. */
export type ReplayAnswer = {
  same: boolean
  quoteId?: string | undefined
  chainId: number
  blockNumber: string
  /** The replayed amount of the first tokenOut (absent when the replay could not run). */
  amountOut?: string | undefined
  amountsOut?: string[] | undefined
  /** The answer's amounts. */
  expectedAmountsOut: string[]
  /** Gas the replayed transaction used. */
  gasUsed?: string | undefined
  /** Empty when `same`. */
  differences: ReplayDifference[]
}

/**
 * `POST /shortcuts/replay`: runs an answer's transaction again, with the same overrides, on the same
 * block, and says whether it moves the same amounts, or exactly what differs and why: the node no
 * longer has that block's state (STATE_PRUNED), the block is not the one simulated (BLOCK_HASH_DIFFERS,
 * a reorganisation), the answer given is not the one kept under its quoteId (REQUEST_CHANGED), an
 * amount differs (AMOUNT_DIFFERS, by how much), or the transaction now reverts (REVERTED).
 * @throws InvalidRequestError, UnsupportedChainError, QuoteNotFoundError
 */
export async function replayQuote(ctx: ServiceContext, request: unknown, options: CallOptions): Promise<ReplayAnswer> {
  const params = parseReplayRequest(request)
  const kept = params.quoteId === undefined ? undefined : await ctx.quotes?.get(params.quoteId)
  if (params.quoteId !== undefined && kept === undefined && params.answer === undefined) throw new QuoteNotFoundError({ quoteId: params.quoteId })
  const differences = kept !== undefined && params.answer !== undefined ? changesOf(kept, params.answer) : []
  const record = kept ?? (await recordOf(ctx, params.answer!))
  const base = { ...(params.quoteId === undefined ? {} : { quoteId: params.quoteId }), chainId: record.chainId, blockNumber: record.blockNumber, expectedAmountsOut: record.amountsOut }
  const chain = ctx.chains[record.chainId]!
  const pruned = (error: unknown): ReplayAnswer => {
    if (!isMissingHistoryError(error)) throw error
    return { ...base, same: false, differences: [...differences, { code: 'STATE_PRUNED', message: `the node for chain ${record.chainId} no longer keeps the state of block ${record.blockNumber}; replay on an archive node` }] }
  }
  let block: { hash: Hex | null; timestamp: bigint }
  try {
    block = await chain.client.getBlock({ blockNumber: BigInt(record.blockNumber) })
  } catch (error) {
    return pruned(error)
  }
  if (record.blockHash !== '0x' && block.hash !== record.blockHash) {
    differences.push({ code: 'BLOCK_HASH_DIFFERS', field: 'blockHash', expected: record.blockHash, actual: block.hash ?? undefined, message: `block ${record.blockNumber} is not the block simulated: the chain reorganised (or this is another chain)` })
  }
  let sim: Awaited<ReturnType<typeof simulateTransaction>>
  try {
    sim = await simulateTransaction(chain.client, {
      blockNumber: BigInt(record.blockNumber),
      parentTimestamp: block.timestamp,
      tx: { ...record.tx, value: BigInt(record.tx.value) },
      receiver: record.receiver,
      tokensOut: record.tokensOut,
      accounts: record.accounts,
      multicall3: chain.addressBook.multicall3,
      overrides: record.overrides,
      setup: record.setup,
      end: { signal: options.signal, deadline: options.deadline },
    })
  } catch (error) {
    return pruned(error)
  }
  if (sim.status === 'reverted') {
    return { ...base, same: false, gasUsed: sim.gasUsed.toString(), differences: [...differences, { code: 'REVERTED', message: `the transaction reverts on block ${record.blockNumber}: ${sim.message}` }] }
  }
  sim.amountsOut.forEach((actual, i) => {
    const expected = BigInt(record.amountsOut[i] ?? '0')
    if (actual !== expected) {
      differences.push({ code: 'AMOUNT_DIFFERS', field: `amountOut[${i}]`, expected: expected.toString(), actual: actual.toString(), difference: (actual - expected).toString(), message: `${record.tokensOut[i]} differs by ${actual - expected}` })
    }
  })
  const amountsOut = sim.amountsOut.map(String)
  return { ...base, same: differences.length === 0, amountOut: amountsOut[0], amountsOut, gasUsed: sim.gasUsed.toString(), differences }
}

/** A record for an answer given in full: the sender funded by overrides when its inputs are named. */
async function recordOf(ctx: ServiceContext, answer: ReplayedAnswer): Promise<QuoteRecord> {
  const chain = ctx.chains[answer.chainId]
  if (!chain) throw new UnsupportedChainError({ chainId: answer.chainId, supported: Object.keys(ctx.chains).map(Number) })
  const funded = answer.inputs.length === 0
    ? undefined
    : await prepareSenderOverrides(chain.client as PublicClient, {
      chainId: answer.chainId,
      blockNumber: answer.blockNumber,
      from: answer.tx.from,
      spender: answer.tx.to,
      inputs: answer.inputs,
      multicall3: chain.addressBook.multicall3,
      computedBalanceTokens: computedBalanceTokensOf(chain.addressBook),
    })
  return {
    quoteId: '',
    chainId: answer.chainId,
    blockNumber: answer.blockNumber.toString(),
    blockHash: '0x',
    tx: { ...answer.tx, value: answer.tx.value.toString() },
    receiver: answer.receiver,
    tokensOut: answer.tokensOut,
    amountsOut: answer.amountsOut.map(String),
    overrides: funded?.overrides,
    setup: funded?.setup,
  }
}

/** The fields of an answer given beside its quoteId that are not the kept answer's. */
function changesOf(kept: QuoteRecord, given: ReplayedAnswer): ReplayDifference[] {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  const fields: [string, string, string][] = [
    ['chainId', String(kept.chainId), String(given.chainId)],
    ['blockNumber', kept.blockNumber, given.blockNumber.toString()],
    ['tx.data', kept.tx.data, given.tx.data],
    ['tx.value', kept.tx.value, given.tx.value.toString()],
    ['tx.from', kept.tx.from, given.tx.from],
    ['receiver', kept.receiver, given.receiver],
    ['tokenOut', kept.tokensOut.join(','), given.tokensOut.join(',')],
    ['amountOut', kept.amountsOut.join(','), given.amountsOut.map(String).join(',')],
  ]
  return fields
    .filter(([, expected, actual]) => !same(expected, actual))
    .map(([field, expected, actual]) => ({ code: 'REQUEST_CHANGED' as const, field, expected, actual, message: `${field} is not the kept answer's: the kept answer is replayed` }))
}

