import { LRUCache } from 'lru-cache'
import { type Address, type Hex, encodeFunctionData, erc20Abi, getAddress, pad, parseAbi, toHex } from 'viem'
import type { ChainRuntime } from '../chain/connectChains.js'
import type { SwitchyardAddresses } from '../contracts/deploySwitchyardContracts.js'
import { loadContractArtifact } from '../contracts/loadContractArtifact.js'
import { encodeDelegateShortcut } from '../encoding/delegateCalldata.js'
import { createRequestId } from '../encoding/requestId.js'
import { encodeRouteMulti, encodeSafeRouteMulti, type RouteTokenIn } from '../encoding/routerCalldata.js'
import type { BuildBundleReturnType } from '../engine/tasks/buildBundle.js'
import { BundleRevertedError } from '../errors/bundle.js'
import { NoRouteError } from '../errors/engine.js'
import { InvalidRequestError, UnsupportedChainError } from '../errors/request.js'
import type { BundleContracts } from '../protocols/bundle/types.js'
import { parseBundleRequest, type BundleParams } from '../schemas/bundleRequest.js'
import { isNativeAddress } from '../schemas/fields.js'
import { simulateTransaction } from '../simulate/simulateTransaction.js'
import { tokenPricesFor } from '../data/tokenPricesFor.js'
import { computePriceImpact } from './computePriceImpact.js'
import type { ServiceContext } from './context.js'
import { decodeBundleOutputs } from './decodeBundleOutputs.js'
import { decodeRevert } from './decodeRevert.js'
import { ensureTokensExist } from './ensureTokensExist.js'
import { prepareSenderOverrides } from './prepareSenderOverrides.js'
import type { BundleAnswer, CallOptions } from './types.js'
import { withUpstream } from './withUpstream.js'

/** Storage slot where SwitchyardDelegateSimulator reads its delegate target (see the contract). */
const DELEGATE_SIMULATOR_TARGET_SLOT: Hex = '0x2b5e3c7fd64c8f6e9f5cbd7f6f1f0b1c0f5e3d2c1b0a99887766554433221100'
const MAX_BUILD_MS = 10_000
/** How long an answer stays valid: about five blocks. */
const VALID_FOR_SECONDS = 60
const multicall3Abi = parseAbi(['function getEthBalance(address) view returns (uint256)'])

/** The bundle request as both transports hand it over: query parameters and the JSON array of actions. */
export type BundleRequest = { params: unknown; actions: unknown }

const lower = (a: string) => a.toLowerCase()

/**
 * The bundle use case: validate (shared validator) → snapshot → build the plan in a worker (routes
 * searched there) → wrap for the strategy → simulate the exact transaction → answer with the
 * receivers' simulated balance changes, a gas limit proven by a second simulation, and the approvals
 * the sender still lacks.
 * @throws InvalidRequestError, InvalidBundleError, BundleRevertedError, NoRouteError, UnsupportedChainError
 */
export async function getBundle(ctx: ServiceContext, request: BundleRequest, options: CallOptions): Promise<BundleAnswer> {
  const params = parseBundleRequest(request.params, request.actions)
  return withUpstream(params.chainId, () => bundleFor(ctx, params, request.actions, options))
}

