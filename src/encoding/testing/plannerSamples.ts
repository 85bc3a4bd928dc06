/**
 * Test support: sample addresses and ABIs the planner tests build their plans from (an ERC-20 token, an
 * ERC-4626-like vault, a receiver, and a helper contract offering math, balances, arrays, tuples, bytes,
 * a payable function and the subplan signatures).
 */
import { type Address, parseAbi } from 'viem'

/** The planner tests' sample accounts and ABIs. */
export const plannerSamples = {
  token: '0x1111111111111111111111111111111111111111' as Address,
  vault: '0x2222222222222222222222222222222222222222' as Address,
  receiver: '0x3333333333333333333333333333333333333333' as Address,
  helper: '0x4444444444444444444444444444444444444444' as Address,
  mathAbi: parseAbi(['function add(uint256 a, uint256 b) pure returns (uint256)', 'function isEqual(uint256 a, uint256 b) pure returns (bool)']),
  targetAbi: parseAbi([
    'function balanceOfCaller(address token) view returns (uint256)',
    'function sum(uint256[] values) pure returns (uint256)',
    'function pairSum((uint256 a, uint256 b) pair) pure returns (uint256)',
    'function concat(bytes a, bytes b) pure returns (bytes)',
    'function joinLabels((uint256 amount, bytes label)[] items) pure returns (uint256 total, bytes joined)',
    'function sum8(uint256 a, uint256 b, uint256 c, uint256 d, uint256 e, uint256 f, uint256 g, uint256 h) pure returns (uint256)',
    'function pay() payable returns (uint256)',
    'function execute(bytes32[] commands, bytes[] state) payable returns (bytes[])',
    'function run(bytes32[] commands, bytes[] state)',
    'function two() pure returns (uint256, uint256)',
  ]),
} as const
