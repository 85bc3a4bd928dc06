import { parseAbi, toHex, zeroAddress, type Address, type Hex, type PublicClient } from 'viem'
import { uniswapV4PoolId, type UniswapV4PoolKey } from '../protocols/uniswap-v4/poolId.js'
import { decodeSlot0, poolStateSlot } from '../protocols/uniswap-v4/slots.js'
import type { ChainAddressBook } from './addressBook.js'
import { uniswapV4PoolManagers, uniswapV4PositionManagers } from './canonicalAddresses.js'
import { hasCode } from './hasCode.js'

const extsloadAbi = parseAbi(['function extsload(bytes32[] slots) view returns (bytes32[])'])

/** The fee / tick-spacing pairs V4 pools commonly use (V3's tiers); V4 itself allows any pair. */
const V4_TIERS = [[100, 1], [500, 10], [3000, 60], [10000, 200]] as const

/**
 * Finds hookless Uniswap V4 pools among the book's tokens and the native coin on an external node: the
 * PoolManager at its canonical address, then every currency pair in the common fee tiers, kept when its
 * slot0 (one `extsload` batch through Multicall3) shows it initialized. Sets `book.uniswapV4` when the
 * PoolManager has code, with the PositionManager when its canonical address has code too.
 */
export async function discoverUniswapV4(client: PublicClient, book: ChainAddressBook): Promise<void> {
  const poolManager = uniswapV4PoolManagers[book.chainId]
  if (!poolManager || !(await hasCode(client, poolManager))) return
  const currencies = [zeroAddress as Address, ...Object.values(book.tokens).map((t) => t.address)]
  const keys: UniswapV4PoolKey[] = []
  for (let i = 0; i < currencies.length; i++) {
    for (let j = i + 1; j < currencies.length; j++) {
      const [currency0, currency1] = currencies[i]!.toLowerCase() < currencies[j]!.toLowerCase() ? [currencies[i]!, currencies[j]!] : [currencies[j]!, currencies[i]!]
      for (const [fee, tickSpacing] of V4_TIERS) keys.push({ currency0, currency1, fee, tickSpacing, hooks: zeroAddress })
    }
  }
  const ids = keys.map(uniswapV4PoolId)
  const [words] = await client.multicall({
    contracts: [{ address: poolManager, abi: extsloadAbi, functionName: 'extsload', args: [ids.map((id) => toHex(poolStateSlot(id), { size: 32 }))] }],
    multicallAddress: book.multicall3,
    allowFailure: false,
  }) as unknown as [readonly Hex[]]
  const pools = keys.flatMap((key, i) => (decodeSlot0(words[i]!).sqrtPriceX96 === 0n ? [] : [{ id: ids[i]!, ...key }]))
  const positionManager = uniswapV4PositionManagers[book.chainId]
  const withPositions = positionManager !== undefined && (await hasCode(client, positionManager))
  book.uniswapV4 = { poolManager, ...(withPositions ? { positionManager } : {}), pools }
}
