import { encodeFunctionData, erc20Abi, toHex, type Address, type Hex } from 'viem'
import { allowanceStorageKey, findAllowanceSlot } from '../chain/findAllowanceSlot.js'
import type { ChainRuntime } from '../chain/connectChains.js'
import { switchyardSmartWalletFactoryAbi } from '../contracts/generated/abis.js'
import type { SwitchyardAddresses } from '../contracts/deploySwitchyardContracts.js'
import { InvalidNodeResponseError } from '../errors/chain.js'
import { InvalidRequestError, UnsupportedChainError } from '../errors/request.js'
import { isNativeAddress } from '../schemas/fields.js'
import { parseApproveRequest, type ApproveParams } from '../schemas/approveRequest.js'
import { parseSimulatedCalls, type SimulatedCall } from '../simulate/parseSimulatedCalls.js'
import { assertUsableAddresses } from './assertUsableAddresses.js'
import { withUpstream } from './withUpstream.js'
import type { ServiceContext } from './context.js'
import type { ApproveAnswer, CallOptions } from './types.js'

/**
 * The approve use case: the transaction that lets the strategy's spender pull `amount` of a token
 * from `fromAddress` (the router; under `delegate`, the owner's smart wallet: see `spenderOf`). The gas is simulated. For USDT-style tokens, which refuse to change a
 * non-zero allowance to another non-zero value, the answer says so and lists `approve(spender, 0)` as a
 * prerequisite transaction (detected by simulating the approve against the current allowance).
 * @throws InvalidRequestError | UnsupportedChainError | UpstreamUnavailableError | InvalidNodeResponseError
 */
export async function getApproval(ctx: ServiceContext, request: unknown, _options: CallOptions): Promise<ApproveAnswer> {
  const params = parseApproveRequest(request)
  return withUpstream(params.chainId, () => approvalFor(ctx, params))
}

/**
 * Who the approval is for. `router` and `router-legacy`: that router, which pulls `msg.sender`'s
 * tokens. `delegate` and `delegate-legacy`: a plan runs as the wallet (DELEGATECALL), on the wallet's
 * own tokens, so neither our router nor our delegate ever needs (or may be given) an allowance; what
 * a delegate plan can use is an owner's allowance to the wallet (`erc20 transferfrom` pulls from the
 * owner into the wallet). So under delegate `fromAddress` is the owner and the spender is its
 * SwitchyardSmartWallet, the address the chain's factory derives for it (deployed or not), as the
 * published summary says: "approves your EnsoWallet-v2 to spend tokens".
 */
async function spenderOf(chain: ChainRuntime, params: ApproveParams, sy: SwitchyardAddresses): Promise<Address> {
  if (params.routingStrategy === 'router-legacy') return sy.routerLegacy
  if (params.routingStrategy !== 'delegate' && params.routingStrategy !== 'delegate-legacy') return sy.router
  const factory = (sy as { smartWalletFactory?: Address }).smartWalletFactory
  if (!factory) {
    throw new InvalidRequestError({
      code: 'INVALID_STRATEGY',
      message: `routingStrategy: chain ${params.chainId} has no smart-wallet factory, so a delegate approval has no wallet to name; a wallet spending its own tokens needs no approval`,
      issues: [{ field: 'routingStrategy', reason: 'no smart wallet on this chain' }],
    })
  }
  return chain.client.readContract({ address: factory, abi: switchyardSmartWalletFactoryAbi, functionName: 'walletAddress', args: [params.fromAddress] })
}

async function approvalFor(ctx: ServiceContext, params: ApproveParams): Promise<ApproveAnswer> {
  const chain = ctx.chains[params.chainId]
  if (!chain) throw new UnsupportedChainError({ chainId: params.chainId, supported: Object.keys(ctx.chains).map(Number) })
  // A precompile (or the zero address) cannot send the approval.
  assertUsableAddresses(ctx, { sender: { field: 'fromAddress', address: params.fromAddress }, receivers: [] })
  if (isNativeAddress(params.tokenAddress)) {
    throw new InvalidRequestError({ code: 'INVALID_TOKEN', message: 'tokenAddress: the native coin needs no approval', issues: [{ field: 'tokenAddress', reason: 'native coin' }] })
  }
  const sy = chain.addressBook.switchyard as unknown as SwitchyardAddresses
  const spender = await spenderOf(chain, params, sy)
  const code: unknown = await chain.client.getCode({ address: params.tokenAddress })
  if (code !== undefined && (typeof code !== 'string' || !/^0x([0-9a-f]{2})*$/i.test(code))) {
    throw new InvalidNodeResponseError({ method: 'eth_getCode', reason: 'not hex bytes' })
  }
  if (!code || code === '0x') {
    throw new InvalidRequestError({ code: 'INVALID_TOKEN', message: `tokenAddress: ${params.tokenAddress} has no code on chain ${params.chainId}`, issues: [{ field: 'tokenAddress', reason: 'no code' }] })
  }
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, params.amount] })
  const zeroData = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 0n] })
  const from = params.fromAddress
  const simulate = async (calls: { data: Hex }[], stateOverrides: Record<string, unknown> = {}): Promise<SimulatedCall[]> => {
    const response: unknown = await chain.client.request({
      method: 'eth_simulateV1' as never,
      params: [{ blockStateCalls: [{ stateOverrides, calls: calls.map((c) => ({ from, to: params.tokenAddress, data: c.data })) }], validation: false }, 'latest'] as never,
    })
    return parseSimulatedCalls(response, calls.length)
  }
  const [direct] = await simulate([{ data }])
  let gas = direct!.gasUsed
  let requiresZeroAllowanceFirst = false
  if (!direct!.ok) {
    // Does it go through from a zero allowance? Then the token is USDT-style.
    const [zero, again] = await simulate([{ data: zeroData }, { data }])
    if (zero!.ok && again!.ok) {
      requiresZeroAllowanceFirst = true
      // Gas of the approve as it will run: after the reset, from a zero allowance.
      const layout = await findAllowanceSlot(chain.client, { token: params.tokenAddress }).catch(() => undefined)
      gas = again!.gasUsed
      if (layout) {
        const [fresh] = await simulate([{ data }], { [params.tokenAddress]: { stateDiff: { [allowanceStorageKey(from, spender, layout)]: toHex(0n, { size: 32 }) } } })
        if (fresh!.ok) gas = fresh!.gasUsed
      }
    } else {
      throw new InvalidRequestError({ code: 'INVALID_TOKEN', message: `tokenAddress: approve reverts on ${params.tokenAddress}`, issues: [{ field: 'tokenAddress', reason: 'approve reverts' }] })
    }
  }
  return {
    tx: { data, to: params.tokenAddress, from, value: '0' },
    gas: gas.toString(),
    token: params.tokenAddress,
    amount: params.amount.toString(),
    spender,
    prerequisites: requiresZeroAllowanceFirst ? [{ data: zeroData, to: params.tokenAddress, from, value: '0' }] : [],
    requiresZeroAllowanceFirst,
  }
}
