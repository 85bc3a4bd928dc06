/** Significant bits {@link candidateSearchAmount} keeps: amounts within 0.8–1.6 % of each other share one. */
export const CANDIDATE_AMOUNT_BITS = 7

/**
 * The amount a split's candidate paths are sought at: `amountIn` rounded down to its
 * {@link CANDIDATE_AMOUNT_BITS} leading bits (amounts below 2^7 are kept as they are). Never above
 * `amountIn`, and less than 1/64 (1.6 %) below it.
 *
 * Why: the candidates only feed the split's allocation (the best single path and every leg's quote are
 * exact at the real amount), and which paths are best at amountIn/maxSplits or at one chunk does not
 * turn on the last percent of the amount. Seeking them at a rounded amount makes requests of one pair at
 * nearly the same size — a batch's items, a block's re-quotes of a stream, the same trade asked by many
 * wallets — ask the same question, so one search answers all of them (`splitPlanMemo`), and an answer
 * never depends on which of them came first.
 */
export function candidateSearchAmount(amountIn: bigint): bigint {
  if (amountIn < 1n << BigInt(CANDIDATE_AMOUNT_BITS)) return amountIn
  const shift = BigInt(amountIn.toString(2).length - CANDIDATE_AMOUNT_BITS)
  return (amountIn >> shift) << shift
}
