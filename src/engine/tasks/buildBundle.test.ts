import { getAddress, sliceHex, toFunctionSelector, type Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import { parseBundleRequest } from '../../schemas/bundleRequest.js'
import { buildGraph } from '../graph/buildGraph.js'
import { createSearchContext } from '../search/searchContext.js'
import { randomSnapshot } from '../testing/randomSnapshot.js'
import { buildBundle } from './buildBundle.js'

const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const FROM: Address = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const OTHER: Address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const EXECUTOR: Address = '0x00000000000000000000000000000000000E0E0E'
const at = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`)

describe('buildBundle (worker task)', () => {
  test('plans a bundle on the snapshot: a transfer pulls its amount into the executor and calls transfer', () => {
    const context = createSearchContext(buildGraph({ adapters: protocolAdapters }, randomSnapshot({ seed: 1, tokens: 4, v2Pools: 4 })))
    const { actions } = parseBundleRequest({ fromAddress: FROM }, [{ protocol: 'erc20', action: 'transfer', args: { token: USDC, receiver: OTHER, amount: '5' } }])
    const plan = buildBundle(context, {
      chainId: 1, strategy: 'router', self: EXECUTOR, fromAddress: FROM, receiver: FROM, refundReceiver: FROM,
      helpers: { balance: at(0xb1), math: at(0xb2), check: at(0xb3) },
      contracts: { weth: at(0xc1), permit2: at(0xc2), multicall3: at(0xc3), uniswapV2Router02: at(0xc4), uniswapV3SwapRouter02: at(0xc5), uniswapV3PositionManager: at(0xc6), balancerVault: at(0xc7) },
      deadline: 1n, actions, initialBalances: {}, delegateSlippageBps: 50n, maxHops: 2, maxSplits: 1, ignoreStandards: [],
    })
    expect(plan.inputs.map((i) => [i.token.toLowerCase(), i.amount])).toEqual([[USDC.toLowerCase(), 5n]])
    expect(plan.estimates).toEqual([['5']])
    // The first command calls USDC.transfer (selector in the first 4 bytes, target in the last 20).
    const transfers = plan.commands.filter((c) => sliceHex(c, 0, 4) === '0xa9059cbb' && getAddress(sliceHex(c, 12)) === USDC)
    expect(transfers.length).toBeGreaterThan(0)
  })

  const NFT: Address = '0xC36442b4a4522E871399CD717aBDD847Ab11FE88'
  const EXEC = getAddress(EXECUTOR.toLowerCase())
  const planWith = (extra: { spendReceivedInputs?: boolean }, raw: unknown[]) => plan('router', EXEC, raw, FROM, extra)
  const plan = (strategy: 'router' | 'delegate', self: Address, raw: unknown[], receiver: Address = FROM, extra: { spendReceivedInputs?: boolean } = {}) => {
    const context = createSearchContext(buildGraph({ adapters: protocolAdapters }, randomSnapshot({ seed: 1, tokens: 4, v2Pools: 4 })))
    const { actions } = parseBundleRequest({ fromAddress: FROM, routingStrategy: strategy }, raw)
    return buildBundle(context, {
      ...extra,
      chainId: 1, strategy, self, fromAddress: FROM, receiver, refundReceiver: FROM,
      helpers: { balance: at(0xb1), math: at(0xb2), check: at(0xb3) },
      contracts: { weth: at(0xc1), permit2: at(0xc2), multicall3: at(0xc3), uniswapV2Router02: at(0xc4), uniswapV3SwapRouter02: at(0xc5), uniswapV3PositionManager: at(0xc6), balancerVault: at(0xc7) },
      deadline: 1n, actions, initialBalances: {}, delegateSlippageBps: 50n, maxHops: 2, maxSplits: 1, ignoreStandards: [],
    })
  }

  test('erc721 transfer: one safeTransferFrom of the tokenId, nothing pulled (an ERC-20 pull of a collection would move tokenId = amount), the NFT reported delivered', () => {
    const built = plan('router', EXEC, [{ protocol: 'erc721', action: 'transfer', args: { token: NFT, receiver: OTHER, tokenId: '77' } }])
    expect(built.inputs).toEqual([])
    // safeTransferFrom(address,address,uint256) on the collection; no ERC-20 transfer or sweep of it.
    const onNft = built.commands.filter((c) => getAddress(sliceHex(c, 12)) === NFT).map((c) => sliceHex(c, 0, 4))
    expect(onNft).toEqual(['0x42842e0e'])
    expect(built.state).toContain(`0x${(77).toString(16).padStart(64, '0')}`)
    expect(built.deliveries).toEqual([{ token: NFT, receiver: OTHER, estimate: 1n }])
  })

  test('an NFT our executor would keep is refused (NFT_TO_EXECUTOR); a wallet keeps its own and reports it', () => {
    expect(() => plan('router', EXEC, [{ protocol: 'erc721', action: 'transfer', args: { token: NFT, receiver: EXEC, tokenId: '1' } }])).toThrow(expect.objectContaining({ code: 'NFT_TO_EXECUTOR' }))
    // The bundle's receiver is another address: the wallet's ERC-20 gains go there, never the NFT it keeps.
    const kept = plan('delegate', FROM, [{ protocol: 'erc721', action: 'transfer', args: { token: NFT, receiver: FROM, tokenId: '1' } }], OTHER)
    expect(kept.deliveries).toEqual([{ token: NFT, receiver: FROM, estimate: 1n }])
    expect(kept.commands.filter((c) => sliceHex(c, 0, 4) === '0xa9059cbb')).toEqual([])
  })

  test('spendReceivedInputs (router): the last literal spend of a pulled token spends min(amount, held); the sender is still charged the amount; an ambiguous literal is left alone', () => {
    const MIN = toFunctionSelector('min(uint256,uint256)')
    const math = at(0xb2)
    const minCalls = (built: ReturnType<typeof plan>) => built.commands.filter((c) => sliceHex(c, 0, 4) === MIN && getAddress(sliceHex(c, 12)) === math)
    const transfer = (extra: Record<string, unknown> = {}) => [{ protocol: 'erc20', action: 'transfer', args: { token: USDC, receiver: OTHER, amount: '5', ...extra } }]
    expect(minCalls(plan('router', getAddress(EXECUTOR.toLowerCase()), transfer()))).toEqual([])
    const received = planWith({ spendReceivedInputs: true }, transfer())
    expect(minCalls(received)).toHaveLength(1)
    expect(received.inputs.map((i) => [i.token, i.amount])).toEqual([[USDC, 5n]])
    // The same literal twice among the action's arguments: which one is the spend cannot be told.
    expect(minCalls(planWith({ spendReceivedInputs: true }, transfer({ tokenId: '5' })))).toEqual([])
  })
})
