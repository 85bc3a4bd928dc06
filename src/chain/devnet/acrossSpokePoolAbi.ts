import { parseAbi } from 'viem'

/**
 * The part of the Across V3 SpokePool (`@across-protocol/contracts@3.0.17`) that deposits, fills,
 * route admin and status reads use, identical on every concrete SpokePool (Ethereum_SpokePool,
 * Base_SpokePool). Human-readable so viem infers argument and event types; `acrossSpokePoolAbi.test.ts`
 * checks every item against the committed artifacts.
 */
export const acrossSpokePoolAbi = parseAbi([
  'struct V3RelayData { address depositor; address recipient; address exclusiveRelayer; address inputToken; address outputToken; uint256 inputAmount; uint256 outputAmount; uint256 originChainId; uint32 depositId; uint32 fillDeadline; uint32 exclusivityDeadline; bytes message; }',
  'struct V3RelayExecutionEventInfo { address updatedRecipient; bytes updatedMessage; uint256 updatedOutputAmount; uint8 fillType; }',
  'event V3FundsDeposited(address inputToken, address outputToken, uint256 inputAmount, uint256 outputAmount, uint256 indexed destinationChainId, uint32 indexed depositId, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityDeadline, address indexed depositor, address recipient, address exclusiveRelayer, bytes message)',
  'event FilledV3Relay(address inputToken, address outputToken, uint256 inputAmount, uint256 outputAmount, uint256 repaymentChainId, uint256 indexed originChainId, uint32 indexed depositId, uint32 fillDeadline, uint32 exclusivityDeadline, address exclusiveRelayer, address indexed relayer, address depositor, address recipient, bytes message, V3RelayExecutionEventInfo relayExecutionInfo)',
  'event EnabledDepositRoute(address indexed originToken, uint256 indexed destinationChainId, bool enabled)',
  'function depositV3(address depositor, address recipient, address inputToken, address outputToken, uint256 inputAmount, uint256 outputAmount, uint256 destinationChainId, address exclusiveRelayer, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityParameter, bytes message) payable',
  'function fillV3Relay(V3RelayData relayData, uint256 repaymentChainId)',
  'function fillStatuses(bytes32 relayHash) view returns (uint256)',
  'function setEnableRoute(address originToken, uint256 destinationChainId, bool enabled)',
  'function enabledDepositRoutes(address originToken, uint256 destinationChainId) view returns (bool)',
  'function chainId() view returns (uint256)',
  'function wrappedNativeToken() view returns (address)',
  'function depositQuoteTimeBuffer() view returns (uint32)',
  'function fillDeadlineBuffer() view returns (uint32)',
  'function numberOfDeposits() view returns (uint32)',
  'function crossDomainAdmin() view returns (address)',
  'function withdrawalRecipient() view returns (address)',
  'function pausedFills() view returns (bool)',
  'function pausedDeposits() view returns (bool)',
  'error DisabledRoute()',
  'error InvalidQuoteTimestamp()',
  'error InvalidFillDeadline()',
  'error InvalidExclusiveRelayer()',
  'error MsgValueDoesNotMatchInputAmount()',
  'error NotExclusiveRelayer()',
  'error RelayFilled()',
  'error ExpiredFillDeadline()',
  'error DepositsArePaused()',
  'error FillsArePaused()',
])

