import type { Address } from 'viem'
import type { ChainAddressBook, StargateEntry } from '../addressBook.js'
import { DevnetDeployError } from '../../errors/chain.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { getLayerZeroPacketsSent } from './decodeLayerZeroPacket.js'
import { devnetLayerZeroRelayer } from './deployLayerZero.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import { relayLayerZeroPacket } from './relayLayerZeroPacket.js'
import { sendTx } from './sendTx.js'

/** One devnet chain taking part in {@link linkStargate}. */
export type LinkStargateChain = {
  client: DevnetClient
  book: ChainAddressBook
  /** Share of each pool's local credit to hand to the other chains, split evenly between them, in percent. */
  creditPct: number
}

/** Parameters of {@link linkStargate}. */
export type LinkStargateParameters = {
  /** Every running chain with Stargate deployed (`book.stargate` and `book.layerZero`); others are ignored. */
  chains: readonly LinkStargateChain[]
  /** Delivers the credit packets; defaults to the devnet's LayerZero relayer. */
  relayer?: Address | undefined
}

/** What one chain sent to another: the credit, in shared decimals, per asset id. */
export type StargateCreditTransfer = { fromChainId: number; toChainId: number; credits: Record<number, bigint> }

type Linked = LinkStargateChain & { stargate: StargateEntry; eid: number; endpoint: Address; receiveLib: Address }

function linked(chain: LinkStargateChain): Linked | undefined {
  const { stargate, layerZero } = chain.book
  if (!stargate || !layerZero) return undefined
  return { ...chain, stargate, eid: layerZero.eid, endpoint: layerZero.endpoint, receiveLib: layerZero.receiveLib }
}

/**
 * Gives every Stargate pool credit towards every other devnet chain, the way Stargate's planner
 * does on mainnet: for each ordered pair of chains (A, B), the planner (the devnet deployer) calls
 * A's `CreditMessaging.sendCredits(eid B, …)`, which moves part of each A pool's local credit (its
 * LP deposits) into the message; the relayer delivers the packet on B (`relayLayerZeroPacket`), where
 * CreditMessaging credits B's pool of the same asset id on the path to A. Afterwards a pool on B can
 * send up to that credit to A. Needs every chain running; chains are visited in the order given.
 *
 * @returns the credits each chain sent
 * @throws DevnetDeployError naming the pair that failed
 */
export async function linkStargate(params: LinkStargateParameters): Promise<StargateCreditTransfer[]> {
  const chains = params.chains.flatMap((c) => linked(c) ?? [])
  const relayer = params.relayer ?? devnetLayerZeroRelayer
  const poolAbi = loadProtocolArtifact('StargatePool').abi
  const cmAbi = loadProtocolArtifact('StargateCreditMessaging').abi
  const transfers: StargateCreditTransfer[] = []
  if (chains.length < 2) return transfers
  // Each pool's share per remote, from its credit before any is sent.
  const shares = new Map<Linked, Map<number, bigint>>()
  for (const c of chains) {
    const byAsset = new Map<number, bigint>()
    for (const p of c.stargate.pools) {
      const credit = (await c.client.readContract({ address: p.pool, abi: poolAbi, functionName: 'paths', args: [c.eid] })) as bigint
      byAsset.set(p.assetId, (credit * BigInt(Math.round(c.creditPct * 100))) / 10_000n / BigInt(chains.length - 1))
    }
    shares.set(c, byAsset)
  }
  for (const from of chains) {
    for (const to of chains) {
      if (to === from) continue
      const step = `link Stargate: credits ${from.client.chain.id} → ${to.client.chain.id}`
      try {
        const remoteAssets = new Set(to.stargate.pools.map((p) => p.assetId))
        const credits: Record<number, bigint> = {}
        const batches = [...(shares.get(from) ?? [])]
          .filter(([assetId, amount]) => amount > 0n && remoteAssets.has(assetId))
          .map(([assetId, amount]) => {
            credits[assetId] = amount
            return { assetId, credits: [{ srcEid: from.eid, amount, minAmount: 0n }] }
          })
        if (batches.length === 0) continue
        const fee = (await from.client.readContract({
          address: from.stargate.creditMessaging,
          abi: cmAbi,
          functionName: 'quoteSendCredits',
          args: [to.eid, batches],
        })) as { nativeFee: bigint }
        const receipt = await sendTx(from.client, {
          address: from.stargate.creditMessaging,
          abi: cmAbi,
          functionName: 'sendCredits',
          args: [to.eid, batches],
          value: fee.nativeFee,
          account: devnetDeployer,
        })
        const packets = getLayerZeroPacketsSent({ logs: receipt.logs, endpoint: from.endpoint })
        if (packets.length !== 1) throw new Error(`sendCredits emitted ${packets.length} packets`)
        await relayLayerZeroPacket(to.client, { encodedPacket: packets[0]!.encoded, endpoint: to.endpoint, receiveLib: to.receiveLib, relayer })
        transfers.push({ fromChainId: from.client.chain.id, toChainId: to.client.chain.id, credits })
      } catch (cause) {
        throw new DevnetDeployError({ chainId: from.client.chain.id, step, cause })
      }
    }
  }
  return transfers
}
