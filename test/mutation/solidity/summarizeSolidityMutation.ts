import type { SolidityMutationOperator } from './generateSolidityMutants.js'

/**
 * What happened to one mutant:
 * - `killed`: a test failed; `timeout`: the tests did not end in time (counted as killed, as StrykerJS does);
 * - `survived`: every test passed, on the source's own test files and then on all contract test files;
 * - `invalid`: solc refused the mutant; `equivalent`: it compiled to the very bytecode of the original
 *   (metadata aside), so no test can tell them apart. Neither counts in the score.
 */
export type SolidityMutantStatus = 'killed' | 'timeout' | 'survived' | 'invalid' | 'equivalent'

/** One line of the results file (JSON Lines; the last line for an id wins). */
export type SolidityMutantResult = {
  id: string
  /** First 8 hex digits of sha-256(id), for `--ids`. */
  key: string
  file: string
  contract: string
  line: number
  column: number
  operator: SolidityMutationOperator
  original: string
  replacement: string
  status: SolidityMutantStatus
  /** The first failing test, solc's first error, or the mutant with the same bytecode whose result this is. */
  detail?: string | undefined
  /** sha-256 of the unmutated source: results of an older version of the file are ignored. */
  sourceHash: string
  /** sha-256 of the affected contracts' bytecode without metadata (valid mutants only). */
  bytecodeHash?: string | undefined
  ms: number
  at: string
}

/** Score of one contract (or of all). */
export type SolidityMutationScore = {
  contract: string
  mutants: number
  invalid: number
  equivalent: number
  killed: number
  survived: number
  /** killed (timeouts included) ÷ (killed + survived), in percent; undefined without valid mutants. */
  score: number | undefined
}

/** Scores per contract, in the order given, then the total. */
export function scoreSolidityMutation(results: readonly SolidityMutantResult[]): SolidityMutationScore[] {
  const byContract = new Map<string, SolidityMutantResult[]>()
  for (const r of results) byContract.set(r.contract, [...(byContract.get(r.contract) ?? []), r])
  const score = (contract: string, rs: readonly SolidityMutantResult[]): SolidityMutationScore => {
    const count = (...statuses: SolidityMutantStatus[]) => rs.filter((r) => statuses.includes(r.status)).length
    const killed = count('killed', 'timeout')
    const survived = count('survived')
    return {
      contract,
      mutants: rs.length,
      invalid: count('invalid'),
      equivalent: count('equivalent'),
      killed,
      survived,
      score: killed + survived ? (100 * killed) / (killed + survived) : undefined,
    }
  }
  return [...[...byContract].map(([c, rs]) => score(c, rs)), score('all', results)]
}

/** The score table and the survivors, as Markdown. */
export function renderSolidityMutationReport(results: readonly SolidityMutantResult[]): string {
  const pct = (s: number | undefined) => (s === undefined ? '—' : `${s.toFixed(2)} %`)
  const lines = [
    '| contract | mutants | invalid | equivalent | killed | survived | score |',
    '|---|---|---|---|---|---|---|',
    ...scoreSolidityMutation(results).map(
      (s) => `| ${s.contract === 'all' ? '**all**' : `\`${s.contract}\``} | ${s.mutants} | ${s.invalid} | ${s.equivalent} | ${s.killed} | ${s.survived} | ${s.contract === 'all' ? `**${pct(s.score)}**` : pct(s.score)} |`,
    ),
  ]
  const survivors = results.filter((r) => r.status === 'survived').sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
  if (survivors.length) {
    lines.push('', 'Survivors:', '')
    const code = (s: string) => `\`${s.replace(/\s+/g, ' ').trim() || '∅'}\``
    for (const r of survivors) lines.push(`- ${r.key} ${r.file}:${r.line}:${r.column} ${r.operator} ${code(r.original)} → ${code(r.replacement)}`)
  }
  return lines.join('\n')
}
