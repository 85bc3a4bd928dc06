import { keccak256, stringToHex } from 'viem'
import { Planner } from '../../encoding/planner.js'
import { InvalidBundleError } from '../../errors/bundle.js'
import type { BundleActionContext } from '../../protocols/bundle/types.js'
import type { BundlePass, BundleScope } from './bundlePass.js'
import { encodeBundleRoute } from './encodeBundleRoute.js'
import { planQuotedMinimum } from './planQuotedMinimum.js'
import { recordProduce } from './recordProduce.js'
import { recordSpend } from './recordSpend.js'
import { resolveBundleAmount } from './resolveBundleAmount.js'
import type { ParsedBundleAction } from './types.js'

/** Builds a list of actions into a scope (`runBundleActions`; passed in, as it builds callbacks with this context). */
export type RunBundleActions = (pass: BundlePass, p: { scope: BundleScope; actions: readonly ParsedBundleAction[] }) => void

/**
 * The context the actions of one scope build with: their protocol declarations add commands to the
 * scope's planner, and the context resolves arguments and records spends, outputs, route steps,
 * bridges and checks in the pass. A failure names the scope's current action (`actions[2].args.x`).
 * @returns the context
 */
export function createBundleActionContext(pass: BundlePass, { scope, runActions }: { scope: BundleScope; runActions: RunBundleActions }): BundleActionContext {
  const { params } = pass
  const fail = (code: string, field: string, message: string): never => {
    throw new InvalidBundleError({ code, field: `${scope.path}[${scope.current}].args.${field}`, message })
  }
  const ctx: BundleActionContext = {
    planner: scope.planner,
    chainId: params.chainId,
    self: params.self,
    strategy: params.strategy,
    fromAddress: params.fromAddress,
    receiver: params.receiver,
    bridgeRefundReceiver: params.bridgeRefundReceiver,
    helpers: params.helpers,
    contracts: params.contracts,
    deadline: params.deadline,
    amount: (arg) => resolveBundleAmount(pass, { ctx, scope, arg }),
    condition(arg) {
      if (typeof arg === 'boolean') return { kind: 'bool', value: arg, estimate: arg ? 1n : 0n }
      const value = scope.values[arg.at]?.[arg.index]
      if (value === undefined || value.kind !== 'bool') return fail('INVALID_REFERENCE', 'condition', `action ${arg.at} output ${arg.index} is not a condition`)
      return value
    },
    spend: (token, amount) => recordSpend(pass, { scope, token, amount }),
    produce: (token, amount, to, options) => recordProduce(pass, { ctx, scope, token, amount, to, options }),
    held: (token) => pass.holdings.get(token.toLowerCase()) ?? 0n,
    route: (p) =>
      encodeBundleRoute(ctx, pass.searchRoute, {
        ...p,
        maxHops: p.maxHops ?? params.maxHops,
        maxSplits: params.maxSplits,
        ignoreStandards: [...params.ignoreStandards, ...(p.ignoreStandards ?? [])],
        delegateSlippageBps: params.delegateSlippageBps,
        report: (s) => pass.route.push(s),
      }),
    pools: (slug) => pass.search.graph.pools.filter((p) => p.adapter.slug === slug).map((p) => p.snapshot),
    report: (step) => pass.route.push(step),
    fail,
    callback(actions) {
      const sub: BundleScope = { planner: new Planner(), values: [], path: `${scope.path}[${scope.current}].args.callback`, current: 0 }
      runActions(pass, { scope: sub, actions: actions as readonly ParsedBundleAction[] })
      const { commands, state } = sub.planner.plan()
      return { commands, state }
    },
    bridge(leg) {
      const placeholder = keccak256(stringToHex(`switchyard.bridge-callback:${pass.bridges.length}`))
      pass.bridges.push({ ...leg, placeholder })
      return placeholder
    },
    quotedMinimum: (amount, quoted, bps) => planQuotedMinimum(pass, { ctx, scope, amount, quoted, bps }),
  }
  return ctx
}
