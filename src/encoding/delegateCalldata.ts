import { type Address, type Hex, encodeFunctionData, getAddress } from 'viem'
import { switchyardSmartWalletAbi } from '../contracts/generated/abis.js'
import { type ShortcutParameters, encodeExecuteShortcut } from './routerCalldata.js'

/**
 * Calldata for the delegate strategy: `executeShortcut(accountId, requestId, commands, state)`, which the
 * user's wallet DELEGATECALLs into the delegate contract.
 */
export function encodeDelegateShortcut(params: ShortcutParameters): Hex {
  return encodeExecuteShortcut(params)
}

/** Parameters of {@link encodeSmartWalletExecute}. */
export type EncodeSmartWalletExecuteParameters = {
  /** The delegate contract to DELEGATECALL. */
  delegate: Address
  /** The shortcut to run. */
  shortcut: ShortcutParameters
}

/** Calldata of `SwitchyardSmartWallet.execute(delegate, executeShortcut(...))`, sent by the wallet owner. */
export function encodeSmartWalletExecute(params: EncodeSmartWalletExecuteParameters): Hex {
  return encodeFunctionData({
    abi: switchyardSmartWalletAbi,
    functionName: 'execute',
    args: [getAddress(params.delegate), encodeExecuteShortcut(params.shortcut)],
  })
}
