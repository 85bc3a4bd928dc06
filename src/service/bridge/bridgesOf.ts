import { type Address, getAddress, parseAbi } from 'viem'
import type { ChainAddressBook } from '../../chain/addressBook.js'
import type { ChainRuntime } from '../../chain/connectChains.js'
import { switchyardBridgeSenderAbi } from '../../contracts/generated/abis.js'
import type { BundleBridgeRoute, BundleBridges } from '../../protocols/bundle/types.js'
import { bridgeAdapters } from '../../protocols/bridge/registry.js'
import { deliversBetween } from '../assertBridgeDelivered.js'

const oftQuoteAbi = parseAbi([
  'struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; bytes composeMsg; bytes oftCmd; }',
  'struct OFTLimit { uint256 minAmountLD; uint256 maxAmountLD; }',
  'struct OFTFeeDetail { int256 feeAmountLD; string description; }',
  'struct OFTReceipt { uint256 amountSentLD; uint256 amountReceivedLD; }',
  'function quoteOFT(SendParam sendParam) view returns (OFTLimit limit, OFTFeeDetail[] details, OFTReceipt receipt)',
])

const lower = (a: string) => a.toLowerCase()

/** The bridge edges from `source` to `dest` the adapters declare (fees filled in by {@link bridgesOf}). */
export function bridgeRoutesBetween(source: { chainId: number; book: ChainAddressBook }, dest: { chainId: number; book: ChainAddressBook }): BundleBridgeRoute[] {
  const receiver = dest.book.switchyard?.['bridgeReceiver'] as Address | undefined
  if (!receiver) return []
  return bridgeAdapters.flatMap((a) => a.edges({ source, dest, receiver }))
}

/** Per chain and block: the bridges as the plan builder needs them. */
const cache = new Map<string, Promise<BundleBridges | undefined>>()

/**
 * The bridges from `chainId` to every other served chain, with Stargate's messaging fee (`quoteSend`
 * through our sender) and pool fee (`quoteOFT`) read at `blockNumber`. Cached per chain and block.
 * @returns undefined when the chain has no bridge sender
 */
export async function bridgesOf(chains: Readonly<Record<number, ChainRuntime>>, p: { chainId: number; blockNumber: bigint; timestamp: bigint }): Promise<BundleBridges | undefined> {
  const key = `${p.chainId}:${p.blockNumber}`
  let found = cache.get(key)
  if (!found) {
    found = readBridges(chains, p)
    cache.set(key, found)
    found.catch(() => cache.delete(key))
    if (cache.size > 64) cache.delete(cache.keys().next().value!)
  }
  return found
}

async function readBridges(chains: Readonly<Record<number, ChainRuntime>>, p: { chainId: number; blockNumber: bigint; timestamp: bigint }): Promise<BundleBridges | undefined> {
  const source = chains[p.chainId]
  const sender = source?.addressBook.switchyard?.['bridgeSender'] as Address | undefined
  if (!source || !sender) return undefined
  const routes = Object.values(chains)
    // Only towards chains something delivers to (see assertBridgeDelivered): never external ↔ devnet.
    .filter((c) => c.chainId !== p.chainId && deliversBetween(source, c))
    .flatMap((dest) => bridgeRoutesBetween({ chainId: p.chainId, book: source.addressBook }, { chainId: dest.chainId, book: dest.addressBook }))
  const withFees = await Promise.all(
    routes.map(async (route) => {
      if (route.protocol === 'across') return { ...route, capacity: await acrossCapacity(chains, source.addressBook, route) }
      if (route.protocol !== 'stargate') return route
      const pool = source.addressBook.stargate!.pools.find((x) => lower(x.pool) === lower(route.primary))!
      const probe = 10n ** BigInt(pool.localDecimals) * 1_000n
      const [nativeFee, quote] = await Promise.all([
        source.client.readContract({ address: sender, abi: switchyardBridgeSenderAbi, functionName: 'quoteStargate', args: [route.primary, route.dstEid!, route.destinationReceiver, probe, '0x'], blockNumber: p.blockNumber }),
        source.client.readContract({
          address: route.primary, abi: oftQuoteAbi, functionName: 'quoteOFT', blockNumber: p.blockNumber,
          args: [{ dstEid: route.dstEid!, to: `0x${'00'.repeat(12)}${route.destinationReceiver.slice(2)}`, amountLD: probe, minAmountLD: 0n, extraOptions: '0x', composeMsg: '0x', oftCmd: '0x' }],
        }),
      ])
      const received = quote[2].amountReceivedLD
      // Rounded up, so estimates never promise more than arrives.
      const feeBps = received >= probe ? 0n : ((probe - received) * 10_000n + probe - 1n) / probe
      return { ...route, nativeFee, feeBps }
    }),
  )
  return { sender: getAddress(sender), routes: withFees, now: p.timestamp }
}

const erc20BalanceAbi = parseAbi(['function balanceOf(address) view returns (uint256)'])

/**
 * What an Across route can carry now: the devnet relayer's balance of the output token on the
 * destination, in source-token units (the source and output tokens of a route share decimals: USDC,
 * WETH). Unknown (no capacity check) when the address book names no relayer (external nodes).
 */
async function acrossCapacity(chains: Readonly<Record<number, ChainRuntime>>, sourceBook: ChainAddressBook, route: BundleBridgeRoute): Promise<bigint | undefined> {
  const dest = chains[route.destinationChainId]
  const relayer = dest?.addressBook.across?.relayer
  if (!dest || !relayer || /^0x0+$/.test(relayer) || !sourceBook.across) return undefined
  try {
    const held = await dest.client.readContract({ address: route.destinationToken, abi: erc20BalanceAbi, functionName: 'balanceOf', args: [relayer] })
    // Grossed up by the relayer's fee: the input whose output the relayer can still pay.
    return (held * 10_000n) / (10_000n - route.feeBps)
  } catch {
    return undefined
  }
}
