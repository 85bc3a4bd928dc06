import { getAddress, type Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { bundleAmountsOutOf } from './bundleAmountsOutOf.js'

const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' as Address
const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2' as Address
const AERO = getAddress('0x940181a94a35a4569e4529a3cdfb74e38fd98631')
const r1 = '0x00000000000000000000000000000000000000a1' as Address
const r2 = '0x00000000000000000000000000000000000000a2' as Address
const bridged = (p: { token: Address; amount: bigint; output: boolean }) => ({ chainId: 8453, receiver: r1, ...p })

describe('bundleAmountsOutOf', () => {
  test('positive deltas by checksummed token; two receivers of one token add up; zero and negative deltas are not outputs', () => {
    const { amountsOut, sourceOut } = bundleAmountsOutOf({
      deliveries: [{ token: USDC, receiver: r1, estimate: 1n }, { token: WETH, receiver: r1, estimate: 1n }, { token: USDC, receiver: r2, estimate: 1n }, { token: AERO, receiver: r2, estimate: 1n }],
      deltas: [10n, 0n, 5n, -3n],
      bridged: [],
    })
    expect([...amountsOut]).toEqual([[getAddress(USDC), 15n]])
    expect(sourceOut).toEqual(amountsOut)
  })

  test('what bridges deliver to receivers is added to the outputs, not to the source chain\'s part; refunds and empty deliveries are not', () => {
    const { amountsOut, sourceOut } = bundleAmountsOutOf({
      deliveries: [{ token: WETH, receiver: r1, estimate: 1n }],
      deltas: [7n],
      bridged: [
        bridged({ token: AERO, amount: 100n, output: true }),
        bridged({ token: AERO, amount: 11n, output: true }),
        bridged({ token: getAddress(WETH), amount: 2n, output: true }),
        bridged({ token: getAddress(USDC), amount: 50n, output: false }),
        bridged({ token: getAddress(USDC), amount: 0n, output: true }),
      ],
    })
    expect(Object.fromEntries(amountsOut)).toEqual({ [getAddress(WETH)]: 9n, [AERO]: 111n })
    expect(Object.fromEntries(sourceOut)).toEqual({ [getAddress(WETH)]: 7n })
  })

  test('destinationOut: what bridges deliver to receivers, by chain and token, refunds and empty deliveries left out; amountsOut keeps the source chain\'s too', () => {
    const ETH = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' as Address
    const { amountsOut, destinationOut } = bundleAmountsOutOf({
      deliveries: [{ token: ETH, receiver: r1, estimate: 1n }],
      deltas: [250n],
      bridged: [
        { chainId: 8453, token: ETH, receiver: r1, amount: 700n, output: true },
        { chainId: 8453, token: ETH, receiver: r2, amount: 50n, output: true },
        { chainId: 8453, token: ETH, receiver: r1, amount: 9n, output: false },
        { chainId: 10, token: ETH, receiver: r1, amount: 3n, output: true },
        { chainId: 10, token: getAddress(USDC), receiver: r1, amount: 0n, output: true },
      ],
    })
    expect([...destinationOut].map(([chainId, tokens]) => [chainId, Object.fromEntries(tokens)])).toEqual([[8453, { [ETH]: 750n }], [10, { [ETH]: 3n }]])
    expect(Object.fromEntries(amountsOut)).toEqual({ [ETH]: 1_003n })
  })
})
