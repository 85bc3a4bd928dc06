import type { TokenEntry } from '../addressBook.js'

/** A scenario token kind deployed from one of our contracts (every kind but `weth`, which is WETH9). */
export type DevTokenKind = Exclude<TokenEntry['kind'], 'weth'>

/**
 * The contract (under contracts/devnet) behind each token kind, one per class of the weird-ERC20
 * catalogue (docs/devnet.md, "Weird tokens"). Each has a minter (its deployer) and `mint(address,uint256)`.
 */
const contracts: Record<DevTokenKind, string> = {
  erc20: 'DevToken',
  tether: 'TetherToken',
  feeOnTransfer: 'FeeOnTransferToken',
  rebasing: 'RebasingToken',
  pausable: 'PausableToken',
  blocklist: 'BlocklistToken',
  zeroTransferRevert: 'ZeroTransferRevertToken',
  approvalRace: 'ApprovalRaceToken',
  hook: 'HookToken',
  upgradable: 'UpgradableToken',
  flashMint: 'FlashMintToken',
  transferMax: 'TransferMaxToken',
}

/** Parameters of {@link tokenContractOf}. */
export type TokenContractOfParameters = Pick<TokenEntry, 'name' | 'symbol' | 'decimals'> & { kind: DevTokenKind; feeBps?: number | undefined }

/**
 * Which of our contracts a scenario token is deployed from, and its constructor arguments.
 * @returns the artifact to deploy (for `loadContractArtifact`), its constructor arguments, and the artifact
 *   whose ABI the token answers to (`mint` included): the implementation's, behind the upgradable proxy
 */
export function tokenContractOf(token: TokenContractOfParameters): { contract: string; args: readonly unknown[]; callable: string } {
  const contract = contracts[token.kind]
  const callable = token.kind === 'upgradable' ? 'UpgradableTokenImplementation' : contract
  if (token.kind === 'tether') return { contract, callable, args: [token.name, token.symbol] }
  if (token.kind === 'feeOnTransfer') return { contract, callable, args: [token.name, token.symbol, BigInt(token.feeBps ?? 100)] }
  return { contract, callable, args: [token.name, token.symbol, token.decimals] }
}
