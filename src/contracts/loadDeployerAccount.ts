import { readFileSync } from 'node:fs'
import type { Account, Address, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DeployerAccountError, KeystoreError } from '../errors/setup.js'
import { decryptKeystore } from './decryptKeystore.js'

/** Where the deployer's key comes from; at most one of `privateKey` and `keystore`. */
export type LoadDeployerAccountParameters = {
  /** A raw private key (32 bytes of hex, with or without 0x). */
  privateKey?: string | undefined
  /** Path of an encrypted JSON keystore (Web3 Secret Storage v3). */
  keystore?: string | undefined
  /** Path of a file whose first line is the keystore's password. */
  passwordFile?: string | undefined
  /** The keystore's password itself (from the environment); `passwordFile` wins. */
  password?: string | undefined
}

/**
 * The account deployments are sent from: a local account (transactions signed here and sent with
 * `eth_sendRawTransaction`, so any node works: geth, reth, a provider) or, with neither key nor
 * keystore, the node's first unlocked account (anvil, dev nodes).
 */
export type LoadDeployerAccountReturnType = { account: Account | Address; source: 'private key' | 'keystore' | 'unlocked' }

export type LoadDeployerAccountErrorType = DeployerAccountError | KeystoreError

/**
 * Resolves the deployer account of `npm run contracts:deploy`. Messages never contain the key or the
 * password.
 * @param node - `unlockedAccounts()`: the node's `eth_accounts`, asked only when no key is given
 * @param params - {@link LoadDeployerAccountParameters}
 * @returns {@link LoadDeployerAccountReturnType}
 * @throws {@link LoadDeployerAccountErrorType}
 */
export async function loadDeployerAccount(
  node: { unlockedAccounts(): Promise<readonly Address[]> },
  params: LoadDeployerAccountParameters,
): Promise<LoadDeployerAccountReturnType> {
  if (params.privateKey !== undefined && params.keystore !== undefined) throw new DeployerAccountError({ reason: 'both a private key and a keystore were given; give one' })
  if (params.privateKey !== undefined) {
    const key = params.privateKey.trim().replace(/^(0x)?/, '0x')
    if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new DeployerAccountError({ reason: 'the private key is not 32 bytes of hex' })
    return { account: privateKeyToAccount(key as Hex), source: 'private key' }
  }
  if (params.keystore !== undefined) {
    let password = params.password
    if (params.passwordFile !== undefined) {
      try {
        // geth's --password file: the first line, without its line break.
        password = (readFileSync(params.passwordFile, 'utf8').split('\n')[0] ?? '').replace(/\r$/, '')
      } catch (cause) {
        throw new DeployerAccountError({ reason: `cannot read the password file ${params.passwordFile} (${(cause as NodeJS.ErrnoException).code ?? 'error'})` })
      }
    }
    if (password === undefined) throw new DeployerAccountError({ reason: 'a keystore needs its password: --password-file <file> or SWITCHYARD_DEPLOYER_PASSWORD' })
    let json: unknown
    try {
      json = JSON.parse(readFileSync(params.keystore, 'utf8'))
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code
      throw new KeystoreError({ reason: code ? `cannot read ${params.keystore} (${code})` : `${params.keystore} is not JSON` })
    }
    return { account: privateKeyToAccount(await decryptKeystore(json, { password })), source: 'keystore' }
  }
  const [unlocked] = await node.unlockedAccounts()
  if (!unlocked) throw new DeployerAccountError({ reason: 'no key or keystore was given and the node unlocks no account' })
  return { account: unlocked, source: 'unlocked' }
}
