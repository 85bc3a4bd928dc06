/**
 * Whether a failed bundle build can be retried with estimates from a simulation of its first actions:
 * the build stopped with `MISSING_ESTIMATE` at action j (its `field` is `actions[j]…`), j > 0, and
 * some action before j has no known outputs yet (each prefix is simulated at most once).
 * @param known - outputs already read, by action index
 * @returns j, the number of actions to simulate first; undefined when the error is final
 */
export function missingEstimateAt(error: unknown, known: Readonly<Record<number, unknown>>): number | undefined {
  if ((error as { code?: string }).code !== 'MISSING_ESTIMATE') return undefined
  const at = /^actions\[(\d+)\]/.exec((error as { field?: string }).field ?? '')
  const j = at ? Number(at[1]) : 0
  // j = 0 (or no action named): nothing before it to simulate, the loop finds nothing
  for (let i = 0; i < j; i++) if (known[i] === undefined) return j
  return undefined
}
