import { InternalError } from '../../errors/request.js'
import type { Explanation__Output } from '../../grpc/generated/switchyard/routing/v1/Explanation.js'
import type { ExplanationCommand__Output } from '../../grpc/generated/switchyard/routing/v1/ExplanationCommand.js'
import type { ExplanationStep__Output } from '../../grpc/generated/switchyard/routing/v1/ExplanationStep.js'
import type { ExplainedValue, Explanation, ExplanationCommand, ExplanationStep } from '../../service/explain/explanation.js'

function toRestStep(s: ExplanationStep__Output): ExplanationStep {
  return {
    index: s.index, protocol: s.protocol, action: s.action, pool: s.pool, tokenIn: s.token_in, tokenOut: s.token_out,
    amountIn: s.amount_in, amountOut: s.amount_out, amountsFrom: s.amounts_from === 'estimate' ? 'estimate' : 'simulation',
    estimatedAmountIn: s.estimated_amount_in, estimatedAmountOut: s.estimated_amount_out,
    ...(s.gas === undefined ? {} : { gas: s.gas }), ...(s.leg === undefined ? {} : { leg: s.leg }), ...(s.chain_id === undefined ? {} : { chainId: Number(s.chain_id) }),
  }
}

function toRestCommand(c: ExplanationCommand__Output): ExplanationCommand {
  return {
    index: c.index, target: c.target, function: c.function, selector: c.selector,
    args: c.args.map((a) => ({
      type: a.type,
      ...(a.name === undefined ? {} : { name: a.name }),
      value: a.value_json === undefined ? null : (JSON.parse(a.value_json) as ExplainedValue),
      ...(a.slot === undefined ? {} : { slot: a.slot }),
      ...(a.from_command === undefined ? {} : { fromCommand: a.from_command }),
    })),
    reads: c.reads,
    writes: c.writes ?? null,
    callType: c.call_type === 'staticcall' || c.call_type === 'valuecall' ? c.call_type : 'call',
    flags: c.flags,
    ...(c.gas === undefined ? {} : { gas: c.gas }), ...(c.chain_id === undefined ? {} : { chainId: Number(c.chain_id) }),
  }
}

const kinds = ['single', 'greedy', 'waterFill', 'alternative'] as const

/**
 * The proto explanation as the REST body carries it (`Explanation`, src/service/explain/explanation.ts).
 * @throws InternalError when an argument's value is not JSON (a malformed backend answer)
 */
export function toRestExplanation(e: Explanation__Output): Explanation {
  try {
    return {
      quoteId: e.quote_id,
      chainId: Number(e.chain_id),
      blockNumber: e.block_number,
      blockHash: e.block_hash,
      steps: e.steps.map(toRestStep),
      plan: e.plan.map(toRestCommand),
      candidates: e.candidates.map((c) => ({
        rank: c.rank, description: c.description, kind: kinds.find((k) => k === c.kind) ?? 'single',
        paths: c.paths.map((p) => ({ tokens: p.tokens, pools: p.pools, protocols: p.protocols, amountIn: p.amount_in, estimatedAmountOut: p.estimated_amount_out })),
        estimatedAmountOut: c.estimated_amount_out,
        ...(c.simulated_amount_out === undefined ? {} : { simulatedAmountOut: c.simulated_amount_out }),
        ...(c.gas === undefined ? {} : { gas: c.gas }), ...(c.score === undefined ? {} : { score: c.score }),
        chosen: c.chosen,
        ...(c.leg === undefined ? {} : { leg: c.leg }),
      })),
      winner: {
        reason: e.winner?.reason ?? '',
        ...(e.winner?.margin_bps === undefined ? {} : { marginBps: e.winner.margin_bps }),
        ...(e.winner?.gas_difference === undefined ? {} : { gasDifference: e.winner.gas_difference }),
      },
      ...(e.legs.length > 0 ? { legs: e.legs.map((l) => ({ chainId: Number(l.chain_id), blockNumber: l.block_number, blockHash: l.block_hash, steps: l.steps.map(toRestStep), plan: l.plan.map(toRestCommand) })) } : {}),
      ...(e.notes.length > 0 ? { notes: e.notes } : {}),
    }
  } catch (cause) {
    throw new InternalError({ cause })
  }
}
