import { parseAbi, type Hex } from 'viem'
import { functionCall } from '../../encoding/call.js'
import { addForceApprove } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import type { ReturnValue } from '../../encoding/value.js'
import type { EncodeStepContext, EncodeStepParameters } from '../types.js'

const vaultAbi = parseAbi([
  'struct SingleSwap { bytes32 poolId; uint8 kind; address assetIn; address assetOut; uint256 amount; bytes userData; }',
  'struct FundManagement { address sender; bool fromInternalBalance; address recipient; bool toInternalBalance; }',
  'function swap(SingleSwap singleSwap, FundManagement funds, uint256 limit, uint256 deadline) payable returns (uint256 amountCalculated)',
])

/** A Balancer V2 hop through `Vault.swap` (GIVEN_IN); its return value is the exact output. */
export function encodeBalancerV2Step(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters): ReturnValue {
  const vault = context.contracts.balancerVault
  addForceApprove(planner, { token: step.tokenIn, spender: vault, amount: step.amountIn })
  return planner.add(
    functionCall({
      address: vault,
      abi: vaultAbi,
      functionName: 'swap',
      args: [
        { poolId: step.data.poolId as Hex, kind: 0, assetIn: step.tokenIn, assetOut: step.tokenOut, amount: step.amountIn, userData: '0x' },
        { sender: context.self, fromInternalBalance: false, recipient: context.self, toInternalBalance: false },
        0n,
        context.deadline,
      ],
    }),
  )
}
