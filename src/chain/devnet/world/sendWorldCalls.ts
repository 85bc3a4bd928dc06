import { numberToHex, type Address, type Hash, type Hex, type Log } from 'viem'
import type { DevnetClient } from '../createDevnetClient.js'

/** One transaction of a {@link sendWorldCalls} phase: a call (`to`) or a contract creation (no `to`). */
export type WorldCall = {
  from: Address
  to?: Address | undefined
  data: Hex
  value?: bigint | undefined
  /** Gas limit: also what the call takes of the block's budget. */
  gas: bigint
}

/** What a mined {@link WorldCall} left: its status, the contract it created, its logs. */
export type WorldReceipt = { hash: Hash; status: 'success' | 'reverted'; contractAddress: Address | null; logs: Log[] }

/** Parameters of {@link sendWorldCalls}. */
export type SendWorldCallsParameters = {
  /** Gas per block while the phase runs (restored after); default 2,000,000,000. */
  blockGas?: bigint | undefined
  /** Most transactions per block (a block's receipts come back in one answer); default 2,000. */
  perBlock?: number | undefined
  /** Most transactions per JSON-RPC batch request (also capped near 1 MB of calldata); default 500. */
  perRequest?: number | undefined
  /** Return reverted receipts instead of throwing (traffic: a real chain's blocks hold reverts too). */
  allowReverts?: boolean | undefined
}

type RpcAnswer = { id: number; result?: unknown; error?: { message: string } }

/**
 * Sends one phase of the world's seeding as few large blocks: automine is paused, the block gas limit
 * raised, the calls enter the pool in JSON-RPC batches of hundreds (each sender's nonces counted here,
 * ascending), a block is mined whenever the next call would pass the block's gas or count, and the receipts are
 * read a block at a time (`eth_getBlockReceipts`). Tens of thousands of transactions take seconds
 * instead of a block each. Calls of different senders land in the node's order: a call that needs
 * another sender's effect belongs to a later phase.
 *
 * @returns the receipts, in call order
 * @throws Error naming the first call that reverted (unless `allowReverts`), with the node's revert reason when it gives one
 */
export async function sendWorldCalls(client: DevnetClient, calls: readonly WorldCall[], params: SendWorldCallsParameters = {}): Promise<WorldReceipt[]> {
  if (calls.length === 0) return []
  const url = client.chain.rpcUrls.default.http[0]!
  const blockGas = params.blockGas ?? 2_000_000_000n
  const perRequest = params.perRequest ?? 500
  const perBlock = params.perBlock ?? 2_000
  const rpc = async (body: unknown[]): Promise<RpcAnswer[]> => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    if (!response.ok) throw new Error(`node answered HTTP ${response.status} to a batch of ${body.length}`)
    const answers = (await response.json()) as RpcAnswer[] | RpcAnswer
    if (!Array.isArray(answers)) throw new Error(`node refused a batch of ${body.length}: ${answers.error?.message ?? JSON.stringify(answers).slice(0, 200)}`)
    return answers
  }
  const previous = await client.getBlock({ blockTag: 'latest' })
  const maxFeePerGas = numberToHex((previous.baseFeePerGas ?? 0n) * 2n + 1n)
  const nonces = new Map<Address, number>()
  for (const from of new Set(calls.map((c) => c.from))) nonces.set(from, await client.getTransactionCount({ address: from, blockTag: 'pending' }))
  const hashes: Hash[] = new Array(calls.length)
  await client.request({ method: 'anvil_setBlockGasLimit' as never, params: [numberToHex(blockGas)] as never })
  await client.setAutomine(false)
  const first = previous.number + 1n
  // Full blocks would raise the base fee 12.5 % a block, past the fee cap the calls were signed with:
  // every block of the phase keeps the base fee the phase started at.
  const mine = async () => {
    await client.request({ method: 'anvil_setNextBlockBaseFeePerGas' as never, params: [numberToHex(previous.baseFeePerGas ?? 0n)] as never })
    await client.mine({ blocks: 1 })
  }
  try {
    let pending: { index: number; tx: Record<string, Hex | Address> }[] = []
    let pendingGas = 0n
    let inBlock = 0
    const flush = async () => {
      for (let i = 0; i < pending.length; ) {
        // At most `perRequest` transactions and about 1 MB of calldata per request (the node caps a body's size).
        let end = i
        for (let bytes = 0; end < pending.length && end - i < perRequest && (end === i || bytes < 1_000_000); end++) bytes += pending[end]!.tx.data!.length / 2
        const slice = pending.slice(i, end)
        i = end
        const answers = await rpc(slice.map((p, k) => ({ jsonrpc: '2.0', id: k, method: 'eth_sendTransaction', params: [p.tx] })))
        for (const a of answers) {
          const p = slice[a.id]!
          if (a.error || typeof a.result !== 'string') throw new Error(`call ${p.index} of the phase was refused by the node: ${a.error?.message ?? 'no hash'}`)
          hashes[p.index] = a.result as Hash
        }
      }
      pending = []
    }
    for (const [index, call] of calls.entries()) {
      if (pendingGas + call.gas > blockGas || inBlock === perBlock) {
        await flush()
        await mine()
        pendingGas = 0n
        inBlock = 0
      }
      inBlock++
      const nonce = nonces.get(call.from)!
      nonces.set(call.from, nonce + 1)
      pending.push({
        index,
        tx: {
          from: call.from, ...(call.to ? { to: call.to } : {}), data: call.data, gas: numberToHex(call.gas), nonce: numberToHex(nonce),
          maxFeePerGas, maxPriorityFeePerGas: '0x0', value: numberToHex(call.value ?? 0n),
        },
      })
      pendingGas += call.gas
    }
    await flush()
    await mine()
  } finally {
    await client.setAutomine(true)
    await client.request({ method: 'anvil_setBlockGasLimit' as never, params: [numberToHex(previous.gasLimit)] as never })
  }
  const last = (await client.getBlock({ blockTag: 'latest' })).number
  const byHash = new Map<string, WorldReceipt>()
  for (let n = first; n <= last; n++) {
    // Raw, without the client's timeout: a block of thousands of transactions answers in megabytes.
    const [answer] = await rpc([{ jsonrpc: '2.0', id: 0, method: 'eth_getBlockReceipts', params: [numberToHex(n)] }])
    if (!answer || answer.error) throw new Error(`eth_getBlockReceipts of block ${n}: ${answer?.error?.message ?? 'no answer'}`)
    const receipts = answer.result as { transactionHash: Hash; status: Hex; contractAddress: Address | null; logs: Log[] }[]
    for (const r of receipts) byHash.set(r.transactionHash, { hash: r.transactionHash, status: r.status === '0x1' ? 'success' : 'reverted', contractAddress: r.contractAddress, logs: r.logs })
  }
  const receipts = hashes.map((hash, i) => {
    const receipt = byHash.get(hash)
    if (!receipt) throw new Error(`call ${i} of the phase (${hash}) was not mined in blocks ${first}–${last}`)
    return receipt
  })
  const failed = params.allowReverts ? -1 : receipts.findIndex((r) => r.status !== 'success')
  if (failed >= 0) {
    const trace = (await client
      .request({ method: 'debug_traceTransaction' as never, params: [receipts[failed]!.hash, { tracer: 'callTracer' }] as never })
      .catch(() => undefined)) as { revertReason?: string; error?: string } | undefined
    const call = calls[failed]!
    throw new Error(`call ${failed} of the phase (to ${call.to ?? 'a new contract'}) reverted: ${trace?.revertReason ?? trace?.error ?? 'no reason'}`)
  }
  return receipts
}
