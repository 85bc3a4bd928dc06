/**
 * The least a caller accepts of `amount` with `slippageBps` of slippage: `amount × (10 000 − bps) / 10 000`,
 * rounded down (the minimum never exceeds what the slippage allows).
 * @param amount - the expected output (raw units)
 * @param slippageBps - tolerated slippage in basis points, 0 to 10 000
 */
export function applySlippage(amount: bigint, slippageBps: bigint): bigint {
  return (amount * (10_000n - slippageBps)) / 10_000n
}
