/**
 * What `npm run test:mutation:solidity` mutates, and which test files run against each source's mutants,
 * in the order they run (vitest stops at the first failure, so the likeliest killer goes first).
 * Anvil-only suites (`contractsTestEnv`, 2–10 s) come before devnet suites (5–10 s plus a devnet build
 * when the mutant changes deployed bytecode).
 */

/** The folders under `contracts/` whose sources are mutated. */
export const solidityMutationFolders = ['router', 'helpers'] as const

const weirollVm = 'src/contracts/weirollVm.test.ts'
const router = 'src/contracts/switchyardRouter.test.ts'
const threats = 'src/contracts/threats.test.ts'
const attackerSuite = 'src/contracts/attackerSuite.test.ts'
const routerInvariants = 'src/contracts/routerInvariants.test.ts'
const uniswapRoute = 'src/contracts/uniswapRoute.test.ts'
const bridgeReceiver = 'src/contracts/bridgeReceiver.test.ts'
const uniswapV4Helper = 'src/contracts/uniswapV4Helper.test.ts'
const flashLoan = 'src/protocols/aave-v3/flashLoan.test.ts'
const flashLoanPremium = 'src/service/getBundleFlashLoanPremium.test.ts'
const walletReentry = 'src/service/walletReentry.test.ts'
const delegateThroughSafe = 'src/service/delegateThroughSafe.test.ts'
const uniswapV4Encode = 'src/protocols/uniswap-v4/encode.test.ts'
const withDelegateSimulator = 'src/service/withDelegateSimulator.test.ts'
const guardEdges = 'src/contracts/guardEdges.test.ts'
const bridgeSender = 'src/contracts/bridgeSender.test.ts'
const allowanceLedger = 'src/contracts/allowanceLedger.test.ts'
const bridgeReceiverGuards = 'src/contracts/bridgeReceiverGuards.test.ts'
const flashLoanGuards = 'src/contracts/flashLoanGuards.test.ts'
const planGuard = 'src/contracts/planGuard.test.ts'
const routerGuards = 'src/contracts/routerGuards.test.ts'
const smartWallet = 'src/contracts/smartWallet.test.ts'
const weirollVmEdges = 'src/contracts/weirollVmEdges.test.ts'
const uniswapV3ForkHelper = 'src/contracts/uniswapV3ForkHelper.test.ts'
const uniswapV3ForkHelperGuards = 'src/contracts/uniswapV3ForkHelperGuards.test.ts'
const bridgeSenderPools = 'src/contracts/bridgeSenderPools.test.ts'

const vmSuites = [weirollVm, weirollVmEdges, router, threats, attackerSuite, routerInvariants, guardEdges]

/** Test files per source (path under `contracts/`); a source without an entry gets {@link allContractTests}. */
export const solidityMutationTests: Record<string, readonly string[]> = {
  'router/SwitchyardRouter.sol': [router, threats, routerGuards, attackerSuite, routerInvariants, weirollVm, guardEdges, uniswapRoute],
  'router/SwitchyardExecutor.sol': [router, threats, attackerSuite, routerInvariants, weirollVm, guardEdges, allowanceLedger, planGuard, bridgeReceiver, flashLoan],
  'router/SwitchyardPlanGuard.sol': [attackerSuite, threats, router, guardEdges, planGuard, walletReentry, flashLoan],
  'router/SwitchyardAllowanceLedger.sol': [attackerSuite, allowanceLedger, planGuard, threats, router, routerInvariants, guardEdges, bridgeReceiver],
  'router/SwitchyardFlashLoans.sol': [attackerSuite, guardEdges, flashLoanGuards, flashLoan, flashLoanPremium, threats],
  'router/SwitchyardDelegate.sol': [threats, attackerSuite, planGuard, walletReentry, delegateThroughSafe, flashLoan],
  'router/SwitchyardLegacyDelegate.sol': [threats, attackerSuite, planGuard],
  'router/SwitchyardLegacyRouter.sol': [threats, routerGuards, attackerSuite, router, guardEdges, allowanceLedger, planGuard],
  'router/SwitchyardSmartWallet.sol': [attackerSuite, threats, guardEdges, smartWallet, planGuard, walletReentry, delegateThroughSafe, flashLoan],
  'router/SwitchyardBridgeReceiver.sol': [bridgeReceiverGuards, guardEdges, attackerSuite, bridgeReceiver],
  'router/SwitchyardBridgeCallback.sol': [guardEdges, bridgeReceiverGuards, attackerSuite, bridgeReceiver, bridgeSender],
  'router/WeirollVM.sol': vmSuites,
  'router/WeirollCommandBuilder.sol': vmSuites,
  'helpers/SwitchyardBridgeSender.sol': [bridgeSenderPools, bridgeSender, bridgeReceiver],
  'helpers/SwitchyardBalanceHelper.sol': vmSuites,
  'helpers/SwitchyardMathHelper.sol': vmSuites,
  'helpers/SwitchyardCheckHelper.sol': vmSuites,
  'helpers/SwitchyardDelegateSimulator.sol': [withDelegateSimulator, delegateThroughSafe, attackerSuite],
  'helpers/SwitchyardUniswapV4Helper.sol': [uniswapV4Helper, uniswapV4Encode, flashLoan],
  'helpers/SwitchyardUniswapV3ForkHelper.sol': [uniswapV3ForkHelperGuards, uniswapV3ForkHelper],
}

/**
 * Every contract test file: a mutant that survives its own files is run against all of these before it
 * counts as a survivor.
 */
export const allContractTests: readonly string[] = [
  ...vmSuites,
  allowanceLedger,
  bridgeReceiverGuards,
  flashLoanGuards,
  planGuard,
  routerGuards,
  smartWallet,
  uniswapRoute,
  bridgeReceiver,
  bridgeSender,
  bridgeSenderPools,
  uniswapV4Helper,
  uniswapV3ForkHelperGuards,
  uniswapV3ForkHelper,
  flashLoan,
  flashLoanPremium,
  walletReentry,
  delegateThroughSafe,
  withDelegateSimulator,
  uniswapV4Encode,
]
