import { BaseError } from './base.js'

export type DevnetStartErrorType = DevnetStartError & { name: 'DevnetStartError' }
/** The embedded anvil node could not be started or did not become ready. */
export class DevnetStartError extends BaseError {
  override name = 'DevnetStartError'
  constructor({ chainId, reason, cause }: { chainId: number; reason: string; cause?: unknown }) {
    super(`Could not start the devnet node for chain ${chainId}.`, {
      code: 'DEVNET_START_FAILED',
      details: reason,
      metaMessages: ['Is the @foundry-rs/anvil platform package installed (npm ci)?', 'Is the port already in use?'],
      cause,
    })
  }
}

export type DevnetDeployErrorType = DevnetDeployError & { name: 'DevnetDeployError' }
/** Deploying or seeding the devnet scenario failed. */
export class DevnetDeployError extends BaseError {
  override name = 'DevnetDeployError'
  constructor({ chainId, step, cause }: { chainId: number; step: string; cause?: unknown }) {
    super(`Devnet deployment failed on chain ${chainId} at step "${step}".`, {
      code: 'DEVNET_DEPLOY_FAILED',
      cause,
    })
  }
}

export type TokenBalanceSlotNotFoundErrorType = TokenBalanceSlotNotFoundError & { name: 'TokenBalanceSlotNotFoundError' }
/** No storage slot layout was found that controls `balanceOf` for a token. */
export class TokenBalanceSlotNotFoundError extends BaseError {
  override name = 'TokenBalanceSlotNotFoundError'
  constructor({ token }: { token: string }) {
    super(`Could not locate the balance storage slot of token ${token}.`, {
      code: 'BALANCE_SLOT_NOT_FOUND',
      metaMessages: ['The token may compute balances (rebasing, shares) instead of storing them in a mapping.'],
    })
  }
}

export type InvalidNodeResponseErrorType = InvalidNodeResponseError & { name: 'InvalidNodeResponseError' }
/** A JSON-RPC node answered something that is not the shape the method returns (THREATS N3). */
export class InvalidNodeResponseError extends BaseError {
  override name = 'InvalidNodeResponseError'
  constructor({ method, reason }: { method: string; reason: string }) {
    super(`The node returned an invalid answer to ${method}.`, { code: 'UPSTREAM_UNAVAILABLE', details: reason })
  }
}

export type UnknownChainErrorType = UnknownChainError & { name: 'UnknownChainError' }
/** A chain id that is not configured. */
export class UnknownChainError extends BaseError {
  override name = 'UnknownChainError'
  constructor({ chainId, supported }: { chainId: number; supported: readonly number[] }) {
    super(`Chain ${chainId} is not supported.`, {
      code: 'UNSUPPORTED_CHAIN',
      details: `Supported chains: ${supported.join(', ')}`,
    })
  }
}

export type ChainIdMismatchErrorType = ChainIdMismatchError & { name: 'ChainIdMismatchError' }
/**
 * A node reports another chain than the one it is configured for. At startup this stops the boot; at
 * runtime every call to that node fails with it (503, retryable) until the node reports the right id.
 */
export class ChainIdMismatchError extends BaseError {
  override name = 'ChainIdMismatchError'
  /** The chain the node is configured for. */
  chainId: number
  /** The chain id the node reported. */
  reportedChainId: number
  constructor({ chainId, reportedChainId, url }: { chainId: number; reportedChainId: number; url: string }) {
    super(`The node for chain ${chainId} (${url}) reports chain id ${reportedChainId}.`, {
      code: 'UPSTREAM_UNAVAILABLE',
      details: `configured chain id ${chainId}, reported chain id ${reportedChainId}, node ${url}`,
      metaMessages: [`Is SWITCHYARD_RPC_${chainId} pointing at a node of another chain?`, 'Did the provider behind the URL switch networks?'],
    })
    this.chainId = chainId
    this.reportedChainId = reportedChainId
  }
}

export type UnhealthyHeadErrorType = UnhealthyHeadError & { name: 'UnhealthyHeadError' }
/**
 * A node announced a chain head it cannot back: the block it calls `latest` cannot be read by its
 * number, or is another block. Treated as a node fault (503, retryable), never as "no route".
 */
export class UnhealthyHeadError extends BaseError {
  override name = 'UnhealthyHeadError'
  constructor({ chainId, previous, reported, reason }: { chainId: number; previous: bigint | undefined; reported: bigint; reason: string }) {
    super(`The node for chain ${chainId} announced an implausible head ${reported}.`, {
      code: 'UPSTREAM_UNAVAILABLE',
      details: `${reason}; previous head ${previous ?? 'none'}`,
    })
  }
}

export type LogRangeRefusedErrorType = LogRangeRefusedError & { name: 'LogRangeRefusedError' }
/**
 * A node refused `eth_getLogs` even for a one-block range, several times in a row: pool discovery
 * cannot read the chain's creation events (the node is down, rate limits every call, or keeps no logs).
 */
export class LogRangeRefusedError extends BaseError {
  override name = 'LogRangeRefusedError'
  constructor({ chainId, fromBlock, toBlock, attempts, cause }: { chainId: number; fromBlock: bigint; toBlock: bigint; attempts: number; cause?: unknown }) {
    super(`The node for chain ${chainId} refused eth_getLogs for blocks ${fromBlock}–${toBlock}.`, {
      code: 'UPSTREAM_UNAVAILABLE',
      details: `${attempts} attempts at the smallest window; last error: ${cause instanceof Error ? cause.message.split('\n')[0] : String(cause)}`,
      metaMessages: ['Does the node keep logs for these blocks (a pruned node, or one started with --no-logs)?', `Set SWITCHYARD_DISCOVERY_START_BLOCK_${chainId} to start discovery later.`],
      cause,
    })
  }
}
