import { InvalidNodeResponseError } from '../errors/chain.js'
import { assertCallOpen, type CallEnd } from './assertCallOpen.js'
import { parseSimulatedCalls, type SimulatedCall } from './parseSimulatedCalls.js'
import { toHex, type Address, type Hex, type PublicClient } from 'viem'

/** Selectors of `balanceOf(address)` (ERC-20) and `getEthBalance(address)` (Multicall3). */
const BALANCE_OF = '0x70a08231'
const GET_ETH_BALANCE = '0x4d2301cc'
/** A 32-byte word or longer: what a `uint256` return decodes from (the first word). */
const UINT256_RETURN = /^0x[0-9a-fA-F]{64}/

/** A call run before the transaction in the same simulated block (funding a sender from a holder). */
export type SimulatedSetupCall = { from: Address; to: Address; data: Hex }

/** A state override in eth_simulateV1 form. */
export type AccountOverride = { balance?: Hex; code?: Hex; stateDiff?: Record<Hex, Hex> }

/** Parameters of {@link simulateTransaction}. */
export type SimulateTransactionParameters = {
  /** Block to build on; the simulated transaction runs in the block after it. */
  blockNumber: bigint
  /**
   * That block's timestamp. When given, the transaction runs in a block numbered `blockNumber + 1`
   * stamped one second later, as it will on chain (nodes otherwise simulate with the parent's number and
   * time, and time-dependent paths, such as a pair's price accumulators or a reserve's interest, would
   * cost less gas than they will).
   */
  parentTimestamp?: bigint | undefined
  /** `gas`: a gas limit to run under (checks that a limit suffices); the block's limit when omitted. */
  tx: { from: Address; to: Address; data: Hex; value: bigint; gas?: bigint | undefined }
  /** Whose balances to measure. */
  receiver: Address
  /** Tokens whose balance change at `receiver` is measured; 0xEeee…EEeE = native coin. */
  tokensOut: readonly Address[]
  /** Per entry of `tokensOut`, the account measured instead of `receiver` (bundles deliver to several). */
  accounts?: readonly Address[] | undefined
  multicall3: Address
  /** Overrides applied before the transaction (funding an unfunded sender, allowances). */
  overrides?: Record<Address, AccountOverride> | undefined
  /** Calls run first, in the same block (a holder's transfer to an unfunded sender); their outcome is not checked. */
  setup?: readonly SimulatedSetupCall[] | undefined
  /** The asking call's end: a simulation is not sent for a call that was cancelled or is past its deadline. */
  end?: CallEnd | undefined
  /**
   * Whether the caller reads the transaction's logs (default true). A plain route does not (only its
   * explanation does): its logs are then neither checked nor copied, and `logs` is empty.
   */
  logs?: boolean | undefined
}

/** What one simulation measured. */
export type SimulateTransactionReturnType =
  | { status: 'success'; gasUsed: bigint; amountsOut: bigint[]; blockNumber: bigint; returnData: Hex; logs: SimulatedLog[] }
  | { status: 'reverted'; gasUsed: bigint; revertData: Hex | undefined; message: string; blockNumber: bigint }

/** One event the simulated transaction emitted. */
export type SimulatedLog = { address: Address; topics: Hex[]; data: Hex }

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/**
 * Runs the exact transaction with `eth_simulateV1` on top of one block, between two reads of the
 * receiver's balances, all in one simulated block: the output is the receiver's balance change and
 * the gas is what the transaction used. Nothing is sent and no state changes.
 * @returns the measured outputs and gas, or the revert data
 */
export async function simulateTransaction(client: Pick<PublicClient, 'request'>, params: SimulateTransactionParameters): Promise<SimulateTransactionReturnType> {
  if (params.end !== undefined) assertCallOpen(params.end, 'simulation')
  // Both reads take one address argument: the selector, then the address left-padded to a word (what
  // viem's encodeFunctionData gives, without hashing the signature on every call).
  const balanceCall = (token: Address, account: Address) => {
    const word = `000000000000000000000000${account.slice(2).toLowerCase()}`
    return token.toLowerCase() === NATIVE ? { to: params.multicall3, data: `${GET_ETH_BALANCE}${word}` as Hex } : { to: token, data: `${BALANCE_OF}${word}` as Hex }
  }
  const reads = params.tokensOut.map((token, i) => balanceCall(token, params.accounts?.[i] ?? params.receiver))
  const tx = { from: params.tx.from, to: params.tx.to, data: params.tx.data, value: toHex(params.tx.value), ...(params.tx.gas === undefined ? {} : { gas: toHex(params.tx.gas) }) }
  const setup = params.setup ?? []
  const response = (await client.request({
    method: 'eth_simulateV1' as never,
    params: [
      {
        blockStateCalls: [{
          ...(params.parentTimestamp === undefined ? {} : { blockOverrides: { number: toHex(params.blockNumber + 1n), time: toHex(params.parentTimestamp + 1n) } }),
          stateOverrides: params.overrides ?? {},
          calls: [...setup, ...reads, tx, ...reads],
        }],
        validation: false,
      },
      toHex(params.blockNumber),
    ] as never,
  })) as unknown
  const n = reads.length
  // Setup calls, the reads before, the transaction, the reads after: from the first read on.
  const calls = parseSimulatedCalls(response, setup.length + 2 * n + 1).slice(setup.length)
  const txCall = calls[n]!
  const txResult = txCall.result
  const gasUsed = txCall.gasUsed
  if (!txCall.ok) {
    const returnData = typeof txResult.returnData === 'string' && txResult.returnData !== '0x' ? (txResult.returnData as Hex) : undefined
    return { status: 'reverted', gasUsed, revertData: txResult.error?.data ?? returnData, message: txResult.error?.message ?? 'execution reverted', blockNumber: params.blockNumber }
  }
  const decode = (r: SimulatedCall): bigint => {
    if (!r.ok) return 0n
    const data = r.result.returnData
    if (typeof data !== 'string' || !UINT256_RETURN.test(data)) throw new InvalidNodeResponseError({ method: 'eth_simulateV1', reason: 'a balance read returned garbage' })
    return BigInt(data.slice(0, 66))
  }
  const amountsOut = params.tokensOut.map((_, i) => decode(calls[n + 1 + i]!) - decode(calls[i]!))
  const hex = (value: unknown): value is Hex => typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)
  const logs = params.logs !== false && Array.isArray(txResult.logs)
    ? txResult.logs.map((l: unknown) => {
      const { address, topics, data } = (l && typeof l === 'object' ? l : {}) as Partial<SimulatedLog>
      if (!hex(address) || address.length !== 42 || !Array.isArray(topics) || !topics.every(hex) || !hex(data)) {
        throw new InvalidNodeResponseError({ method: 'eth_simulateV1', reason: 'a log is not a log' })
      }
      return { address, topics, data }
    })
    : []
  if (txResult.returnData !== undefined && !hex(txResult.returnData)) throw new InvalidNodeResponseError({ method: 'eth_simulateV1', reason: 'returnData is not hex' })
  return { status: 'success', gasUsed, amountsOut, blockNumber: params.blockNumber, returnData: (txResult.returnData as Hex | undefined) ?? '0x', logs }
}
