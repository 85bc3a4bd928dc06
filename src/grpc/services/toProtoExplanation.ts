import type { Explanation, ExplanationCommand, ExplanationStep } from '../../service/explain/explanation.js'
import type { Explanation as ProtoExplanation } from '../generated/switchyard/routing/v1/Explanation.js'
import type { ExplanationCommand as ProtoCommand } from '../generated/switchyard/routing/v1/ExplanationCommand.js'
import type { ExplanationStep as ProtoStep } from '../generated/switchyard/routing/v1/ExplanationStep.js'

/** Sets `key` only when `value` is defined (proto3 `optional`: unset and zero differ). */
const opt = <K extends string, V>(key: K, value: V | undefined): { [k in K]?: V } => (value === undefined ? {} : ({ [key]: value } as { [k in K]: V }))

function toProtoStep(s: ExplanationStep): ProtoStep {
  return {
    index: s.index, protocol: s.protocol, action: s.action, pool: s.pool, token_in: s.tokenIn, token_out: s.tokenOut,
    amount_in: s.amountIn, amount_out: s.amountOut, amounts_from: s.amountsFrom, estimated_amount_in: s.estimatedAmountIn, estimated_amount_out: s.estimatedAmountOut,
    ...opt('gas', s.gas), ...opt('leg', s.leg), ...opt('chain_id', s.chainId === undefined ? undefined : String(s.chainId)),
  }
}

function toProtoCommand(c: ExplanationCommand): ProtoCommand {
  return {
    index: c.index, target: c.target, function: c.function, selector: c.selector,
    args: c.args.map((a) => ({ type: a.type, ...opt('name', a.name), ...opt('value_json', a.value === null ? undefined : JSON.stringify(a.value)), ...opt('slot', a.slot), ...opt('from_command', a.fromCommand) })),
    reads: c.reads, ...opt('writes', c.writes ?? undefined), call_type: c.callType, flags: c.flags,
    ...opt('gas', c.gas), ...opt('chain_id', c.chainId === undefined ? undefined : String(c.chainId)),
  }
}

/**
 * Maps an answer's explanation to the proto message (camelCase → snake_case; an argument's value as
 * JSON text, unset when an earlier command fills its slot; block numbers and chain ids as uint64).
 */
export function toProtoExplanation(e: Explanation): ProtoExplanation {
  return {
    quote_id: e.quoteId,
    chain_id: String(e.chainId),
    block_number: e.blockNumber,
    block_hash: e.blockHash,
    steps: e.steps.map(toProtoStep),
    plan: e.plan.map(toProtoCommand),
    candidates: e.candidates.map((c) => ({
      rank: c.rank, description: c.description, kind: c.kind,
      paths: c.paths.map((p) => ({ tokens: p.tokens, pools: p.pools, protocols: p.protocols, amount_in: p.amountIn, estimated_amount_out: p.estimatedAmountOut })),
      estimated_amount_out: c.estimatedAmountOut, ...opt('simulated_amount_out', c.simulatedAmountOut), ...opt('gas', c.gas), ...opt('score', c.score), chosen: c.chosen, ...opt('leg', c.leg),
    })),
    winner: { reason: e.winner.reason, ...opt('margin_bps', e.winner.marginBps), ...opt('gas_difference', e.winner.gasDifference) },
    legs: (e.legs ?? []).map((l) => ({ chain_id: String(l.chainId), block_number: l.blockNumber, block_hash: l.blockHash, steps: l.steps.map(toProtoStep), plan: l.plan.map(toProtoCommand) })),
    notes: e.notes ?? [],
  }
}
