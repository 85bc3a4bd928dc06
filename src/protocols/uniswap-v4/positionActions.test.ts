import { decodeAbiParameters, hexToBigInt, sliceHex, type Address, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { encodeMintFromBalances, encodeRemoveLiquidity } from './positionActions.js'

const ETH: Address = '0x0000000000000000000000000000000000000000'
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const owner: Address = '0x00000000000000000000000000000000000b0d4e'

/** Splits `unlockData` as `BaseActionsRouter._executeActions` does: `abi.decode(data, (bytes, bytes[]))`. */
const split = (data: Hex) => decodeAbiParameters([{ type: 'bytes' }, { type: 'bytes[]' }], data)
/** Word `i` of an action's params, as `CalldataDecoder` reads it with `calldataload(add(params.offset, i * 0x20))`. */
const word = (params: Hex, i: number) => hexToBigInt(sliceHex(params, i * 32, i * 32 + 32))
const signed24 = (w: bigint) => Number(BigInt.asIntN(24, w))

describe('encodeMintFromBalances', () => {
  test('SETTLE ×2 (contract balance, payer: the PositionManager), MINT_POSITION_FROM_DELTAS, CLOSE_CURRENCY ×2, laid out where CalldataDecoder reads', () => {
    const [actions, params] = split(encodeMintFromBalances({ key: { currency0: ETH, currency1: USDC, fee: 500, tickSpacing: 10, hooks: ETH }, tickLower: -199_800, tickUpper: -198_600, owner }))
    expect(actions).toBe('0x0b0b051212')
    expect(params).toHaveLength(5)
    // SETTLE: (currency, amount = ActionConstants.CONTRACT_BALANCE, payerIsUser = false)
    for (const [i, currency] of [[0, ETH], [1, USDC]] as const) {
      expect([word(params[i]!, 0), word(params[i]!, 1), word(params[i]!, 2)]).toEqual([BigInt(currency), 2n ** 255n, 0n])
    }
    // MINT_POSITION_FROM_DELTAS: PoolKey inline (5 words), ticks at 0xa0/0xc0, maxima at 0xe0/0x100, owner at 0x120, hookData empty.
    const mint = params[2]!
    expect([0, 1, 2, 3, 4].map((i) => word(mint, i))).toEqual([0n, BigInt(USDC), 500n, 10n, 0n])
    expect([signed24(word(mint, 5)), signed24(word(mint, 6))]).toEqual([-199_800, -198_600])
    expect([word(mint, 7), word(mint, 8)]).toEqual([2n ** 128n - 1n, 2n ** 128n - 1n])
    expect(word(mint, 9)).toBe(BigInt(owner))
    expect(word(mint, 11)).toBe(0n)
    expect([word(params[3]!, 0), word(params[4]!, 0)]).toEqual([0n, BigInt(USDC)])
  })

  test('the key is always hookless, whatever it carries', () => {
    const [, params] = split(encodeMintFromBalances({ key: { currency0: ETH, currency1: USDC, fee: 500, tickSpacing: 10, hooks: '0x0000000000000000000000000000000000000fc0' }, tickLower: -10, tickUpper: 10, owner }))
    expect(word(params[2]!, 4)).toBe(0n)
  })
})

describe('encodeRemoveLiquidity', () => {
  test('no liquidity: BURN_POSITION (tokenId, no minimums) then TAKE_PAIR to the recipient', () => {
    const [actions, params] = split(encodeRemoveLiquidity({ tokenId: 7n, liquidity: undefined, currency0: ETH, currency1: USDC, recipient: owner }))
    expect(actions).toBe('0x0311')
    expect([word(params[0]!, 0), word(params[0]!, 1), word(params[0]!, 2)]).toEqual([7n, 0n, 0n])
    expect([word(params[1]!, 0), word(params[1]!, 1), word(params[1]!, 2)]).toEqual([0n, BigInt(USDC), BigInt(owner)])
  })

  test('given liquidity: DECREASE_LIQUIDITY (tokenId, liquidity, no minimums) then TAKE_PAIR', () => {
    const [actions, params] = split(encodeRemoveLiquidity({ tokenId: 7n, liquidity: 12_345n, currency0: ETH, currency1: USDC, recipient: owner }))
    expect(actions).toBe('0x0111')
    expect([0, 1, 2, 3].map((i) => word(params[0]!, i))).toEqual([7n, 12_345n, 0n, 0n])
  })
})
