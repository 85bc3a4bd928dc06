import { getAddress } from 'viem'
import type { RouteCandidate } from '../../engine/types.js'
import type { ExplanationCandidate, ExplanationWinner } from './explanation.js'

/** What {@link explainCandidates} returns. */
export type ExplainCandidatesReturnType = { candidates: ExplanationCandidate[]; winner: ExplanationWinner }

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/**
 * The engine's candidates as the explanation lists them (ranked per leg, described with token symbols
 * where the address book knows them), and why the chosen one won: its score (output net of gas) over
 * the runner-up's of the same leg, in basis points, and the gas it costs more or less.
 * @param p.simulatedAmountOut - the answer's simulated output, shown on the chosen candidate of a one-leg route
 * @param p.symbolOf - a token's symbol, or undefined
 */
export function explainCandidates(p: { candidates: readonly RouteCandidate[]; simulatedAmountOut?: bigint | undefined; symbolOf: (token: string) => string | undefined }): ExplainCandidatesReturnType {
  const name = (token: string) => p.symbolOf(token) ?? short(getAddress(token))
  const legs = new Set(p.candidates.map((c) => c.leg))
  const ranks = new Map<number, number>()
  const candidates = p.candidates.map((c): ExplanationCandidate => {
    const rank = (ranks.get(c.leg) ?? 0) + 1
    ranks.set(c.leg, rank)
    const description = c.paths
      .map((path) => `${path.tokens.map(name).join(' → ')} via ${path.protocols.map((protocol, i) => `${protocol} ${short(getAddress(path.pools[i]!))}`).join(', ')}`)
      .join(' + ')
    return {
      rank,
      description: c.paths.length > 1 ? `split ${c.paths.length} ways: ${description}` : description,
      kind: c.kind,
      paths: c.paths.map((path) => ({
        tokens: path.tokens.map((t) => getAddress(t)),
        pools: path.pools.map((pool) => getAddress(pool)),
        protocols: [...path.protocols],
        amountIn: path.amountIn.toString(),
        estimatedAmountOut: path.amountOut.toString(),
      })),
      estimatedAmountOut: c.amountOut.toString(),
      ...(c.chosen && legs.size === 1 && p.simulatedAmountOut !== undefined ? { simulatedAmountOut: p.simulatedAmountOut.toString() } : {}),
      gas: c.gas.toString(),
      score: c.score.toString(),
      chosen: c.chosen,
      ...(legs.size > 1 ? { leg: c.leg } : {}),
    }
  })
  return { candidates, winner: winnerOf(p.candidates) }
}

function winnerOf(candidates: readonly RouteCandidate[]): ExplanationWinner {
  const chosen = candidates.find((c) => c.chosen)
  if (chosen === undefined) return { reason: 'no search: the route passes its input through unchanged' }
  const runnerUp = candidates.find((c) => !c.chosen && c.leg === chosen.leg)
  const shape = chosen.paths.length > 1 ? `a ${chosen.kind === 'waterFill' ? 'water-filling' : 'greedy'} split over ${chosen.paths.length} paths` : `a single ${chosen.paths[0]!.pools.length}-hop path`
  const legs = new Set(candidates.map((c) => c.leg)).size
  const each = legs > 1 ? ` (leg ${chosen.leg}; each of the ${legs} legs keeps its best)` : ''
  if (runnerUp === undefined) return { reason: `${shape} is the only route the engine found${each}` }
  const marginBps = runnerUp.score > 0n ? Number(((chosen.score - runnerUp.score) * 1_000_000n) / runnerUp.score) / 100 : undefined
  const gasDifference = chosen.gas - runnerUp.gas
  const gasText = gasDifference === 0n ? 'the same gas' : gasDifference > 0n ? `${gasDifference} more gas, which the extra output pays for` : `${-gasDifference} less gas`
  return {
    reason: `${shape} delivers the most net of gas: ${marginBps === undefined ? 'more' : `${marginBps} bps more`} than the runner-up (${runnerUp.kind}), for ${gasText}${each}`,
    ...(marginBps === undefined ? {} : { marginBps }),
    gasDifference: gasDifference.toString(),
  }
}
