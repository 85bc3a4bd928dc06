import { InvalidRequestError } from './request.js'

export type TokenPausedErrorType = TokenPausedError & { name: 'TokenPausedError' }
/**
 * A token the request moves is paused (its `paused()` reads true on the chain): every transfer of it
 * reverts, so no route or bundle through it can execute. Code `TOKEN_PAUSED`, HTTP 400.
 */
export class TokenPausedError extends InvalidRequestError {
  override name = 'TokenPausedError'
  constructor({ token, field }: { token: string; field: string }) {
    const reason = `${token} is paused (paused() is true at the quoted block): every transfer of it reverts until its owner unpauses it`
    super({ code: 'TOKEN_PAUSED', message: `${field}: ${reason}`, issues: [{ field, reason }] })
  }
}

export type TokenBlocklistedErrorType = TokenBlocklistedError & { name: 'TokenBlocklistedError' }
/**
 * A token the request moves blocks one of the addresses it would move through (the sender, a receiver,
 * our router or executor): its blocklist (`isBlacklisted`/`isBlackListed`) lists that address, so the
 * transfer reverts. Code `TOKEN_BLOCKLISTED`, HTTP 400; `field` names the blocked address's field.
 */
export class TokenBlocklistedError extends InvalidRequestError {
  override name = 'TokenBlocklistedError'
  constructor({ token, holder, field }: { token: string; holder: string; field: string }) {
    const reason = `${token} blocklists ${holder}: the token refuses every transfer from or to it`
    super({ code: 'TOKEN_BLOCKLISTED', message: `${field}: ${reason}`, issues: [{ field, reason }] })
  }
}
