import { type Abi, type Address, decodeFunctionData, decodeFunctionResult, encodeFunctionData, encodeFunctionResult, erc20Abi, getAddress } from 'viem'
import { describe, expect, test } from 'vitest'
import type { ChainRuntime } from '../../chain/connectChains.js'
import { loadProtocolArtifact } from '../../chain/devnet/protocolArtifacts.js'
import { switchyardBridgeSenderAbi } from '../../contracts/generated/abis.js'
import { a, bookOf } from '../testing/sampleAddressBook.js'
import { bridgesOf } from './bridgesOf.js'

// Issue 28 item 6: bridges are read once per chain and block; two chains at the same block number
// must each get their own (their own sender, their own edges and fees).

/** A chain with our bridge sender at `sender` and no bridge protocol deployed (nothing to read from its node). */
function chainWith(chainId: number, sender: Address): ChainRuntime {
  const { across: _across, layerZero: _layerZero, ...book } = bookOf()
  const client = { readContract: () => Promise.reject(new Error('no node read expected')) }
  return { chainId, rpcUrl: '', source: 'devnet', client, addressBook: { ...book, chainId, switchyard: { ...book.switchyard, bridgeSender: sender } } } as unknown as ChainRuntime
}

describe('bridgesOf', () => {
  test('two chains at the same block number: each its own bridges', async () => {
    const chains = { 1: chainWith(1, a(0x901)), 8453: chainWith(8453, a(0x902)) }
    const at = { blockNumber: 4_242n, timestamp: 1_700_000_000n }
    expect((await bridgesOf(chains, { chainId: 1, ...at }))?.sender).toBe(getAddress(a(0x901)))
    expect((await bridgesOf(chains, { chainId: 8453, ...at }))?.sender).toBe(getAddress(a(0x902)))
  })
})

// The reads behind the edges, against fake nodes that record every call: Stargate's messaging fee
// (quoteStargate through our sender) and pool fee (quoteOFT on a probe of 1,000 whole tokens, rounded up
// to a bps), Across's capacity (the destination relayer's balance, grossed up by the relayer's fee), and
// the cache (per chain and block; failures not kept; the oldest entry out past 64).

