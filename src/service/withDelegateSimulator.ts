import { pad, toHex, type Address, type Hex } from 'viem'
import { loadContractArtifact } from '../contracts/loadContractArtifact.js'
import type { AccountOverride } from '../simulate/simulateTransaction.js'

/** Storage slot where SwitchyardDelegateSimulator reads its delegate target (`TARGET_SLOT` in the contract). */
export const DELEGATE_SIMULATOR_TARGET_SLOT: Hex = '0x2b5e3c7fd64c8f6e9f5cbd7f6f1f0b1c0f5e3d2c1b0a99887766554433221100'

/**
 * State overrides that simulate a wallet's DELEGATECALL into `delegate`: the wallet's code becomes
 * SwitchyardDelegateSimulator (a forwarder that DELEGATECALLs the address in its target slot) and
 * the slot is set; the wallet's other overrides (balance, storage) are kept. When the transaction
 * carries value, the sender's balance is set to `senderBalance`.
 * @returns a copy of `overrides` with those entries
 */
export function withDelegateSimulator(
  overrides: Readonly<Record<Address, AccountOverride>>,
  p: { wallet: Address; delegate: Address; sender: Address; senderBalance: bigint | undefined },
): Record<Address, AccountOverride> {
  const out: Record<Address, AccountOverride> = { ...overrides }
  out[p.wallet] = {
    ...overrides[p.wallet],
    code: loadContractArtifact('SwitchyardDelegateSimulator').deployedBytecode,
    stateDiff: { ...overrides[p.wallet]?.stateDiff, [DELEGATE_SIMULATOR_TARGET_SLOT]: pad(p.delegate) },
  }
  if (p.senderBalance !== undefined) out[p.sender] = { ...out[p.sender], balance: toHex(p.senderBalance) }
  return out
}