async function bundleFor(ctx: ServiceContext, params: BundleParams, rawActions: unknown, options: CallOptions): Promise<BundleAnswer> {
  const chain = ctx.chains[params.chainId]
  if (!chain) throw new UnsupportedChainError({ chainId: params.chainId, supported: Object.keys(ctx.chains).map(Number) })
  if (params.routingStrategy !== 'router' && params.routingStrategy !== 'delegate') {
    throw new InvalidRequestError({ code: 'INVALID_STRATEGY', message: `routingStrategy: bundles are served with router or delegate, not ${params.routingStrategy}`, issues: [{ field: 'routingStrategy', reason: 'router or delegate' }] })
  }
  const book = chain.addressBook
  const sy = book.switchyard as unknown as SwitchyardAddresses | undefined
  if (!sy) throw new NoRouteError({ reason: `no switchyard contracts on chain ${params.chainId}` })
  rejectOwnContracts(sy, params)
  await ensureTokensExist(chain, tokensNamed(params).filter((t) => !isNativeAddress(t)))

  const delegate = params.routingStrategy === 'delegate'
  const self = delegate ? (params.spender ?? params.fromAddress) : sy.executor
  const to = delegate ? sy.delegate : sy.router
  const snapshot = await ctx.snapshots[params.chainId]!.current()
  await ctx.engine.setSnapshot(snapshot)
  const initialBalances = delegate ? await balancesOf(chain, { account: self, tokens: tokensNamed(params), blockNumber: snapshot.blockNumber }) : {}

  const flashLoanPremium = params.actions.some((a) => a.action === 'flashloan') ? await flashLoanPremiumBps(chain) : undefined
  const built = await ctx.engine.buildBundle(
    {
      version: snapshot.version,
      chainId: params.chainId,
      strategy: delegate ? 'delegate' : 'router',
      self,
      fromAddress: params.fromAddress,
      receiver: params.receiver,
      refundReceiver: params.refundReceiver,
      helpers: sy.helpers,
      contracts: { ...contractsOf(chain), aaveV3FlashLoanPremiumBps: flashLoanPremium },
      deadline: BigInt(Math.floor(Date.now() / 1000) + 3600),
      actions: params.actions,
      initialBalances,
      delegateSlippageBps: params.slippageBps,
      maxHops: ctx.maxHops,
      maxSplits: ctx.maxSplits,
      ignoreStandards: params.ignoreStandards,
    },
    { signal: options.signal, deadline: options.deadline ?? Date.now() + MAX_BUILD_MS },
  )

  const requestId = createRequestId(params.referralCode === undefined ? {} : { referralCode: params.referralCode })
  const shortcut = { accountId: options.caller.accountId, requestId, commands: built.commands, state: built.state }
  const nativeIn = built.inputs.filter((i) => isNativeAddress(i.token)).reduce((s, i) => s + i.amount, 0n)
  // The router checks every token it delivers to the receiver against a minimum set from the simulation.
  const checked = built.deliveries.filter((d) => lower(d.receiver) === lower(params.receiver))
  const encode = (mins: bigint[]): { data: Hex; value: bigint } => {
    if (delegate) return { data: encodeDelegateShortcut(shortcut), value: nativeIn }
    const tokensIn: RouteTokenIn[] = built.inputs.map((i) => (isNativeAddress(i.token) ? { type: 'native', amount: i.amount } : { type: 'erc20', address: i.token, amount: i.amount }))
    if (checked.length === 0) return encodeRouteMulti({ tokensIn, shortcut })
    const tokensOut = checked.map((d, i) => (isNativeAddress(d.token) ? { type: 'native' as const, minAmountOut: mins[i]! } : { type: 'erc20' as const, address: d.token, minAmountOut: mins[i]! }))
    return encodeSafeRouteMulti({ tokensIn, tokensOut, receiver: params.receiver, shortcut })
  }

  const { overrides } = await prepareSenderOverrides(chain.client, {
    blockNumber: snapshot.blockNumber,
    from: delegate ? self : params.fromAddress,
    spender: delegate ? undefined : to,
    inputs: built.inputs.map((i) => ({ token: i.token, amount: i.amount + (initialBalances[lower(i.token)] ?? 0n) })),
    multicall3: book.multicall3,
  })
  const first = encode(checked.map(() => 0n))
  if (delegate) {
    overrides[self] = { ...overrides[self], code: loadContractArtifact('SwitchyardDelegateSimulator').deployedBytecode, stateDiff: { ...overrides[self]?.stateDiff, [DELEGATE_SIMULATOR_TARGET_SLOT]: pad(to) } }
    if (first.value > 0n) overrides[params.fromAddress] = { ...overrides[params.fromAddress], balance: toHex(first.value + 10n ** 18n) }
  }
  const txTo = delegate ? self : to
  const measured = built.deliveries
  const simulate = (tx: { data: Hex; value: bigint; gas?: bigint }) =>
    simulateTransaction(chain.client, {
      blockNumber: snapshot.blockNumber,
      tx: { from: params.fromAddress, to: txTo, ...tx },
      receiver: params.receiver,
      tokensOut: measured.map((d) => d.token),
      accounts: measured.map((d) => d.receiver),
      multicall3: book.multicall3,
      overrides,
    })
  const sim = await simulate(first)
  if (sim.status === 'reverted') throw new BundleRevertedError({ reason: decodeRevert(sim.revertData, sim.message) })
  const amountsOut = new Map<string, bigint>()
  measured.forEach((d, i) => {
    const delta = sim.amountsOut[i]!
    if (delta > 0n) amountsOut.set(getAddress(d.token), (amountsOut.get(getAddress(d.token)) ?? 0n) + delta)
  })
  const applySlippage = (a: bigint) => (a * (10_000n - params.slippageBps)) / 10_000n
  // A token the receiver also sends (a net payer) has no minimum.
  const mins = checked.map((d) => { const delta = sim.amountsOut[measured.indexOf(d)]!; return delta > 0n ? applySlippage(delta) : 0n })
  const tx = encode(mins)
  const gas = await provenGasLimit(sim.gasUsed, (limit) => simulate({ ...tx, gas: limit }))

  const outputs = decodeBundleOutputs({ returnData: sim.returnData, strategy: delegate ? 'delegate' : 'router', outputs: built.outputs })
  const approvals = delegate ? [] : await approvalsNeeded(chain, { owner: params.fromAddress, spender: to, inputs: built.inputs, blockNumber: snapshot.blockNumber })
  const minAmountsOut: Record<string, string> = {}
  for (const [token, amount] of amountsOut) minAmountsOut[token] = applySlippage(amount).toString()
  return {
    bundle: rawActions as unknown[],
    gas: gas.toString(),
    createdAt: Number(snapshot.blockNumber),
    tx: { data: tx.data, to, from: params.fromAddress, value: tx.value.toString() },
    amountsOut: Object.fromEntries([...amountsOut].map(([t, a]) => [t, a.toString()])),
    minAmountsOut,
    route: built.route.map((s) => ({ ...s, internalRoutes: [], args: {}, chainId: params.chainId })),
    priceImpact: priceImpactOf(chain, snapshot, built, amountsOut),
    feeAmount: {},
    approvals,
    validUntil: Number(snapshot.timestamp ?? BigInt(Math.floor(Date.now() / 1000))) + VALID_FOR_SECONDS,
    actionOutputs: outputs?.map((values) => values.map(String)),
  }
}

