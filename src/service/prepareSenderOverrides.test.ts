import { decodeFunctionData, encodeAbiParameters, parseAbi, toHex, type Address, type Hex, type PublicClient } from 'viem'
import { describe, expect, test } from 'vitest'
import { balanceStorageKey } from '../chain/findBalanceSlot.js'
import { snapshotVersionOf } from '../data/snapshotVersionOf.js'
import { MAX_UINT256, NATIVE_ADDRESS } from '../schemas/fields.js'
import { prepareSenderOverrides } from './prepareSenderOverrides.js'

const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11'
/** A node that must not be asked: the amounts are refused before any read. */
const client = { request: () => Promise.reject(new Error('no node call expected')) } as unknown as PublicClient

describe('prepareSenderOverrides', () => {
  test('issue 24 item 6: native amounts summing past 2^256-1, or a token amount past it, are AMOUNT_TOO_LARGE before any node call', async () => {
    const base = { chainId: 1, blockNumber: 1n, from: FROM, spender: undefined, multicall3: MULTICALL3 } as const
    await expect(prepareSenderOverrides(client, { ...base, inputs: [{ token: NATIVE_ADDRESS, amount: MAX_UINT256 }, { token: NATIVE_ADDRESS, amount: 1n }] }))
      .rejects.toMatchObject({ code: 'AMOUNT_TOO_LARGE', message: 'amountIn: the sender would need more than 2^256-1 of 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' })
    await expect(prepareSenderOverrides(client, { ...base, inputs: [{ token: WETH, amount: MAX_UINT256 + 1n }] })).rejects.toMatchObject({ code: 'AMOUNT_TOO_LARGE' })
  })
})

describe('issue 28 item 6: two chains at the same block number and hash', () => {
  const aggregate3Abi = parseAbi(['function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)'])
  const aggregate3Outputs = aggregate3Abi[0].outputs
  /** One address, a token on both chains (a CREATE2 deployment); one per test, as layouts are remembered. */
  const TOKENS: Address[] = ['0x00000000000000000000000000000000000070c1', '0x00000000000000000000000000000000000070c2']
  const hash: Hex = `0x${'5d'.repeat(32)}`

  /**
   * A node as `connectChains` builds for an external RPC (no `chain` on the client): the sender holds
   * `balance` of every token, and a balance lives in mapping slot `slot` (what probing finds).
   */
  function node({ balance, slot }: { balance: bigint; slot: bigint }) {
    const calls = { senderReads: 0 }
    const client = {
      async request({ method, params }: { method: string; params: [{ data: Hex }, Hex] }) {
        if (method !== 'eth_call') throw new Error(`unexpected ${method}`)
        calls.senderReads++
        // aggregate3: the native balance, then balance and allowance per token.
        const { args } = decodeFunctionData({ abi: aggregate3Abi, data: params[0].data })
        const results = args[0].map((_, i) => ({ success: true, returnData: encodeAbiParameters([{ type: 'uint256' }], [i === 0 ? 0n : balance]) }))
        return encodeAbiParameters(aggregate3Outputs, [results])
      },
      async call({ stateOverride }: { stateOverride: { stateDiff: { slot: Hex; value: Hex }[] }[] }) {
        const written = stateOverride[0]!.stateDiff[0]!
        const wanted = balanceStorageKey('0x00000000000000000000000000000000005ca1ab', { slot, layout: 'solidity' })
        return { data: written.slot === wanted ? written.value : toHex(0n, { size: 32 }) }
      },
    }
    return { client: client as unknown as PublicClient, calls }
  }
  const prepare = (chainId: number, n: ReturnType<typeof node>, amount: bigint, token: Address) =>
    prepareSenderOverrides(n.client, {
      chainId, blockNumber: 100n, stateVersion: snapshotVersionOf({ chainId, blockNumber: 100n, hash }),
      from: FROM, spender: undefined, inputs: [{ token, amount }], multicall3: MULTICALL3,
    })

  test('sender reads in flight are not shared: funded on one chain, written on the other', async () => {
    const [one, base] = [node({ balance: 10n ** 18n, slot: 0n }), node({ balance: 0n, slot: 0n })]
    const [onOne, onBase] = await Promise.all([prepare(1, one, 10n ** 18n, TOKENS[0]!), prepare(8453, base, 10n ** 18n, TOKENS[0]!)])
    expect(onOne.overridden).toBe(false)
    expect(onBase.overrides[TOKENS[0]!]?.stateDiff).toEqual({ [balanceStorageKey(FROM, { slot: 0n, layout: 'solidity' })]: toHex(10n ** 18n, { size: 32 }) })
    expect([one.calls.senderReads, base.calls.senderReads]).toEqual([1, 1])
  })

  test('a token\'s balance slot is found per chain: the same address keeps its balances in slot 0 on one chain and slot 9 on the other', async () => {
    const [one, base] = [node({ balance: 0n, slot: 0n }), node({ balance: 0n, slot: 9n })]
    const onOne = await prepare(1, one, 5n, TOKENS[1]!)
    const onBase = await prepare(8453, base, 5n, TOKENS[1]!)
    expect(Object.keys(onOne.overrides[TOKENS[1]!]?.stateDiff ?? {})).toEqual([balanceStorageKey(FROM, { slot: 0n, layout: 'solidity' })])
    expect(Object.keys(onBase.overrides[TOKENS[1]!]?.stateDiff ?? {})).toEqual([balanceStorageKey(FROM, { slot: 9n, layout: 'solidity' })])
  })
})
