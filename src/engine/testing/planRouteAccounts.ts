/**
 * Test support: the accounts and tokens of the planRoute tests' mock chain (`MockRouteChain` in
 * `mockRouteChain.ts`): our executor, a wallet, the receivers, the helper contracts, WETH and four tokens.
 */
import { type Address, getAddress } from 'viem'

/** A checksummed address from a number. */
export const addr = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`)
/** An address in lowercase (the mock chain's keys; routes carry lowercase tokens). */
export const lower = (a: string) => a.toLowerCase()

/** The native coin's placeholder address. */
export const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
/** Our executor: plans it runs own every balance it holds (`ownsBalances`). */
export const EXECUTOR = addr(0xe0e0e0)
/** A smart wallet: plans it runs must leave its own funds where they are. */
export const WALLET = addr(0xa11e7)
export const RECEIVER = addr(0x4ec0)
export const REFUND = addr(0x4ef0)
export const FEES = addr(0xfee5)
/** The balance, math and check helpers, as in `contracts/helpers`. */
export const helpers = { balance: addr(0xba1a), math: addr(0x3a7b), check: addr(0xc4ec) }
export const WETH = addr(0x3e7b0)
export const A = addr(0xa0000)
export const B = addr(0xb0000)
export const C = addr(0xc0000)
export const D = addr(0xd0000)
/** Every ERC-20 token of the mock chain. */
export const TOKENS = [WETH, A, B, C, D]
