import { BaseError } from './base.js'

export type QuoteNotFoundErrorType = QuoteNotFoundError & { name: 'QuoteNotFoundError' }
/**
 * `POST /shortcuts/replay` named a `quoteId` this service does not keep (never issued, or evicted:
 * answers are kept for a bounded time and number). 404; the full answer can still be replayed.
 */
export class QuoteNotFoundError extends BaseError {
  override name = 'QuoteNotFoundError'
  constructor({ quoteId }: { quoteId: string }) {
    super(`No answer with quoteId ${quoteId} is kept here.`, {
      code: 'QUOTE_NOT_FOUND',
      metaMessages: ['Answers asked with explain=true are kept for a limited time and number.', 'Send the full answer instead: chainId, blockNumber, tx, receiver, tokenOut and amountOut.'],
    })
  }
}
