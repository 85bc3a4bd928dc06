import { InvalidRequestError } from '../errors/request.js'

const SUPPORTED = 'Supported chains:'

/**
 * A validator knows no deployment: its `UNSUPPORTED_CHAIN` (a chain id such as 0, -1 or 2^53, which
 * no deployment serves) says which chain but not which are served. Each transport's boundary, which
 * knows them, passes its errors through here: such an error comes back with the served chains in its
 * message (`chainId: Chain 0 is not supported. Supported chains: 1, 8453.`), as the use cases' own
 * `UnsupportedChainError` says it; every other error comes back as it was.
 * @param error - anything thrown
 * @param supported - the served chain ids
 * @returns the error to answer with
 */
export function listSupportedChains(error: unknown, supported: readonly number[]): unknown {
  if (!needsSupportedChains(error)) return error
  const suffix = `${SUPPORTED} ${[...supported].sort((a, b) => a - b).join(', ')}.`
  return new InvalidRequestError({
    code: error.code,
    message: `${error.shortMessage}. ${suffix}`,
    issues: error.issues.map((i) => (i.reason.startsWith('Chain ') && !i.reason.includes(SUPPORTED) ? { ...i, reason: `${i.reason}. ${suffix}` } : i)),
  })
}

/** Whether `error` is a validator's `UNSUPPORTED_CHAIN` that does not list the served chains yet. */
export function needsSupportedChains(error: unknown): error is InvalidRequestError {
  return error instanceof InvalidRequestError && error.code === 'UNSUPPORTED_CHAIN' && !error.shortMessage.includes(SUPPORTED)
}
