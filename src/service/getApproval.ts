import { encodeFunctionData, erc20Abi, toHex, type Address, type Hex } from 'viem'
import { allowanceStorageKey, findAllowanceSlot } from '../chain/findAllowanceSlot.js'
import type { SwitchyardAddresses } from '../contracts/deploySwitchyardContracts.js'
import { InvalidRequestError, UnsupportedChainError } from '../errors/request.js'
import { isNativeAddress } from '../schemas/fields.js'
import { parseApproveRequest, type ApproveParams } from '../schemas/approveRequest.js'
import { withUpstream } from './withUpstream.js'
import type { ServiceContext } from './context.js'
import type { ApproveAnswer, CallOptions } from './types.js'

type SimCall = { status: Hex; gasUsed: Hex }

/**
 * The approve use case: the transaction that lets the router (the strategy's spender) pull `amount`
 * of a token from `fromAddress`. The gas is simulated. For USDT-style tokens, which refuse to change a
 * non-zero allowance to another non-zero value, the answer says so and lists `approve(spender, 0)` as a
 * prerequisite transaction (detected by simulating the approve against the current allowance).
 * @throws InvalidRequestError | UnsupportedChainError
 */
export async function getApproval(ctx: ServiceContext, request: unknown, _options: CallOptions): Promise<ApproveAnswer> {
  const params = parseApproveRequest(request)
  return withUpstream(params.chainId, () => approvalFor(ctx, params))
}

async function approvalFor(ctx: ServiceContext, params: ApproveParams): Promise<ApproveAnswer> {
  const chain = ctx.chains[params.chainId]
  if (!chain) throw new UnsupportedChainError({ chainId: params.chainId, supported: Object.keys(ctx.chains).map(Number) })
  if (isNativeAddress(params.tokenAddress)) {
    throw new InvalidRequestError({ code: 'INVALID_TOKEN', message: 'tokenAddress: the native coin needs no approval', issues: [{ field: 'tokenAddress', reason: 'native coin' }] })
  }
  const sy = chain.addressBook.switchyard as unknown as SwitchyardAddresses
  if (params.routingStrategy === 'delegate' || params.routingStrategy === 'delegate-legacy') {
    throw new InvalidRequestError({ code: 'INVALID_STRATEGY', message: 'routingStrategy: the delegate strategy needs no approval', issues: [{ field: 'routingStrategy', reason: 'no approval with delegate' }] })
  }
  const spender: Address = params.routingStrategy === 'router-legacy' ? sy.routerLegacy : sy.router
  const code = await chain.client.getCode({ address: params.tokenAddress })
  if (!code || code === '0x') {
    throw new InvalidRequestError({ code: 'INVALID_TOKEN', message: `tokenAddress: ${params.tokenAddress} has no code on chain ${params.chainId}`, issues: [{ field: 'tokenAddress', reason: 'no code' }] })
  }
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, params.amount] })
  const zeroData = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 0n] })
  const from = params.fromAddress
  const simulate = async (calls: { data: Hex }[], stateOverrides: Record<string, unknown> = {}) => {
    const [block] = (await chain.client.request({
      method: 'eth_simulateV1' as never,
      params: [{ blockStateCalls: [{ stateOverrides, calls: calls.map((c) => ({ from, to: params.tokenAddress, data: c.data })) }], validation: false }, 'latest'] as never,
    })) as { calls: SimCall[] }[]
    return block?.calls ?? []
  }
  const [direct] = await simulate([{ data }])
  let gas = direct ? BigInt(direct.gasUsed) : 0n
  let requiresZeroAllowanceFirst = false
  if (!direct || BigInt(direct.status) !== 1n) {
    // Does it go through from a zero allowance? Then the token is USDT-style.
    const [zero, again] = await simulate([{ data: zeroData }, { data }])
    if (zero && again && BigInt(zero.status) === 1n && BigInt(again.status) === 1n) {
      requiresZeroAllowanceFirst = true
      // Gas of the approve as it will run: after the reset, from a zero allowance.
      const layout = await findAllowanceSlot(chain.client, { token: params.tokenAddress }).catch(() => undefined)
      gas = BigInt(again.gasUsed)
      if (layout) {
        const [fresh] = await simulate([{ data }], { [params.tokenAddress]: { stateDiff: { [allowanceStorageKey(from, spender, layout)]: toHex(0n, { size: 32 }) } } })
        if (fresh && BigInt(fresh.status) === 1n) gas = BigInt(fresh.gasUsed)
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