/** Funds sent to our own contracts would be stuck or free for anyone to sweep. */
function rejectOwnContracts(sy: SwitchyardAddresses, params: BundleParams): void {
  const ours = new Set([sy.router, sy.executor, sy.delegate, sy.routerLegacy, sy.executorLegacy, sy.delegateLegacy, sy.smartWalletFactory, ...Object.values(sy.helpers)].map(lower))
  const check = (field: string, address: string | undefined) => {
    if (address && ours.has(lower(address))) throw new InvalidRequestError({ code: 'INVALID_RECEIVER', message: `${field}: switchyard's own contracts cannot receive funds`, issues: [{ field, reason: 'a switchyard contract' }] })
  }
  check('receiver', params.receiver)
  check('refundReceiver', params.refundReceiver)
  params.actions.forEach((a, i) => {
    const args = a.args as Record<string, unknown>
    for (const key of ['receiver', 'feeReceiver', 'refundReceiver']) check(`actions[${i}].args.${key}`, typeof args[key] === 'string' ? (args[key] as string) : undefined)
  })
}

/** Token addresses the actions name (token, tokenIn, tokenOut), for existence checks and balance reads. */
function tokensNamed(params: BundleParams): Address[] {
  const found = new Set<string>()
  for (const a of params.actions) {
    const args = a.args as Record<string, unknown>
    for (const key of ['token', 'tokenIn', 'tokenOut']) {
      const v = args[key]
      for (const t of Array.isArray(v) ? v : [v]) if (typeof t === 'string' && /^0x[0-9a-fA-F]{40}$/.test(t)) found.add(getAddress(t))
    }
  }
  return [...found] as Address[]
}

/** The wallet's balances of the named tokens at the block (lowercase keys). */
async function balancesOf(chain: ChainRuntime, p: { account: Address; tokens: Address[]; blockNumber: bigint }): Promise<Record<string, bigint>> {
  const book = chain.addressBook
  const results = await chain.client.multicall({
    blockNumber: p.blockNumber,
    multicallAddress: book.multicall3,
    allowFailure: true,
    contracts: p.tokens.map((t) =>
      isNativeAddress(t)
        ? ({ address: book.multicall3, abi: multicall3Abi, functionName: 'getEthBalance', args: [p.account] } as const)
        : ({ address: t, abi: erc20Abi, functionName: 'balanceOf', args: [p.account] } as const),
    ) as never[],
  })
  const out: Record<string, bigint> = {}
  p.tokens.forEach((t, i) => {
    const r = results[i]
    out[lower(t)] = r?.status === 'success' ? (r.result as bigint) : 0n
  })
  return out
}

const premiums = new LRUCache<number, bigint>({ max: 16, ttl: 60_000 })

