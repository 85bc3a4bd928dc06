import { BaseError } from './base.js'

/**
 * Errors an operator meets while setting switchyard up: at startup against an external node, or while
 * deploying our contracts. None reaches an API caller; each says what is missing and what to do.
 */

export type KeystoreErrorType = KeystoreError & { name: 'KeystoreError' }
/** An encrypted JSON keystore could not be read or decrypted. Never names the password or the key. */
export class KeystoreError extends BaseError {
  override name = 'KeystoreError'
  constructor({ reason, metaMessages }: { reason: string; metaMessages?: string[] | undefined }) {
    super(`Could not decrypt the keystore: ${reason}.`, { code: 'KEYSTORE_INVALID', metaMessages })
  }
}

export type DeployerAccountErrorType = DeployerAccountError & { name: 'DeployerAccountError' }
/** The deploy command was given no usable account (or two ways to choose one). Never echoes a key. */
export class DeployerAccountError extends BaseError {
  override name = 'DeployerAccountError'
  constructor({ reason }: { reason: string }) {
    super(`No deployer account: ${reason}.`, {
      code: 'DEPLOYER_ACCOUNT',
      metaMessages: [
        'Give a private key in SWITCHYARD_DEPLOYER_KEY (or --private-key, which shell history and `ps` can see),',
        'or an encrypted JSON keystore with --keystore <file> and its password in --password-file <file> or SWITCHYARD_DEPLOYER_PASSWORD,',
        'or run against a node that unlocks an account (anvil, a dev node).',
      ],
    })
  }
}

export type MissingChainContractErrorType = MissingChainContractError & { name: 'MissingChainContractError' }
/**
 * An external node's chain lacks a contract switchyard needs there: the start stops and says which,
 * where it was looked for, and how to put it there.
 */
export class MissingChainContractError extends BaseError {
  override name = 'MissingChainContractError'
  /** The configured chain. */
  chainId: number
  /** The contract that is missing, e.g. `Multicall3`. */
  contract: string
  constructor({ chainId, contract, address, url, why, remedy }: { chainId: number; contract: string; address: string; url: string; why: string; remedy: string[] }) {
    super(`Chain ${chainId} (${url}) has no ${contract} at ${address}: ${why}.`, {
      code: 'CHAIN_CONTRACT_MISSING',
      metaMessages: remedy,
      details: `chain ${chainId}, ${contract} expected at ${address}, node ${url}`,
    })
    this.chainId = chainId
    this.contract = contract
  }
}
