import { getAddress, getContractAddress, type Address } from 'viem'
import type { DevnetClient } from './createDevnetClient.js'

/** Parameters of {@link setNonceForCreate}. */
export type SetNonceForCreateParameters = {
  /** The account (EOA or contract) whose next `CREATE` must land on `target`. */
  creator: Address
  /** Where the contract must be created (its mainnet address). */
  target: Address
  /** Highest nonce searched; defaults to 4096. */
  maxNonce?: number | undefined
}

/**
 * Finds the nonce at which `creator`'s `CREATE` yields `target` (the address is
 * `keccak256(rlp([creator, nonce]))`).
 * @returns the nonce, or `undefined` when no nonce up to `maxNonce` gives `target`
 */
export function findCreateNonce({ creator, target, maxNonce = 4096 }: SetNonceForCreateParameters): number | undefined {
  const want = getAddress(target)
  for (let nonce = 0; nonce <= maxNonce; nonce++) {
    if (getContractAddress({ from: creator, nonce: BigInt(nonce), opcode: 'CREATE' }) === want) return nonce
  }
  return undefined
}

/**
 * Sets `creator`'s nonce (`anvil_setNonce`) so that the next contract it creates with `CREATE`
 * lands on `target`. This is how the devnet puts contracts that mainnet created from another
 * contract (Aave's provider creates the Pool proxy, the PoolConfigurator creates every aToken) at
 * their mainnet addresses while the real code path creates them: mainnet's creator had exactly that
 * nonce at the time.
 * @returns the nonce that was set
 * @throws Error when no nonce up to `maxNonce` gives `target`
 */
export async function setNonceForCreate(client: DevnetClient, params: SetNonceForCreateParameters): Promise<number> {
  const nonce = findCreateNonce(params)
  if (nonce === undefined) throw new Error(`${params.target} is not a CREATE address of ${params.creator} at any nonce up to ${params.maxNonce ?? 4096}`)
  await client.setNonce({ address: params.creator, nonce })
  return nonce
}

/**
 * Moves `creator`'s nonce past every address its next `CREATE`s would hit that already holds code.
 * After contracts were placed at mainnet addresses out of order (a reserve listed at a later nonce
 * than the next one, a proxy installed where the creator would have created it), a later `CREATE`
 * (a reserve listed by hand, a new provider proxy) then lands on a free address instead of reverting.
 * @returns the creator's nonce afterwards
 */
export async function skipOccupiedCreateNonces(client: DevnetClient, { creator }: { creator: Address }): Promise<number> {
  const start = await client.getTransactionCount({ address: creator })
  let nonce = start
  for (;;) {
    const code = await client.getCode({ address: getContractAddress({ from: creator, nonce: BigInt(nonce), opcode: 'CREATE' }) })
    if (!code || code === '0x') break
    nonce++
  }
  if (nonce !== start) await client.setNonce({ address: creator, nonce })
  return nonce
}
