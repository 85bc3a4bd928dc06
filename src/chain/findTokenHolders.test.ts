import type { Address, PublicClient } from 'viem'
import { describe, expect, test } from 'vitest'
import { findTokenHolders } from './findTokenHolders.js'

// Issue 28 item 6: recent recipients and code checks are remembered per chain. External nodes' clients
// carry no `chain`, so the chain id must come from the caller, never from the client.

const MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'
const SENDER: Address = '0x00000000000000000000000000000000000a11ce'
const holder = (n: number) => `0x${n.toString(16).padEnd(40, '0')}` as Address

/** A node (no `chain`, as for an external RPC) whose Transfer logs name `recipients`, each holding 10^20, and where `contracts` hold code. */
function node({ recipients, contracts = [] }: { recipients: Address[]; contracts?: Address[] }): PublicClient {
  return {
    getLogs: async () => recipients.map((to) => ({ args: { to } })),
    multicall: async ({ contracts: calls }: { contracts: unknown[] }) => calls.map(() => ({ status: 'success', result: 10n ** 20n })),
    getCode: async ({ address }: { address: Address }) => (contracts.includes(address) ? '0x6080' : undefined),
  } as unknown as PublicClient
}

const find = (chainId: number, client: PublicClient, token: Address) =>
  findTokenHolders(client, { chainId, token, blockNumber: 100n, amount: 10n ** 18n, exclude: [SENDER], multicall3: MULTICALL3 })

describe('findTokenHolders across chains at the same block', () => {
  test('one token address on two chains: each chain\'s own recent recipients', async () => {
    const token = holder(0x7001)
    expect(await find(1, node({ recipients: [holder(0x1001)] }), token)).toEqual([{ holder: holder(0x1001), amount: 10n ** 18n }])
    expect(await find(8453, node({ recipients: [holder(0x2001)] }), token)).toEqual([{ holder: holder(0x2001), amount: 10n ** 18n }])
  })

  test('an account that is a contract on one chain and has no code on the other is skipped only there', async () => {
    const both = holder(0x3001)
    expect(await find(1, node({ recipients: [both], contracts: [both] }), holder(0x7002))).toEqual([])
    expect(await find(8453, node({ recipients: [both] }), holder(0x7003))).toEqual([{ holder: both, amount: 10n ** 18n }])
  })
})
