import { BaseError as ViemBaseError } from 'viem'
import { BaseError } from '../errors/base.js'
import { UpstreamUnavailableError } from '../errors/request.js'

/**
 * Runs a use case step that talks to a chain's node. Our own errors pass through; a failure of the
 * node itself (refused connection, timeout, garbage answer — viem's errors) becomes
 * UPSTREAM_UNAVAILABLE (503, retryable) instead of a 500. Never turns it into an unsimulated answer.
 * @throws UpstreamUnavailableError
 */
export async function withUpstream<T>(chainId: number, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (error instanceof BaseError) throw error
    if (error instanceof ViemBaseError || (error instanceof Error && /fetch failed|ECONNREFUSED|socket hang up/i.test(error.message))) {
      throw new UpstreamUnavailableError({ chainId, cause: error })
    }
    throw error
  }
}
