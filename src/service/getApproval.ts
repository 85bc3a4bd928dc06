import { encodeFunctionData, erc20Abi, toHex, type Address, type Hex } from 'viem'
import { allowanceStorageKey, findAllowanceSlot } from '../chain/findAllowanceSlot.js'
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
 * The approve use case: the transaction that lets the router (the strategy's spender) pull `amount`
 * of a token from `fromAddress`. The gas is simulated. For USDT-style tokens, which refuse to change a
 * non-zero allowance to another non-zero value, the answer says so and lists `approve(spender, 0)` as a
 * prerequisite transaction (detected by simulating the approve against the current allowance).
 * @throws InvalidRequestError | UnsupportedChainError | UpstreamUnavailableError | InvalidNodeResponseError
 */
export async function getApproval(ctx: ServiceContext, request: unknown, _options: CallOptions): Promise<ApproveAnswer> {
  const params = parseApproveRequest(request)
  return withUpstream(params.chainId, () => approvalFor(ctx, params))
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
  if (params.routingStrategy === 'delegate' || params.routingStrategy === 'delegate-legacy') {
    throw new InvalidRequestError({ code: 'INVALID_STRATEGY', message: 'routingStrategy: the delegate strategy needs no approval', issues: [{ field: 'routingStrategy', reason: 'no approval with delegate' }] })
  }
  const spender: Address = params.routingStrategy === 'router-legacy' ? sy.routerLegacy : sy.router
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
