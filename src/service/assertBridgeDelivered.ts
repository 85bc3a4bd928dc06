import type { ChainRuntime } from '../chain/connectChains.js'
import { UndeliverableBridgeError } from '../errors/request.js'

/** Parameters of {@link assertBridgeDelivered}: the chain a request starts on and what it asks for. */
export type AssertBridgeDeliveredParameters = {
  chainId: number
  /** A cross-chain route's destination. */
  destinationChainId?: number | undefined
  /** A bundle's actions: every `destinationChainId` in them, callbacks included (run on their destination). */
  actions?: unknown
}

export type AssertBridgeDeliveredErrorType = UndeliverableBridgeError

const kindOf = (chain: ChainRuntime) => (chain.source === 'devnet' ? 'embedded devnet' : 'external node')

/**
 * Whether something delivers what a bridge sends from `source` to `dest`: both chains on the embedded
 * devnet (switchyard's relayer runs between them, see `SWITCHYARD_RELAYER`), or both served by external
 * nodes (real networks: LayerZero's and Across's own relayers deliver). Never between the two kinds.
 */
export function deliversBetween(source: Pick<ChainRuntime, 'source'>, dest: Pick<ChainRuntime, 'source'>): boolean {
  return source.source === dest.source
}

/**
 * Refuses a cross-chain route or bundle that would cross between an external chain and the embedded
 * devnet (400 `CROSS_CHAIN_UNDELIVERABLE`), before anything is built: a bridge between them would take
 * the tokens and nothing would ever deliver them. Bundle callbacks are walked on the chain they run on.
 * Chains that are not served are left to the usual UNSUPPORTED_CHAIN checks.
 * @param chains - the served chains
 * @param params - {@link AssertBridgeDeliveredParameters}
 * @throws {@link AssertBridgeDeliveredErrorType}
 */
export function assertBridgeDelivered(chains: Readonly<Record<number, ChainRuntime>>, params: AssertBridgeDeliveredParameters): void {
  const check = (from: number, to: number, field: string) => {
    const source = chains[from]
    const dest = chains[to]
    if (!source || !dest || from === to || deliversBetween(source, dest)) return
    throw new UndeliverableBridgeError({ chainId: from, destinationChainId: to, sourceKind: kindOf(source), destinationKind: kindOf(dest), field })
  }
  if (params.destinationChainId !== undefined) check(params.chainId, params.destinationChainId, 'destinationChainId')
  const walk = (actions: unknown, chainId: number, path: string) => {
    if (!Array.isArray(actions)) return
    actions.forEach((action: unknown, i) => {
      const args = (action as { args?: { destinationChainId?: unknown; callback?: unknown } } | null)?.args
      const to = args?.destinationChainId
      if (typeof to !== 'number') return
      check(chainId, to, `${path}[${i}].args.destinationChainId`)
      walk(args?.callback, to, `${path}[${i}].args.callback`)
    })
  }
  walk(params.actions, params.chainId, 'actions')
}
