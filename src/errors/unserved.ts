import { BaseError } from './base.js'

/** Codes of {@link UnservedOperationError}: a bridge we do not serve, or any other published operation. */
export type UnservedOperationCode = 'BRIDGE_NOT_SUPPORTED' | 'NOT_SUPPORTED'

export type UnservedOperationErrorType = UnservedOperationError & { name: 'UnservedOperationError' }
/**
 * A path of the published API that switchyard answers without serving it (400, never 404): the
 * message names what is not supported, and `metaMessages` what to use instead.
 * @example
 * new UnservedOperationError({ code: 'BRIDGE_NOT_SUPPORTED', operation: 'GET /ccip/router', what: 'CCIP is not served', instead: ['bridges: layerzero, stargate, across'] })
 */
export class UnservedOperationError extends BaseError {
  override name = 'UnservedOperationError'
  /** `METHOD /path` of the published operation. */
  operation: string
  constructor({ code, operation, what, instead }: { code: UnservedOperationCode; operation: string; what: string; instead: readonly string[] }) {
    super(`${operation}: ${what}. ${instead.join('; ')}.`, { code, metaMessages: [...instead] })
    this.operation = operation
  }
}
