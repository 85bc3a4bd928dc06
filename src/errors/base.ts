/** Parameters accepted by every switchyard error. */
export type BaseErrorParameters = {
  /** Stable machine-readable code, e.g. `NO_ROUTE`; documented in the README error table. */
  code?: string | undefined
  /** Longer technical explanation, safe to show to API callers. */
  details?: string | undefined
  /** Likely causes or hints, one per line. */
  metaMessages?: string[] | undefined
  /** The error this one wraps. */
  cause?: unknown
}

export type BaseErrorType = BaseError & { name: 'BaseError' }

/**
 * The root of every error switchyard throws on purpose (shape of viem's `BaseError`).
 * `shortMessage` is what callers see; `code` is stable across releases.
 *
 * @example
 * throw new BaseError('Pool not found', { code: 'POOL_NOT_FOUND' })
 */
export class BaseError extends Error {
  override name = 'BaseError'
  /** Stable code, e.g. `NO_ROUTE`. */
  code: string
  /** The one-line message without details or hints. */
  shortMessage: string
  /** Extra technical detail. */
  details: string | undefined
  /** Hints on likely causes. */
  metaMessages: string[] | undefined

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const lines = [shortMessage]
    if (parameters.metaMessages?.length) lines.push('', ...parameters.metaMessages)
    if (parameters.details) lines.push('', `Details: ${parameters.details}`)
    super(lines.join('\n'), parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.code = parameters.code ?? 'INTERNAL'
    this.shortMessage = shortMessage
    this.details = parameters.details
    this.metaMessages = parameters.metaMessages
  }

  /**
   * Walks the `cause` chain and returns the deepest error, or the first one matching `fn`.
   * @param fn - predicate; when given, returns the first error (from this one down) that satisfies it
   * @returns the matching error, or `null` when `fn` matches nothing
   */
  walk(fn?: (err: unknown) => boolean): unknown {
    let current: unknown = this
    for (;;) {
      if (fn?.(current)) return current
      const next = current instanceof Error ? current.cause : undefined
      if (next === undefined) return fn ? null : current
      current = next
    }
  }
}
