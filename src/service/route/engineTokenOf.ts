import type { Address } from 'viem'
import { isNativeAddress } from '../../schemas/fields.js'

/**
 * The token the engine routes for a request's token: the native coin as the wrapped token, every
 * address lowercase (the engine's keys).
 */
export function engineTokenOf(token: Address, weth: Address): string {
  return (isNativeAddress(token) ? weth : token).toLowerCase()
}
