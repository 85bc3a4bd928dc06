import { BaseError } from './base.js'

export type AcrossFillErrorType = AcrossFillError & { name: 'AcrossFillError' }
/** A relayer could not fill an Across V3 deposit on its destination SpokePool. */
export class AcrossFillError extends BaseError {
  override name = 'AcrossFillError'
  /** Origin chain and deposit id: the pair that names a deposit. */
  originChainId: number
  depositId: number
  constructor({ originChainId, depositId, reason, cause }: { originChainId: number; depositId: number; reason: string; cause?: unknown }) {
    super(`Could not fill Across deposit ${depositId} from chain ${originChainId}.`, {
      code: 'ACROSS_FILL_FAILED',
      details: reason,
      metaMessages: [
        'Is the client on the deposit\'s destination chain, and is the SpokePool address that chain\'s?',
        'Does the relayer hold outputAmount of outputToken and has it approved the SpokePool?',
        'Has the fill deadline passed, or is the deposit still exclusive to another relayer?',
        'Did the recipient\'s handleV3AcrossMessage revert (a message fill reverts with it)?',
      ],
      cause,
    })
    this.originChainId = originChainId
    this.depositId = depositId
  }
}
