import { LRUCache } from 'lru-cache'
import { erc20Abi, parseAbiItem, type Address, type PublicClient } from 'viem'

/** Blocks of Transfer logs read to find holders (one `eth_getLogs`; halved when a node refuses the range). */
export const HOLDER_LOG_WINDOW = 5_000n
/** Most candidate holders kept per token (largest recent recipients are enough to fund a simulation). */
export const MAX_HOLDER_CANDIDATES = 256
/** Most accounts whose code is checked per call: the work per request is bounded. */
export const MAX_HOLDER_CODE_CHECKS = 8

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')

/** Recent recipients per `chainId:token`: refreshed every 5 minutes. */
const candidates = new LRUCache<string, Address[]>({ max: 2_048, ttl: 5 * 60_000 })
/** Whether an account has code, per chain; code rarely appears and never leaves within a TTL. */
const hasCode = new LRUCache<string, boolean>({ max: 50_000, ttl: 10 * 60_000 })

/** One holder's contribution: `amount` of the token moves from `holder`. */
export type TokenHolderShare = { holder: Address; amount: bigint }

/** Parameters of {@link findTokenHolders}. */
export type FindTokenHoldersParameters = {
  /** The chain `client` talks to: recipients and code checks are remembered per chain. */
  chainId: number
  token: Address
  blockNumber: bigint
  /** How much the holders must cover together. */
  amount: bigint
  /** Accounts never used (the sender, the receiver, the spender). */
  exclude: readonly Address[]
  multicall3: Address
}

async function recentRecipients(client: Pick<PublicClient, 'getLogs'>, { chainId, token, blockNumber }: Pick<FindTokenHoldersParameters, 'chainId' | 'token' | 'blockNumber'>): Promise<Address[]> {
  const key = `${chainId}:${token.toLowerCase()}`
  const hit = candidates.get(key)
  if (hit) return hit
  let window = HOLDER_LOG_WINDOW
  for (;;) {
    const fromBlock = blockNumber > window ? blockNumber - window : 0n
    try {
      const logs = await client.getLogs({ address: token, event: transferEvent, fromBlock, toBlock: blockNumber })
      const seen = new Set<string>()
      const found: Address[] = []
      // Newest first: recent recipients are likelier to still hold the token.
      for (let i = logs.length - 1; i >= 0 && found.length < MAX_HOLDER_CANDIDATES; i--) {
        const to = logs[i]!.args.to
        if (!to || seen.has(to.toLowerCase())) continue
        seen.add(to.toLowerCase())
        found.push(to)
      }
      candidates.set(key, found)
      return found
    } catch (error) {
      // Nodes cap log ranges; a smaller window still finds active holders.
      if (window <= 100n) throw error
      window /= 4n
    }
  }
}

/**
 * Accounts without code that hold `token` at `blockNumber`, largest first, until they cover `amount`:
 * the state a simulation borrows for a sender whose balance cannot be written to storage (rebasing
 * and share-based tokens such as stETH and aTokens, whose balances are computed). Contracts are never
 * used, because moving a pool's or a vault's balance would change what the route itself quotes.
 * Bounded work: one `eth_getLogs` per token per 5 minutes, one Multicall3 of balances, at most
 * {@link MAX_HOLDER_CODE_CHECKS} `eth_getCode`.
 * @returns the shares; their sum is below `amount` when the holders found cannot cover it
 */
export async function findTokenHolders(client: PublicClient, p: FindTokenHoldersParameters): Promise<TokenHolderShare[]> {
  const excluded = new Set(p.exclude.map((a) => a.toLowerCase()))
  const recipients = (await recentRecipients(client, p)).filter((a) => !excluded.has(a.toLowerCase()) && BigInt(a) > 0xffffn)
  if (recipients.length === 0) return []
  const balances = await client.multicall({
    blockNumber: p.blockNumber,
    multicallAddress: p.multicall3,
    allowFailure: true,
    contracts: recipients.map((holder) => ({ address: p.token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] }) as const),
  })
  const ranked = recipients
    .map((holder, i) => ({ holder, balance: balances[i]?.status === 'success' ? (balances[i].result as bigint) : 0n }))
    .filter((h) => h.balance > 0n)
    .sort((a, b) => (b.balance > a.balance ? 1 : b.balance < a.balance ? -1 : 0))
  const shares: TokenHolderShare[] = []
  let covered = 0n
  let checks = 0
  for (const { holder, balance } of ranked) {
    if (covered >= p.amount || checks >= MAX_HOLDER_CODE_CHECKS) break
    const key = `${p.chainId}:${holder.toLowerCase()}`
    let code = hasCode.get(key)
    if (code === undefined) {
      checks++
      const bytecode = await client.getCode({ address: holder, blockNumber: p.blockNumber })
      code = bytecode !== undefined && bytecode !== '0x'
      hasCode.set(key, code)
    }
    if (code) continue
    const take = balance < p.amount - covered ? balance : p.amount - covered
    shares.push({ holder, amount: take })
    covered += take
  }
  return shares
}
