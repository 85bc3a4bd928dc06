/**
 * SwitchyardUniswapV3ForkHelper's refusals, on an anvil without any pool (the swaps themselves, on the devnet's
 * SushiSwap and PancakeSwap V3: uniswapV3ForkHelper.test.ts): a swap that cannot be one is refused before any
 * token moves, with int256's largest amount still a swap; a fork table entry without a deployer is refused at
 * construction; a token that calls the helper back while the helper pulls it is refused. Each case kills a
 * mutant of `npm run test:mutation:solidity` (test/mutation-solidity-survivors.md).
 */
import { type Abi, type Address, type Hex, decodeErrorResult, encodeDeployData, encodeFunctionData, erc20Abi, keccak256, maxInt256, maxUint256, parseAbi, parseEther, toHex, zeroAddress } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { loadContractArtifact } from './loadContractArtifact.js'
import { reentrantTokenAbi } from './generated/testAbis.js'
import { type ContractsTestEnv, expectRevert, setupContractsTestEnv } from './testing/contractsTestEnv.js'

let env: ContractsTestEnv
let snap: Hex
let helper: Address
const artifact = loadContractArtifact('SwitchyardUniswapV3ForkHelper')
const errorsAbi = [
  ...(artifact.abi as Abi),
  ...parseAbi(['error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)', 'error ReentrancyGuardReentrantCall()']),
] as Abi
/** A fork of the table: a pool deployer with no pools (every swap that passes the checks fails at the pool). */
const fork = { deployer: '0x00000000000000000000000000000000000de910' as Address, initCodeHash: keccak256(toHex('pool code')) }
const FEE = 3000

beforeAll(async () => {
  env = await setupContractsTestEnv()
  helper = await env.deploy('SwitchyardUniswapV3ForkHelper', [[fork]])
  await env.write({ account: env.accounts.user, address: env.tokens.tokenA, abi: erc20Abi, functionName: 'approve', args: [helper, maxUint256] })
})
afterAll(async () => {
  await env?.stop()
})
beforeEach(async () => {
  snap = await env.snapshot()
})
afterEach(async () => {
  await env.revert(snap)
})

/** The helper's (or a token's) error of a revert. */
const errorOf = ({ raw }: { raw: Hex }) => {
  const decoded = decodeErrorResult({ abi: errorsAbi, data: raw })
  return [decoded.errorName, ...(decoded.args ?? [])]
}

const swap = (p: { tokenIn: Address; tokenOut: Address; amountIn: bigint; account?: Address }) =>
  env.client.call({
    account: p.account ?? env.accounts.user,
    to: helper,
    data: encodeFunctionData({ abi: artifact.abi as Abi, functionName: 'swapExactIn', args: [fork.deployer, p.tokenIn, p.tokenOut, FEE, p.amountIn, 0n] }),
  })

describe('Uniswap V3 fork helper: what is refused, and when', () => {
  test('a zero amount and the same token in and out are refused before any token moves (InvalidSwap)', async () => {
    const { tokenA, tokenB } = env.tokens
    expect(errorOf(await expectRevert(swap({ tokenIn: tokenA, tokenOut: tokenB, amountIn: 0n })))).toEqual(['InvalidSwap'])
    expect(errorOf(await expectRevert(swap({ tokenIn: tokenA, tokenOut: tokenA, amountIn: 1n })))).toEqual(['InvalidSwap'])
  })

  test("int256's largest amount is a swap (it fails at the pull, for want of balance); one more is InvalidSwap", async () => {
    const { tokenA, tokenB } = env.tokens
    const balance = await env.balanceOf(tokenA, env.accounts.user)
    expect(errorOf(await expectRevert(swap({ tokenIn: tokenA, tokenOut: tokenB, amountIn: maxInt256 })))).toEqual(['ERC20InsufficientBalance', env.accounts.user, balance, maxInt256])
    expect(errorOf(await expectRevert(swap({ tokenIn: tokenA, tokenOut: tokenB, amountIn: maxInt256 + 1n })))).toEqual(['InvalidSwap'])
  })

  test('a fork entry without a pool deployer is refused at construction (InvalidFork)', async () => {
    const data = encodeDeployData({ abi: artifact.abi as Abi, bytecode: artifact.bytecode, args: [[{ ...fork, deployer: zeroAddress }]] })
    expect(errorOf(await expectRevert(env.client.call({ account: env.accounts.deployer, data })))).toEqual(['InvalidFork', zeroAddress])
  })

  test('a token that calls the helper back while it is pulled is refused (ReentrancyGuardReentrantCall)', async () => {
    const token = await env.deploy('ReentrantToken')
    const { user } = env.accounts
    await env.write({ address: token, abi: reentrantTokenAbi, functionName: 'mint', args: [user, parseEther('10')] })
    await env.write({ account: user, address: token, abi: erc20Abi, functionName: 'approve', args: [helper, maxUint256] })
    const again = encodeFunctionData({ abi: artifact.abi as Abi, functionName: 'swapExactIn', args: [fork.deployer, token, env.tokens.tokenB, FEE, 1n, 0n] })
    await env.write({ address: token, abi: reentrantTokenAbi, functionName: 'setHook', args: [helper, again] })
    expect(errorOf(await expectRevert(swap({ tokenIn: token, tokenOut: env.tokens.tokenA, amountIn: parseEther('1') })))).toEqual(['ReentrancyGuardReentrantCall'])
  })
})
