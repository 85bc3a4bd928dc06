import { BaseError as ViemBaseError } from 'viem'
import { BaseError } from '../errors/base.js'
import { UpstreamUnavailableError } from '../errors/request.js'
import { nodeHealth, runGuarded, type NodeHealth } from './nodeHealth.js'

/**
 * Runs a use case step that talks to a chain's node. Our own errors pass through; a failure of the
 * node itself (refused connection, timeout, garbage answer — viem's errors) becomes
 * UPSTREAM_UNAVAILABLE (503, retryable) instead of a 500. Never turns it into an unsimulated answer.
 * While the chain's node is marked down ({@link NodeHealth}) the step fails at once, without calling
 * `fn`; a node failure (no answer, timeout) marks it down.
 * @param health - the circuit registry; default the process's {@link nodeHealth}
 * @throws UpstreamUnavailableError (a NodeDownError, with `retryAfterSeconds`, while the node is down)
 */
export async function withUpstream<T>(chainId: number, fn: () => Promise<T>, health: NodeHealth = nodeHealth): Promise<T> {
  try {
    return await runGuarded(health, chainId, fn)
  } catch (error) {
    if (error instanceof BaseError) throw error
    if (error instanceof ViemBaseError || (error instanceof Error && /fetch failed|ECONNREFUSED|socket hang up/i.test(error.message))) {
      throw new UpstreamUnavailableError({ chainId, cause: error })
    }
    throw error
  }
}
