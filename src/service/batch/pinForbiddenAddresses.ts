import type { ChainAddressBook } from '../../chain/addressBook.js'
import type { ServiceContext } from '../context.js'
import { forbiddenAddressesOf, type ForbiddenAddresses } from '../forbiddenAddressesOf.js'

/**
 * The context with each book's forbidden addresses read once: the first read of a book (through the
 * context's own reader, `forbiddenAddressesOf` by default, which fingerprints the whole book at every
 * call) is kept, and every later read gets the same list. Every route run through the returned context
 * (a batch's items, a head's re-quotes) is checked against the book as it stood at that first read, as
 * it is answered on one snapshot.
 * @param ctx - the service context
 * @returns the same context with a pinned reader
 */
export function pinForbiddenAddresses<C extends Pick<ServiceContext, 'forbiddenAddresses'>>(ctx: C): C {
  const read = ctx.forbiddenAddresses ?? forbiddenAddressesOf
  const pinned = new Map<ChainAddressBook, ForbiddenAddresses>()
  return {
    ...ctx,
    forbiddenAddresses: (book: ChainAddressBook) => {
      let forbidden = pinned.get(book)
      if (forbidden === undefined) {
        forbidden = read(book)
        pinned.set(book, forbidden)
      }
      return forbidden
    },
  }
}
