import {
  BaseError as ViemBaseError,
  ContractFunctionRevertedError,
  type Account,
  type Address,
  type Chain,
  type Client,
  type Hash,
  type PublicActions,
  type Transport,
  type WalletActions,
} from 'viem'
import { AcrossFillError } from '../../errors/across.js'
import { acrossSpokePoolAbi } from './acrossSpokePoolAbi.js'
import type { AcrossDeposit } from './decodeAcrossDeposits.js'
import { getAcrossFillStatus } from './getAcrossFillStatus.js'
import { toAcrossRelayData } from './toAcrossRelayData.js'

/** A client on the destination chain that can read and send from the relayer account. */
export type AcrossRelayClient = Client<Transport, Chain, Account | undefined> & PublicActions<Transport, Chain> & WalletActions<Chain, Account | undefined>

/** Parameters of {@link fillAcrossDeposit}. */
export type FillAcrossDepositParameters = {
  /** The deposit, as decoded from the origin chain (`decodeAcrossDeposits`). */
  deposit: AcrossDeposit
  /** The SpokePool on the deposit's destination chain (the client's chain). */
  spokePool: Address
  /** Sends the fill and pays `outputAmount` of `outputToken`: an unlocked address or a local account. It must have approved the SpokePool. */
  relayer: Address | Account
  /** Where the relayer asks to be repaid (recorded in `FilledV3Relay`); defaults to the destination chain. */
  repaymentChainId?: number | undefined
}

/** `undefined` when the deposit was already filled (nothing sent), else the fill transaction. */
export type FillAcrossDepositReturnType = Hash | undefined

export type FillAcrossDepositErrorType = AcrossFillError

function isRelayFilled(error: unknown): boolean {
  if (!(error instanceof ViemBaseError)) return false
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
  return reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName === 'RelayFilled'
}

/**
 * Fills one Across V3 deposit on its destination chain, as a relayer does: `fillV3Relay(relayData,
 * repaymentChainId)` from the relayer, which pulls `outputAmount` of `outputToken` from the relayer
 * to the recipient (native ETH instead of WETH when the recipient has no code) and then, for a
 * non-empty message to a contract, calls its `handleV3AcrossMessage`. Exactly once: it reads
 * `fillStatuses(relayHash)` first and sends nothing when the deposit is already filled; a fill that
 * lands between that read and the send (another relayer) shows up as `RelayFilled` in the
 * simulation and is treated the same way.
 *
 * @example
 * const [deposit] = decodeAcrossDeposits({ logs: receipt.logs, originChainId: 1 })
 * const hash = await fillAcrossDeposit(baseClient, { deposit, spokePool: base.across.spokePool, relayer })
 *
 * @param client - destination-chain client
 * @returns the fill transaction hash, or `undefined` when the deposit was already filled
 * @throws AcrossFillError when the client is on another chain, or the fill reverts (the cause carries the SpokePool error)
 */
export async function fillAcrossDeposit(client: AcrossRelayClient, params: FillAcrossDepositParameters): Promise<FillAcrossDepositReturnType> {
  const { deposit, spokePool, relayer } = params
  const ids = { originChainId: deposit.originChainId, depositId: deposit.depositId }
  if (client.chain.id !== deposit.destinationChainId) {
    throw new AcrossFillError({ ...ids, reason: `the deposit is for chain ${deposit.destinationChainId}, the client is on chain ${client.chain.id}` })
  }
  try {
    if ((await getAcrossFillStatus(client, { deposit, spokePool })) === 'filled') return undefined
    const repaymentChainId = BigInt(params.repaymentChainId ?? deposit.destinationChainId)
    let request: unknown
    try {
      // Simulate first: a revert surfaces as a decoded SpokePool error rather than a failed receipt.
      ;({ request } = await client.simulateContract({
        address: spokePool,
        abi: acrossSpokePoolAbi,
        functionName: 'fillV3Relay',
        args: [toAcrossRelayData(deposit), repaymentChainId],
        account: relayer,
        chain: client.chain,
      }))
    } catch (error) {
      if (isRelayFilled(error)) return undefined
      throw error
    }
    const hash = await client.writeContract(request as never)
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    if (receipt.status !== 'success') throw new Error(`fillV3Relay reverted in ${hash}`)
    return hash
  } catch (cause) {
    if (cause instanceof AcrossFillError) throw cause
    const reason = cause instanceof ViemBaseError ? cause.shortMessage : cause instanceof Error ? cause.message : String(cause)
    throw new AcrossFillError({ ...ids, reason, cause })
  }
}
