import { BaseError } from '../../errors/base.js'

export type InvalidApiKeyConfigErrorType = InvalidApiKeyConfigError & { name: 'InvalidApiKeyConfigError' }
/**
 * A configured API key entry (`key[:accountId]`) is unusable. Thrown at startup only. The message
 * names the entry by position and never contains the key itself (startup errors end up in logs).
 */
export class InvalidApiKeyConfigError extends BaseError {
  override name = 'InvalidApiKeyConfigError'
  /** 1-based position of the entry in the configured list. */
  entry: number
  constructor({ entry, reason }: { entry: number; reason: string }) {
    super(`API key entry #${entry} is invalid: ${reason}`, {
      code: 'INVALID_CONFIG',
      metaMessages: [
        'Entries are "key" or "key:accountId" (SWITCHYARD_API_KEYS is a comma-separated list).',
        'A key is 16-256 characters from A-Z a-z 0-9 . _ ~ + / = -',
        'accountId is 0x + 64 hex digits (bytes32), a UUID, or any other label (hashed to bytes32).',
      ],
    })
    this.entry = entry
  }
}
