/**
 * Test support: the ABI of the mock contracts that encoding tests plan calls to. Its functions cover every
 * shape the planner encodes: words, addresses, static and dynamic arrays, nested and dynamic tuples, bytes
 * and strings, several return values, void and payable functions, and the subplan signatures (`execute`,
 * `run` and their variants).
 */
import { type AbiFunction, parseAbi } from 'viem'

/** The mock contracts' ABI. */
export const mockTargetAbi = parseAbi([
  'function u2(uint256 a, uint256 b) returns (uint256)',
  'function who(address account, uint256 amount) returns (uint256)',
  'function arr(uint256[] values) returns (uint256)',
  'function fixed3(uint256[3] values) returns (uint256)',
  'function pair((uint256 a, uint256 b) pair) returns (uint256)',
  'function nested((uint256 a, (uint256 x, uint256 y) inner) outer) returns (uint256)',
  'function blob(bytes data, uint256 n) returns (bytes)',
  'function text(string s) returns (string)',
  'function labels((uint256 amount, bytes label)[] items) returns (uint256)',
  'function labeled((uint256 amount, bytes label) item) returns (bytes)',
  'function flipped((bytes label, uint256 amount) item) returns (bytes)',
  'function labelsOut(uint256 a) returns ((uint256 amount, bytes label)[])',
  'function blobs(bytes[] items) returns (uint256)',
  'function wide(uint256 a, uint256 b, uint256 c, uint256 d, uint256 e, uint256 f, uint256 g, uint256 h) returns (uint256)',
  'function two(uint256 a) returns (uint256, uint256)',
  'function tupleOut(uint256 a) returns ((uint256 x, uint256 y))',
  'function dynTuple(uint256 a) returns ((uint256 x, bytes y))',
  'function fixedOut(uint256 a) returns (uint256[2])',
  'function wordsOut(uint256 a) returns (uint256[])',
  'function sink(uint256 a)',
  'function pay() payable returns (uint256)',
  'function mixed(bytes32 tag, bool flag, int256 delta, uint8 small) returns (bytes32)',
  'function execute(bytes32[] commands, bytes[] state) returns (bytes[])',
  'function run(bytes32[] commands, bytes[] state)',
  'function runThenOne(bytes32[] commands, bytes[] state) returns (uint256)',
  'function takeState(bytes[] state) returns (uint256)',
  'function stateInTuple((uint256 tag, bytes[] state) wrapped) returns (uint256)',
  'function planField((uint256 plan, uint256 addSubplan) fields) returns (uint256)',
  'function executeWith(bytes32[] commands, bytes[] state, uint256 extra) returns (bytes[])',
])

/** The functions of {@link mockTargetAbi} by name. */
export const mockTargetFunctions = new Map<string, AbiFunction>(mockTargetAbi.map((f) => [f.name, f as AbiFunction]))