const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
/** Checksummed addresses (as a node's answers decode), distinct per `n`. */
const at = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`)

type Call = { address: Address; functionName: string; args: readonly unknown[]; blockNumber?: bigint | undefined }
type Answers = { received?: (probe: bigint) => bigint; nativeFee?: bigint; relayerHolds?: bigint | Error }

/**
 * What the fake node understands, from sources other than the code under test: the StargatePool ABI
 * from @stargatefinance/stg-evm-v2, our sender's generated ABI, and ERC-20.
 */
const nodeAbi = [...(loadProtocolArtifact('StargatePool').abi as Abi), ...switchyardBridgeSenderAbi, ...erc20Abi] as Abi

/**
 * A fake node: every call goes through ABI encoding both ways, as over JSON-RPC (the caller's ABI encodes
 * the call and decodes the answer, the node's ABI reads the call and encodes the answer), so a wrong
 * signature in the code fails here. Answers quoteStargate, quoteOFT and balanceOf, recording each call.
 */
function nodeOf(answers: Answers, calls: Call[]) {
  return {
    readContract: async (c: { address: Address; abi: Abi; functionName: string; args: readonly unknown[]; blockNumber?: bigint }) => {
      // Recorded as the code made it, before any encoding.
      calls.push({ address: c.address, functionName: c.functionName, args: c.args, blockNumber: c.blockNumber })
      const { functionName, args = [] } = decodeFunctionData({ abi: nodeAbi, data: encodeFunctionData({ abi: c.abi, functionName: c.functionName, args: c.args }) })
      let result: unknown
      if (functionName === 'quoteStargate') result = answers.nativeFee ?? 0n
      else if (functionName === 'quoteOFT') {
        const amount = (args[0] as { amountLD: bigint }).amountLD
        result = [{ minAmountLD: 0n, maxAmountLD: 0n }, [{ feeAmountLD: -1n, description: 'fee' }], { amountSentLD: amount, amountReceivedLD: answers.received?.(amount) ?? amount }]
      } else if (functionName === 'balanceOf') {
        if (answers.relayerHolds instanceof Error) throw answers.relayerHolds
        result = answers.relayerHolds ?? 0n
      } else throw new Error(`unexpected read ${functionName}`)
      const data = encodeFunctionResult({ abi: nodeAbi, functionName, result } as never)
      return decodeFunctionResult({ abi: c.abi, functionName: c.functionName, data } as never)
    },
  }
}

const SENDER = at(0x5e4d)
const RECEIVER_1 = at(0x4ec1)
const RECEIVER_8453 = at(0x4ec8)
const USDC_1 = at(0x1001)
const USDC_8453 = at(0x8001)
const WETH_1 = at(0x1002)
const WETH_8453 = at(0x8002)
const POOL_USDC_1 = at(0x2001)
const POOL_ETH_1 = at(0x2002)
const SPOKE_1 = at(0x3001)
const RELAYER_8453 = at(0x3802)

const stargatePool = (pool: Address, token: Address, assetId: number, localDecimals: number, native = false) => ({ pool, token, symbol: 'X', assetId, feeLib: at(0xfee), native, sharedDecimals: 6, localDecimals, lpToken: at(0x1b) })

/** Chain 1 (our sender, Stargate USDC and ETH pools, an Across USDC and WETH route) and Base (our receiver, the same pools, a relayer). */
function twoChains(over: { answers1?: Answers; answers8453?: Answers; relayer?: Address; noSender?: boolean; acrossOnSource?: boolean; receiverOnSource?: boolean } = {}) {
  const calls1: Call[] = []
  const calls8453: Call[] = []
  const book1 = {
    chainId: 1, weth: WETH_1, switchyard: { ...(over.noSender ? {} : { bridgeSender: SENDER }), ...(over.receiverOnSource ? { bridgeReceiver: RECEIVER_1 } : {}) },
    layerZero: { endpoint: at(0x1e1), eid: 30101, sendLib: at(0x1e2), receiveLib: at(0x1e2) },
    stargate: { tokenMessaging: at(0x1e3), creditMessaging: at(0x1e4), pools: [stargatePool(POOL_USDC_1, USDC_1, 1, 6), stargatePool(POOL_ETH_1, NATIVE, 13, 18, true)] },
    ...(over.acrossOnSource === false ? {} : {
      across: { spokePool: SPOKE_1, implementation: at(0x3a), contractName: 'Ethereum_SpokePool', relayer: at(0x3b), admin: at(0x3c), depositQuoteTimeBuffer: 0, fillDeadlineBuffer: 0, routes: [{ token: USDC_1, destinationChainId: 8453, outputToken: USDC_8453 }, { token: WETH_1, destinationChainId: 8453, outputToken: WETH_8453 }] },
    }),
  }
  const book8453 = {
    chainId: 8453, weth: WETH_8453, switchyard: { bridgeSender: SENDER, bridgeReceiver: RECEIVER_8453 },
    layerZero: { endpoint: at(0x8e1), eid: 30184, sendLib: at(0x8e2), receiveLib: at(0x8e2) },
    stargate: { tokenMessaging: at(0x8e3), creditMessaging: at(0x8e4), pools: [stargatePool(at(0x2801), USDC_8453, 1, 6), stargatePool(at(0x2802), NATIVE, 13, 18, true)] },
    across: { spokePool: at(0x3801), implementation: at(0x38a), contractName: 'Base_SpokePool', relayer: over.relayer ?? RELAYER_8453, admin: at(0x38c), depositQuoteTimeBuffer: 0, fillDeadlineBuffer: 0, routes: [] },
  }
  const chain = (chainId: number, book: unknown, answers: Answers, calls: Call[]) => ({ chainId, rpcUrl: '', source: 'devnet', client: nodeOf(answers, calls), addressBook: book }) as unknown as ChainRuntime
  return { chains: { 1: chain(1, book1, over.answers1 ?? {}, calls1), 8453: chain(8453, book8453, over.answers8453 ?? {}, calls8453) }, calls1, calls8453 }
}

/** A block number no other test of this file uses (the cache is per process). */
let nextBlock = 1_000_000n
const freshBlock = () => nextBlock++

describe('bridgesOf: Stargate fees read at the block', () => {
  test('messaging fee through our sender and pool fee from quoteOFT on 1,000 whole tokens, both at the block; our sender checksummed, the snapshot time kept', async () => {
    const blockNumber = freshBlock()
    const { chains, calls1, calls8453 } = twoChains({ answers1: { nativeFee: 123_456n, received: (probe) => probe - (probe * 6n) / 10_000n } })
    const bridges = await bridgesOf(chains, { chainId: 1, blockNumber, timestamp: 1_700_000_123n })
    expect(bridges!.sender).toBe(getAddress(SENDER))
    expect(bridges!.now).toBe(1_700_000_123n)
    const stargate = bridges!.routes.filter((r) => r.protocol === 'stargate')
    expect(stargate.map((r) => [r.primary, r.token, r.destinationToken, r.dstEid, r.destinationReceiver, r.nativeFee, r.feeBps])).toEqual([
      [POOL_USDC_1, USDC_1, USDC_8453, 30184, RECEIVER_8453, 123_456n, 6n],
      [POOL_ETH_1, NATIVE, NATIVE, 30184, RECEIVER_8453, 123_456n, 6n],
    ])
    const quoteSends = calls1.filter((c) => c.functionName === 'quoteStargate')
    expect(quoteSends).toEqual([
      { address: SENDER, functionName: 'quoteStargate', args: [POOL_USDC_1, 30184, RECEIVER_8453, 1_000n * 10n ** 6n, '0x'], blockNumber },
      { address: SENDER, functionName: 'quoteStargate', args: [POOL_ETH_1, 30184, RECEIVER_8453, 1_000n * 10n ** 18n, '0x'], blockNumber },
    ])
    const quoteOfts = calls1.filter((c) => c.functionName === 'quoteOFT')
    expect(quoteOfts.map((c) => [c.address, c.blockNumber])).toEqual([[POOL_USDC_1, blockNumber], [POOL_ETH_1, blockNumber]])
    expect(quoteOfts[0]!.args).toEqual([{ dstEid: 30184, to: `0x${'00'.repeat(12)}${RECEIVER_8453.slice(2)}`, amountLD: 10n ** 9n, minAmountLD: 0n, extraOptions: '0x', composeMsg: '0x', oftCmd: '0x' }])
    // Nothing is read on the destination for Stargate; Base's relayer balance is read for Across.
    expect(calls8453.every((c) => c.functionName === 'balanceOf')).toBe(true)
  })

  test('the pool fee is rounded up to a whole bps, so an estimate never promises more than arrives', async () => {
    const feeFor = async (received: (probe: bigint) => bigint) => {
      const { chains } = twoChains({ answers1: { received } })
      const bridges = await bridgesOf(chains, { chainId: 1, blockNumber: freshBlock(), timestamp: 0n })
      return bridges!.routes.find((r) => r.primary === POOL_USDC_1)!.feeBps
    }
    expect(await feeFor((probe) => probe)).toBe(0n)
    expect(await feeFor((probe) => probe + 5n)).toBe(0n)
    // More out than in (a pool paying a reward): no fee, never a negative one.
    expect(await feeFor((probe) => 2n * probe)).toBe(0n)
    expect(await feeFor((probe) => probe - 1n)).toBe(1n)
    expect(await feeFor((probe) => probe - probe / 10_000n)).toBe(1n)
    expect(await feeFor((probe) => probe - probe / 10_000n - 1n)).toBe(2n)
    expect(await feeFor((probe) => (probe * 9_994n) / 10_000n)).toBe(6n)
    expect(await feeFor(() => 0n)).toBe(10_000n)
  })
})

describe('bridgesOf: Across capacity', () => {
  test('what the destination relayer holds of the output token, grossed up by the relayer\'s 4 bps (an input whose output it can still pay)', async () => {
    const { chains, calls8453 } = twoChains({ answers8453: { relayerHolds: 9_996_000n } })
    const bridges = await bridgesOf(chains, { chainId: 1, blockNumber: freshBlock(), timestamp: 0n })
    const across = bridges!.routes.filter((r) => r.protocol === 'across')
    expect(across.map((r) => [r.primary, r.token, r.destinationToken, r.feeBps, r.capacity])).toEqual([
      [SPOKE_1, USDC_1, USDC_8453, 4n, 10_000_000n],
      [SPOKE_1, WETH_1, WETH_8453, 4n, 10_000_000n],
    ])
    expect(calls8453.map((c) => [c.address, c.functionName, c.args])).toEqual([[USDC_8453, 'balanceOf', [RELAYER_8453]], [WETH_8453, 'balanceOf', [RELAYER_8453]]])
    // Rounded down: 1 unit held carries no input.
    const one = twoChains({ answers8453: { relayerHolds: 1n } })
    expect((await bridgesOf(one.chains, { chainId: 1, blockNumber: freshBlock(), timestamp: 0n }))!.routes.find((r) => r.protocol === 'across')!.capacity).toBe(1n)
    const few = twoChains({ answers8453: { relayerHolds: 9_995n } })
    expect((await bridgesOf(few.chains, { chainId: 1, blockNumber: freshBlock(), timestamp: 0n }))!.routes.find((r) => r.protocol === 'across')!.capacity).toBe(9_998n)
  })

  test('unknown (no check) when the destination names no relayer or the zero address, or the read fails; nothing read then', async () => {
    for (const relayer of ['0x0000000000000000000000000000000000000000' as Address, '' as Address]) {
      const { chains, calls8453 } = twoChains({ relayer })
      const bridges = await bridgesOf(chains, { chainId: 1, blockNumber: freshBlock(), timestamp: 0n })
      expect(bridges!.routes.filter((r) => r.protocol === 'across').map((r) => r.capacity)).toEqual([undefined, undefined])
      expect(calls8453).toEqual([])
    }
    const failing = twoChains({ answers8453: { relayerHolds: new Error('node down') } })
    const bridges = await bridgesOf(failing.chains, { chainId: 1, blockNumber: freshBlock(), timestamp: 0n })
    expect(bridges!.routes.filter((r) => r.protocol === 'across').map((r) => r.capacity)).toEqual([undefined, undefined])
  })

  test('a destination without Across (no relayer to ask): unknown', async () => {
    const { chains, calls8453 } = twoChains()
    const { across: _across, ...base } = chains[8453]!.addressBook
    const withoutAcross = { ...chains, 8453: { ...chains[8453]!, addressBook: base } }
    const bridges = await bridgesOf(withoutAcross, { chainId: 1, blockNumber: freshBlock(), timestamp: 0n })
    expect(bridges!.routes.filter((r) => r.protocol === 'across').map((r) => r.capacity)).toEqual([undefined, undefined])
    expect(calls8453).toEqual([])
  })

  test('a relayer address that merely starts with zeros is a relayer', async () => {
    const { chains } = twoChains({ relayer: at(0x3802), answers8453: { relayerHolds: 9_996n } })
    const bridges = await bridgesOf(chains, { chainId: 1, blockNumber: freshBlock(), timestamp: 0n })
    expect(bridges!.routes.find((r) => r.protocol === 'across')!.capacity).toBe(10_000n)
  })
})

describe('bridgesOf: which chains', () => {
  test('no bridge sender on the chain, or a chain not served: undefined, nothing read', async () => {
    const { chains, calls1, calls8453 } = twoChains({ noSender: true })
    expect(await bridgesOf(chains, { chainId: 1, blockNumber: freshBlock(), timestamp: 0n })).toBeUndefined()
    expect(await bridgesOf(chains, { chainId: 10, blockNumber: freshBlock(), timestamp: 0n })).toBeUndefined()
    expect([...calls1, ...calls8453]).toEqual([])
  })

  test('routes go to the other chains only, never back to the source (even with a receiver of ours on it)', async () => {
    const { chains } = twoChains({ receiverOnSource: true })
    const bridges = await bridgesOf(chains, { chainId: 1, blockNumber: freshBlock(), timestamp: 0n })
    expect(new Set(bridges!.routes.map((r) => r.destinationChainId))).toEqual(new Set([8453]))
    expect(bridges!.routes).toHaveLength(4)
  })

  test('no routes between a chain on an external node and one on the devnet (nothing would deliver); external to external has them', async () => {
    const { chains, calls1, calls8453 } = twoChains()
    const external = (c: ChainRuntime) => ({ ...c, source: 'external' }) as ChainRuntime
    const mixed = { 1: external(chains[1]!), 8453: chains[8453]! }
    expect((await bridgesOf(mixed, { chainId: 1, blockNumber: freshBlock(), timestamp: 0n }))!.routes).toEqual([])
    expect([...calls1, ...calls8453]).toEqual([])
    const bothExternal = { 1: external(chains[1]!), 8453: external(chains[8453]!) }
    expect((await bridgesOf(bothExternal, { chainId: 1, blockNumber: freshBlock(), timestamp: 0n }))!.routes).toHaveLength(4)
  })
})

describe('bridgesOf: the cache', () => {
  test('one read per chain and block: the same block answers from the cache, another block reads again', async () => {
    const { chains, calls1 } = twoChains()
    const blockNumber = freshBlock()
    const first = await bridgesOf(chains, { chainId: 1, blockNumber, timestamp: 0n })
    const reads = calls1.length
    expect(reads).toBeGreaterThan(0)
    expect(await bridgesOf(chains, { chainId: 1, blockNumber, timestamp: 0n })).toBe(first)
    expect(calls1).toHaveLength(reads)
    await bridgesOf(chains, { chainId: 1, blockNumber: freshBlock(), timestamp: 0n })
    expect(calls1).toHaveLength(2 * reads)
  })

  test('a failed read is not kept: the next call reads again', async () => {
    let fail = true
    const { chains } = twoChains({ answers1: { received: (probe) => { if (fail) throw new Error('node down'); return probe } } })
    const blockNumber = freshBlock()
    await expect(bridgesOf(chains, { chainId: 1, blockNumber, timestamp: 0n })).rejects.toThrow('node down')
    await new Promise((r) => setTimeout(r, 0))
    fail = false
    expect((await bridgesOf(chains, { chainId: 1, blockNumber, timestamp: 0n }))!.routes).toHaveLength(4)
  })

  test('it keeps the last 64 blocks: the 65th evicts the oldest', async () => {
    const { chains, calls1 } = twoChains()
    const blocks = Array.from({ length: 65 }, () => freshBlock())
    for (const blockNumber of blocks.slice(0, 64)) await bridgesOf(chains, { chainId: 1, blockNumber, timestamp: 0n })
    const reads = calls1.length
    await bridgesOf(chains, { chainId: 1, blockNumber: blocks[0]!, timestamp: 0n })
    expect(calls1).toHaveLength(reads)
    await bridgesOf(chains, { chainId: 1, blockNumber: blocks[64]!, timestamp: 0n })
    const afterNew = calls1.length
    await bridgesOf(chains, { chainId: 1, blockNumber: blocks[0]!, timestamp: 0n })
    expect(calls1.length).toBeGreaterThan(afterNew)
  })
})