/** Aave V3's flash-loan premium on the chain (bps), read at most once a minute. */
async function flashLoanPremiumBps(chain: ChainRuntime): Promise<bigint | undefined> {
  const pool = chain.addressBook.aaveV3?.pool
  if (!pool) return undefined
  const hit = premiums.get(chain.chainId)
  if (hit !== undefined) return hit
  const bps = BigInt(await chain.client.readContract({ address: pool, abi: parseAbi(['function FLASHLOAN_PREMIUM_TOTAL() view returns (uint128)']), functionName: 'FLASHLOAN_PREMIUM_TOTAL' }))
  premiums.set(chain.chainId, bps)
  return bps
}

/** The chain's contracts that actions may call. */
function contractsOf(chain: ChainRuntime): BundleContracts {
  const book = chain.addressBook as typeof chain.addressBook & { lido?: { stETH?: Address; wstETH?: Address }; morphoBlue?: { morpho: Address; markets: NonNullable<BundleContracts['morphoMarkets']> } }
  return {
    weth: book.weth,
    permit2: book.permit2,
    multicall3: book.multicall3,
    uniswapV2Router02: book.uniswapV2.router02,
    uniswapV3SwapRouter02: book.uniswapV3.swapRouter02,
    uniswapV3PositionManager: book.uniswapV3.positionManager,
    balancerVault: book.balancerV2.vault,
    aaveV3Pool: book.aaveV3?.pool,
    aaveV3Rewards: book.aaveV3?.rewardsController ? { controller: book.aaveV3.rewardsController, rewards: book.aaveV3.reserves.flatMap((r) => r.rewards ?? []) } : undefined,
    lidoStETH: book.lido?.stETH,
    lidoWstETH: book.lido?.wstETH,
    morpho: book.morphoBlue?.morpho,
    morphoMarkets: book.morphoBlue?.markets,
  }
}

/**
 * A gas limit the transaction is proven to succeed with: the used gas plus a margin for refunds and the
 * 63/64 rule, checked by simulating under exactly that limit (raised once if it falls short).
 */
async function provenGasLimit(gasUsed: bigint, run: (limit: bigint) => Promise<{ status: string }>): Promise<bigint> {
  const candidates = [(gasUsed * 6n) / 5n + 10_000n, (gasUsed * 3n) / 2n + 30_000n, gasUsed * 2n + 100_000n]
  for (const limit of candidates) {
    if ((await run(limit)).status === 'success') return limit
  }
  return candidates[candidates.length - 1]!
}

/** Approvals of the router the sender still needs for the bundle's ERC-20 inputs. */
async function approvalsNeeded(chain: ChainRuntime, p: { owner: Address; spender: Address; inputs: { token: Address; amount: bigint }[]; blockNumber: bigint }): Promise<BundleAnswer['approvals']> {
  const erc20s = p.inputs.filter((i) => !isNativeAddress(i.token))
  if (erc20s.length === 0) return []
  const results = await chain.client.multicall({
    blockNumber: p.blockNumber,
    multicallAddress: chain.addressBook.multicall3,
    allowFailure: true,
    contracts: erc20s.map((i) => ({ address: i.token, abi: erc20Abi, functionName: 'allowance', args: [p.owner, p.spender] }) as const),
  })
  const out: BundleAnswer['approvals'] = []
  erc20s.forEach((input, i) => {
    const r = results[i]
    const allowance = r?.status === 'success' ? (r.result as bigint) : 0n
    if (allowance >= input.amount) return
    const tx = (amount: bigint) => ({ data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [p.spender, amount] }), to: input.token, from: p.owner, value: '0' })
    // USDT-style tokens refuse to change a non-zero allowance: reset it first.
    if (allowance > 0n) out.push({ ...tx(0n), token: input.token, amount: '0', spender: p.spender })
    out.push({ ...tx(input.amount), token: input.token, amount: input.amount.toString(), spender: p.spender })
  })
  return out
}

/** Price impact in bps of what the bundle pulls against what it delivers, at pool mid prices. */
function priceImpactOf(chain: ChainRuntime, snapshot: Parameters<typeof tokenPricesFor>[0], built: BuildBundleReturnType, amountsOut: Map<string, bigint>): number | null {
  if (built.inputs.length === 0 || amountsOut.size === 0) return null
  return computePriceImpact(chain.addressBook, {
    inputs: built.inputs.map((i) => ({ token: i.token, amount: i.amount })),
    outputs: [...amountsOut].map(([token, amount]) => ({ token: token as Address, amount })),
    midPrices: tokenPricesFor(snapshot, chain.addressBook),
  })
}

