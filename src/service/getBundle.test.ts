import { erc20Abi, getAddress, parseAbi, parseEventLogs, type Address, type Hex } from 'viem'
import { advanceDevnetClock } from '../chain/devnet/advanceDevnetClock.js'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { setNextBlockOneSecondLater } from '../chain/devnet/setNextBlockOneSecondLater.js'
import type { Devnet, DevnetChain } from '../chain/devnet/startDevnet.js'
import { switchyardExecutorAbi } from '../contracts/generated/abis.js'
import { loadContractArtifact } from '../contracts/loadContractArtifact.js'
import { parseRequestId } from '../encoding/requestId.js'
import { getBundle } from './getBundle.js'
import { startServiceOnDevnet } from './testing/startServiceOnDevnet.js'
import type { BundleAnswer } from './types.js'
import { sendAtTimestamp } from './testing/sendAtTimestamp.js'
import { expectOutputsAsExecuted } from './testing/expectOutputsAsExecuted.js'
import { revertDevnet } from '../chain/devnet/revertDevnet.js'

type ServiceOnDevnet = Awaited<ReturnType<typeof startServiceOnDevnet>>

const user: Address = '0x00000000000000000000000000000000000b0d1e'
const other: Address = '0x00000000000000000000000000000000000b0d2e'
const caller = { accountId: `0x${'22'.repeat(32)}` as Hex, keyId: 'test' }
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const factoryAbi = parseAbi(['function createWallet(address owner) returns (address)', 'function walletAddress(address owner) view returns (address)'])
const walletAbi = parseAbi(['function execute(address target, bytes data) payable returns (bytes)'])

let devnet: Devnet
let chain: DevnetChain
let ctx: ServiceOnDevnet['ctx']
let stop: (() => Promise<void>) | undefined
beforeAll(async () => {
  const started = await startServiceOnDevnet()
  ;({ devnet, chain, ctx, stop } = started)
  await devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 21n })
  await chain.client.impersonateAccount({ address: user })
}, 120_000)
afterAll(async () => {
  await stop?.()
})
let snap: Hex
beforeEach(async () => {
  snap = await chain.client.snapshot()
})
afterEach(async () => {
  await revertDevnet(chain.client, snap)
})

const tok = (s: string) => chain.addressBook.tokens[s]!.address
const book = () => chain.addressBook as typeof chain.addressBook & { aaveV3: { pool: Address; reserves: { asset: Address; aToken: Address; variableDebtToken: Address; symbol: string }[] } }
const balance = (token: Address, who: Address) =>
  token === NATIVE ? chain.client.getBalance({ address: who }) : chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
const bundle = (params: Record<string, unknown>, actions: unknown[]) => getBundle(ctx, { params: { chainId: 1, ...params }, actions }, { caller })

async function mined(hash: Hex) {
  const receipt = await chain.client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

/** Sends the answer's approvals, then its tx with exactly `gas` as the limit. */
async function sendAsEoa(answer: BundleAnswer) {
  for (const a of answer.approvals) await mined(await chain.client.sendTransaction({ account: user, to: a.to as Address, data: a.data, chain: chain.client.chain }))
  const receipt = await mined(await chain.client.sendTransaction({ account: user, to: answer.tx.to as Address, data: answer.tx.data, value: BigInt(answer.tx.value), gas: BigInt(answer.gas), chain: chain.client.chain }))
  expect(receipt.blockNumber).toBe(BigInt(answer.createdAt) + 1n + BigInt(answer.approvals.length))
  await expectOutputsAsExecuted(chain.client, answer, receipt.transactionHash)
  return receipt
}

async function createWallet(): Promise<Address> {
  const sy = chain.addressBook.switchyard as unknown as { smartWalletFactory: Address }
  await mined(await chain.client.writeContract({ address: sy.smartWalletFactory, abi: factoryAbi, functionName: 'createWallet', args: [user], account: user, chain: chain.client.chain }))
  return chain.client.readContract({ address: sy.smartWalletFactory, abi: factoryAbi, functionName: 'walletAddress', args: [user] })
}

async function sendThroughWallet(wallet: Address, answer: BundleAnswer) {
  const receipt = await mined(await chain.client.writeContract({ address: wallet, abi: walletAbi, functionName: 'execute', args: [answer.tx.to as Address, answer.tx.data], account: user, chain: chain.client.chain, gas: BigInt(answer.gas) + 50_000n }))
  await expectOutputsAsExecuted(chain.client, answer, receipt.transactionHash)
  return receipt
}

describe('bundles under the router strategy, executed by an EOA', () => {
  test('uniswap-v2 swap then a slippage check on its output: the receiver gets exactly amountsOut; gas works as the limit', async () => {
    const amountIn = 3_000n * 10n ** 6n
    await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: amountIn })
    const answer = await bundle({ fromAddress: user, receiver: other }, [
      { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('USDC'), tokenOut: tok('WETH'), amountIn: amountIn.toString(), primaryAddress: chain.addressBook.uniswapV2.router02 } },
      { protocol: 'enso', action: 'slippage', args: { bps: '100', amountOut: { useOutputOfCallAt: 0 } } },
    ])
    expect(answer.tx.to).toBe(chain.addressBook.switchyard!.router)
    expect(answer.approvals.map((a) => a.token)).toEqual([tok('USDC')])
    expect(answer.route.map((s) => s.protocol)).toEqual(['uniswap-v2'])
    const before = await balance(tok('WETH'), other)
    await sendAsEoa(answer)
    const delta = (await balance(tok('WETH'), other)) - before
    expect(delta).toBeGreaterThan(0n)
    expect(delta).toBe(BigInt(answer.amountsOut[tok('WETH')]!))
    expect(delta).toBeGreaterThanOrEqual(BigInt(answer.minAmountsOut[tok('WETH')]!))
    const sy = chain.addressBook.switchyard!
    for (const t of [tok('USDC'), tok('WETH')]) expect(await balance(t, sy.executor as Address)).toBe(0n)
  })

  test('enso route, math on its output, then a transfer of part of it: references wire amounts at execution time', async () => {
    const amountIn = 2n * 10n ** 18n
    const answer = await bundle({ fromAddress: user }, [
      { protocol: 'enso', action: 'route', args: { tokenIn: NATIVE, tokenOut: tok('USDC'), amountIn: amountIn.toString() } },
      { protocol: 'math', action: 'div', args: { amountA: { useOutputOfCallAt: 0 }, amountB: '4' } },
      { protocol: 'erc20', action: 'transfer', args: { token: tok('USDC'), receiver: other, amount: { useOutputOfCallAt: 1 } } },
    ])
    expect(answer.tx.value).toBe(amountIn.toString())
    const [userBefore, otherBefore] = [await balance(tok('USDC'), user), await balance(tok('USDC'), other)]
    await sendAsEoa(answer)
    const toOther = (await balance(tok('USDC'), other)) - otherBefore
    const toUser = (await balance(tok('USDC'), user)) - userBefore
    expect(toOther + toUser).toBe(BigInt(answer.amountsOut[tok('USDC')]!))
    expect(toOther).toBe((toOther + toUser) / 4n)
    // Every action's output, read back from the final weiroll state of the simulation.
    expect(answer.actionOutputs).toEqual([[(toOther + toUser).toString()], [toOther.toString()], [toOther.toString()]])
  })
})

test('router: a fee-on-transfer token pulled as an input is spent as it arrived (1 % less), in a route and a pool swap; the receiver gets exactly amountsOut', async () => {
  // The router pulls what the actions spend, the tax burns 1 % on the way into our executor, and the
  // last spend of the token asked for more than arrived: every such bundle used to be a 400.
  const sy = chain.addressBook.switchyard!
  for (const actions of [
    [{ protocol: 'enso', action: 'route', args: { tokenIn: tok('FOT'), tokenOut: tok('WETH'), amountIn: (1_000n * 10n ** 18n).toString() } }],
    [
      { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('FOT'), tokenOut: tok('WETH'), amountIn: (400n * 10n ** 18n).toString(), primaryAddress: chain.addressBook.uniswapV2.router02 } },
      { protocol: 'enso', action: 'route', args: { tokenIn: tok('FOT'), tokenOut: tok('USDC'), amountIn: (600n * 10n ** 18n).toString() } },
    ],
  ]) {
    await devnet.fund({ chainId: 1, address: user, token: 'FOT', amount: 1_000n * 10n ** 18n })
    const answer = await bundle({ fromAddress: user, receiver: other }, actions)
    expect(answer.approvals.map((a) => a.token)).toEqual([tok('FOT')])
    const outs = Object.keys(answer.amountsOut) as Address[]
    const before = await Promise.all(outs.map((t) => balance(t, other)))
    const fotBefore = await balance(tok('FOT'), user)
    await sendAsEoa(answer)
    for (const [i, t] of outs.entries()) expect((await balance(t, other)) - before[i]!, t).toBe(BigInt(answer.amountsOut[t]!))
    expect(BigInt(answer.amountsOut[tok('WETH')]!)).toBeGreaterThan(0n)
    expect(fotBefore - (await balance(tok('FOT'), user))).toBe(1_000n * 10n ** 18n)
    for (const t of [tok('FOT'), tok('WETH'), tok('USDC')]) expect(await balance(t, sy.executor as Address)).toBe(0n)
  }
})

test("erc20 transfer with the ERC-721 form's tokenId (the vendor's sample sends one): tokenId is ignored, the amount moves", async () => {
  const amount = 1_234n * 10n ** 6n
  await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount })
  const answer = await bundle({ fromAddress: user }, [
    { protocol: 'erc20', action: 'transfer', args: { token: tok('USDC'), receiver: other, amount: amount.toString(), tokenId: '1234' } },
  ])
  const before = await balance(tok('USDC'), other)
  await sendAsEoa(answer)
  expect((await balance(tok('USDC'), other)) - before).toBe(amount)
})

describe('bundles under the delegate strategy, through a real smart wallet', () => {
  test('aave-v3 deposit WETH, borrow USDC against it, repay part: balances and debt move as the answer says', async () => {
    const wallet = await createWallet()
    await devnet.fund({ chainId: 1, address: wallet, token: 'WETH', amount: 2n * 10n ** 18n })
    const pool = book().aaveV3.pool
    const usdcReserve = book().aaveV3.reserves.find((r) => r.asset.toLowerCase() === tok('USDC').toLowerCase())!
    const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'aave-v3', action: 'deposit', args: { tokenIn: tok('WETH'), amountIn: (10n ** 18n).toString(), primaryAddress: pool } },
      { protocol: 'aave-v3', action: 'borrow', args: { collateral: tok('WETH'), tokenOut: tok('USDC'), amountOut: '1000000000', primaryAddress: pool } },
      { protocol: 'aave-v3', action: 'repay', args: { tokenIn: tok('USDC'), amountIn: '400000000', primaryAddress: pool } },
    ])
    expect(answer.tx.to).toBe((chain.addressBook.switchyard as unknown as { delegate: Address }).delegate)
    // The wallet spends its own tokens: nothing to approve.
    expect(answer.approvals).toEqual([])
    await sendThroughWallet(wallet, answer)
    expect(await balance(tok('USDC'), wallet)).toBe(600_000_000n)
    expect(await balance(tok('WETH'), wallet)).toBe(10n ** 18n)
    const debt = await balance(usdcReserve.variableDebtToken, wallet)
    // The debt token reports the scaled balance times the borrow index, rounded half-up both ways (as in
    // seedAaveV3.test.ts): 1,000 borrowed and 400 repaid in one transaction read as 600 USDC ± 1 wei, plus
    // at most one more wei of interest.
    expect(debt).toBeGreaterThanOrEqual(600_000_000n - 1n)
    expect(debt).toBeLessThanOrEqual(600_000_002n)
  })

  test('a fee-on-transfer token: the plan\'s checks against the quote are measured first, and the wallet gets exactly amountsOut', async () => {
    // The engine quotes FOT without its 1 % transfer tax: a routed output checked against that quote
    // (less slippage) failed its own MinAmountOutNotMet, so every delegate bundle through FOT reverted.
    const wallet = await createWallet()
    await devnet.fund({ chainId: 1, address: wallet, token: 'FOT', amount: 2_000n * 10n ** 18n })
    await devnet.fund({ chainId: 1, address: wallet, token: 'WETH', amount: 10n ** 18n })
    for (const actions of [
      [{ protocol: 'enso', action: 'route', args: { tokenIn: tok('FOT'), tokenOut: tok('WETH'), amountIn: (1_000n * 10n ** 18n).toString() } }],
      [
        { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('WETH'), tokenOut: tok('FOT'), amountIn: (10n ** 17n).toString(), primaryAddress: chain.addressBook.uniswapV2.router02 } },
        { protocol: 'enso', action: 'slippage', args: { bps: '100', amountOut: { useOutputOfCallAt: 0 } } },
      ],
    ]) {
      const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, actions)
      const [[token, promised]] = Object.entries(answer.amountsOut) as [[Address, string]]
      const before = await balance(token, wallet)
      await sendThroughWallet(wallet, answer)
      expect((await balance(token, wallet)) - before).toBe(BigInt(promised))
    }
  })

  test('a wallet already holding part of the input: the simulation counts what it holds, and the bundle spends it all', async () => {
    const wallet = await createWallet()
    await devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 1_000n * 10n ** 6n })
    const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('USDC'), tokenOut: tok('WETH'), amountIn: '2000000000', primaryAddress: chain.addressBook.uniswapV2.router02 } },
      { protocol: 'enso', action: 'balance', args: { token: tok('USDC') } },
    ])
    // The wallet's 1,000 USDC count towards the 2,000 spent: simulated with only what is missing added
    // on top, the swap goes through and nothing is left.
    expect(answer.actionOutputs![1]).toEqual(['0'])
    // Funding adds: the wallet then holds the 2,000 it spends.
    await devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 1_000n * 10n ** 6n })
    const before = await balance(tok('WETH'), wallet)
    await sendThroughWallet(wallet, answer)
    expect(await balance(tok('USDC'), wallet)).toBe(0n)
    expect((await balance(tok('WETH'), wallet)) - before).toBe(BigInt(answer.amountsOut[tok('WETH')]!))
  })

  test('a borrow beyond the loan-to-value ratio is a 400 with the decoded revert', async () => {
    const wallet = await createWallet()
    const pool = book().aaveV3.pool
    await expect(bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'aave-v3', action: 'deposit', args: { tokenIn: tok('WETH'), amountIn: (10n ** 18n).toString(), primaryAddress: pool } },
      { protocol: 'aave-v3', action: 'borrow', args: { tokenOut: tok('USDC'), amountOut: '100000000000', primaryAddress: pool } },
    ])).rejects.toMatchObject({ code: 'SIMULATION_REVERTED' })
  })
})

describe('Uniswap V3 positions through the NonfungiblePositionManager', () => {
  const npmAbi = parseAbi([
    'function balanceOf(address) view returns (uint256)',
    'function tokenOfOwnerByIndex(address, uint256) view returns (uint256)',
    'function positions(uint256) view returns (uint96, address, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256, uint256, uint128, uint128)',
    'function ownerOf(uint256) view returns (address)',
    'function getApproved(uint256) view returns (address)',
  ])
  const poolAbi = parseAbi(['function slot0() view returns (uint160, int24 tick, uint16, uint16, uint16, uint8, bool)'])
  const USDC_WETH_500: Address = '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640'
  /** A new smart wallet holding what one position mint below takes: 3,000 USDC and 1 WETH. */
  const walletWithMintFunds = async () => {
    const wallet = await createWallet()
    await devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 3_000n * 10n ** 6n })
    await devnet.fund({ chainId: 1, address: wallet, token: 'WETH', amount: 10n ** 18n })
    return wallet
  }
  const ticksAround = async () => {
    const [, tick] = await chain.client.readContract({ address: USDC_WETH_500, abi: poolAbi, functionName: 'slot0' })
    const base = Math.floor(tick / 10) * 10
    return [base - 600, base + 600]
  }

  test('depositclmm under the router: the receiver gets the NFT, the executor keeps nothing, unused tokens are refunded', async () => {
    const npm = chain.addressBook.uniswapV3.positionManager
    await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 5_000n * 10n ** 6n })
    await devnet.fund({ chainId: 1, address: user, token: 'WETH', amount: 2n * 10n ** 18n })
    const answer = await bundle({ fromAddress: user, receiver: other }, [
      { protocol: 'uniswap-v3', action: 'depositclmm', args: { tokenOut: npm, tokenIn: [tok('USDC'), tok('WETH')], amountIn: ['3000000000', '1000000000000000000'], ticks: await ticksAround(), poolFee: '500' } },
    ])
    expect(answer.amountsOut[npm]).toBe('1')
    const nftBefore = await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [other] })
    const [usdcBefore, wethBefore] = [await balance(tok('USDC'), user), await balance(tok('WETH'), user)]
    await sendAsEoa(answer)
    expect(await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [other] })).toBe(nftBefore + 1n)
    const tokenId = await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'tokenOfOwnerByIndex', args: [other, nftBefore] })
    const position = await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'positions', args: [tokenId] })
    expect(position[7]).toBeGreaterThan(0n)
    const spentUsdc = usdcBefore - (await balance(tok('USDC'), user))
    const spentWeth = wethBefore - (await balance(tok('WETH'), user))
    // One side is used (up to the pool's rounding), the other only as far as the price needs; the rest came back.
    expect(spentUsdc * 10_000n >= 3_000_000_000n * 9_999n || spentWeth * 10_000n >= 10n ** 18n * 9_999n).toBe(true)
    expect(spentUsdc <= 3_000_000_000n && spentWeth <= 10n ** 18n).toBe(true)
    // Every output against the chain: [liquidity, amount0, amount1, tokenId] (token0 = USDC, token1 = WETH).
    expect(answer.actionOutputs).toEqual([[position[7], spentUsdc, spentWeth, tokenId].map(String)])
    const sy = chain.addressBook.switchyard!
    for (const t of [tok('USDC'), tok('WETH')]) expect(await balance(t, sy.executor as Address)).toBe(0n)
  })

  test('a wallet mints a position, then redeemclmm removes all its liquidity and collects both tokens', async () => {
    const npm = chain.addressBook.uniswapV3.positionManager
    const wallet = await walletWithMintFunds()
    const mint = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'uniswap-v3', action: 'depositclmm', args: { tokenOut: npm, tokenIn: [tok('USDC'), tok('WETH')], amountIn: ['3000000000', '1000000000000000000'], ticks: await ticksAround(), poolFee: '500' } },
    ])
    await sendThroughWallet(wallet, mint)
    const tokenId = await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'tokenOfOwnerByIndex', args: [wallet, 0n] })
    const liquidity = (await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'positions', args: [tokenId] }))[7]
    const [usdcBefore, wethBefore] = [await balance(tok('USDC'), wallet), await balance(tok('WETH'), wallet)]
    const redeem = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'uniswap-v3', action: 'redeemclmm', args: { tokenIn: npm, tokenOut: [tok('WETH'), tok('USDC')], liquidity: liquidity.toString(), tokenId: tokenId.toString() } },
    ])
    await sendThroughWallet(wallet, redeem)
    expect((await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'positions', args: [tokenId] }))[7]).toBe(0n)
    const gotUsdc = (await balance(tok('USDC'), wallet)) - usdcBefore
    const gotWeth = (await balance(tok('WETH'), wallet)) - wethBefore
    expect(gotUsdc).toBe(BigInt(redeem.amountsOut[tok('USDC')]!))
    expect(gotWeth).toBe(BigInt(redeem.amountsOut[tok('WETH')]!))
    expect(gotUsdc + gotWeth).toBeGreaterThan(0n)
    // Both outputs against the chain: [amount0, amount1] of the pool's order (token0 = USDC).
    expect(redeem.actionOutputs).toEqual([[gotUsdc, gotWeth].map(String)])
  })

  test('erc721 transfer: a wallet mints a position and sends the NFT on in the same bundle, by reference to the tokenId the mint returned', async () => {
    const npm = chain.addressBook.uniswapV3.positionManager
    const wallet = await walletWithMintFunds()
    const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'uniswap-v3', action: 'depositclmm', args: { tokenOut: npm, tokenIn: [tok('USDC'), tok('WETH')], amountIn: ['3000000000', '1000000000000000000'], ticks: await ticksAround(), poolFee: '500' } },
      { protocol: 'erc721', action: 'transfer', args: { token: npm, receiver: other, tokenId: { useOutputOfCallAt: 0, index: 3 } } },
    ])
    const otherBefore = await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [other] })
    await sendThroughWallet(wallet, answer)
    const tokenId = BigInt(answer.actionOutputs![1]![0]!)
    expect(answer.actionOutputs![0]![3]).toBe(tokenId.toString())
    expect(await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'ownerOf', args: [tokenId] })).toBe(getAddress(other))
    expect(await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [other] })).toBe(otherBefore + 1n)
    expect(await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [wallet] })).toBe(0n)
    expect((await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'positions', args: [tokenId] }))[7]).toBeGreaterThan(0n)
    // Minted to the wallet (+1) and sent on (+1 at the other address, -1 at the wallet).
    expect(answer.amountsOut[npm]).toBe('1')
  })

  test('erc721 approve: the wallet approves a spender for its position; safeTransferFrom refuses a contract that cannot hold NFTs (400, nothing sent)', async () => {
    const npm = chain.addressBook.uniswapV3.positionManager
    const wallet = await walletWithMintFunds()
    await sendThroughWallet(wallet, await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'uniswap-v3', action: 'depositclmm', args: { tokenOut: npm, tokenIn: [tok('USDC'), tok('WETH')], amountIn: ['3000000000', '1000000000000000000'], ticks: await ticksAround(), poolFee: '500' } },
    ]))
    const tokenId = await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'tokenOfOwnerByIndex', args: [wallet, 0n] })
    await sendThroughWallet(wallet, await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'erc721', action: 'approve', args: { token: npm, spender: other, tokenId: tokenId.toString() } },
    ]))
    expect(await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'getApproved', args: [tokenId] })).toBe(getAddress(other))
    // A contract without onERC721Received: a plain transferFrom would lock the NFT there.
    const noHook = loadContractArtifact('MockVmTarget')
    const deployed = await chain.client.waitForTransactionReceipt({ hash: await chain.client.deployContract({ abi: noHook.abi, bytecode: noHook.bytecode, account: user, chain: chain.client.chain }) })
    await expect(bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'erc721', action: 'transfer', args: { token: npm, receiver: deployed.contractAddress!, tokenId: tokenId.toString() } },
    ])).rejects.toMatchObject({ code: 'SIMULATION_REVERTED' })
    expect(await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'ownerOf', args: [tokenId] })).toBe(getAddress(wallet))
  })

  test('erc721 transferfrom: the wallet pulls a position its owner approved it for into itself', async () => {
    const npm = chain.addressBook.uniswapV3.positionManager
    await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 3_000n * 10n ** 6n })
    await devnet.fund({ chainId: 1, address: user, token: 'WETH', amount: 10n ** 18n })
    const mint = await bundle({ fromAddress: user }, [
      { protocol: 'uniswap-v3', action: 'depositclmm', args: { tokenOut: npm, tokenIn: [tok('USDC'), tok('WETH')], amountIn: ['3000000000', '1000000000000000000'], ticks: await ticksAround(), poolFee: '500' } },
    ])
    const owned = await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [user] })
    await sendAsEoa(mint)
    const tokenId = await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'tokenOfOwnerByIndex', args: [user, owned] })
    const wallet = await createWallet()
    await mined(await chain.client.writeContract({ address: npm, abi: parseAbi(['function approve(address, uint256)']), functionName: 'approve', args: [wallet, tokenId], account: user, chain: chain.client.chain }))
    const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'erc721', action: 'transferfrom', args: { token: npm, sender: user, receiver: wallet, tokenId: tokenId.toString() } },
    ])
    expect(answer.amountsOut[npm]).toBe('1')
    await sendThroughWallet(wallet, answer)
    expect(await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'ownerOf', args: [tokenId] })).toBe(getAddress(wallet))
    expect(answer.actionOutputs).toEqual([[tokenId.toString()]])
  })

  test("a wallet's bundle for another receiver: depositclmm mints the NFT to that receiver (it cannot be swept as an ERC-20 gain)", async () => {
    const npm = chain.addressBook.uniswapV3.positionManager
    const wallet = await walletWithMintFunds()
    const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate', receiver: other }, [
      { protocol: 'uniswap-v3', action: 'depositclmm', args: { tokenOut: npm, tokenIn: [tok('USDC'), tok('WETH')], amountIn: ['3000000000', '1000000000000000000'], ticks: await ticksAround(), poolFee: '500' } },
    ])
    const otherBefore = await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [other] })
    await sendThroughWallet(wallet, answer)
    expect(await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [other] })).toBe(otherBefore + 1n)
    expect(await chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [wallet] })).toBe(0n)
    expect(answer.amountsOut[npm]).toBe('1')
  })

  test('NFTs under the router: a position minted to our executor and erc721 transferfrom are refused', async () => {
    const npm = chain.addressBook.uniswapV3.positionManager
    const executor = chain.addressBook.switchyard!.executor as Address
    await expect(bundle({ fromAddress: user }, [
      { protocol: 'uniswap-v3', action: 'depositclmm', args: { tokenOut: npm, tokenIn: [tok('USDC'), tok('WETH')], amountIn: ['3000000000', '1000000000000000000'], ticks: await ticksAround(), poolFee: '500', receiver: executor } },
    ])).rejects.toMatchObject({ code: 'INVALID_RECEIVER' })
    await expect(bundle({ fromAddress: user }, [
      { protocol: 'erc721', action: 'transfer', args: { token: npm, receiver: executor, tokenId: '1' } },
    ])).rejects.toMatchObject({ code: 'INVALID_RECEIVER' })
    await expect(bundle({ fromAddress: user }, [
      { protocol: 'erc721', action: 'transferfrom', args: { token: npm, receiver: other, tokenId: '1', sender: user } },
    ])).rejects.toMatchObject({ code: 'DELEGATE_ONLY' })
  })

  test('redeemclmm under the router is refused: the position belongs to the wallet', async () => {
    const npm = chain.addressBook.uniswapV3.positionManager
    await expect(bundle({ fromAddress: user }, [
      { protocol: 'uniswap-v3', action: 'redeemclmm', args: { tokenIn: npm, tokenOut: [tok('WETH'), tok('USDC')], liquidity: '1', tokenId: '1' } },
    ])).rejects.toMatchObject({ code: 'DELEGATE_ONLY' })
  })
})

describe('harvest', () => {
  test('a wallet supplies USDC to Aave, time passes, harvest claims its AAVE rewards exactly as answered', async () => {
    const wallet = await createWallet()
    const pool = book().aaveV3.pool
    const usdc = book().aaveV3.reserves.find((r) => r.asset.toLowerCase() === tok('USDC').toLowerCase())! as { aToken: Address; rewards?: { token: Address; reward: Address }[] }
    const reward = usdc.rewards![0]!
    await devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 1_000_000n * 10n ** 6n })
    await sendThroughWallet(wallet, await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'aave-v3', action: 'deposit', args: { tokenIn: tok('USDC'), amountIn: '1000000000000', primaryAddress: pool } },
    ]))
    await advanceDevnetClock(chain.client, 86_400)
    const controller = (chain.addressBook.aaveV3 as { rewardsController: Address }).rewardsController
    const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'aave-v3', action: 'harvest', args: { token: usdc.aToken, primaryAddress: controller } },
    ])
    const before = await balance(reward.reward, wallet)
    // Rewards accrue per second: simulated in a block one second after the snapshot's, mined so here.
    await setNextBlockOneSecondLater(chain.client)
    await sendThroughWallet(wallet, answer)
    const got = (await balance(reward.reward, wallet)) - before
    expect(got).toBeGreaterThan(0n)
    expect(got).toBe(BigInt(answer.amountsOut[reward.reward]!))
    await expect(bundle({ fromAddress: wallet }, [{ protocol: 'aave-v3', action: 'harvest', args: { token: usdc.aToken, primaryAddress: controller } }])).rejects.toMatchObject({ code: 'DELEGATE_ONLY' })
  })
})

describe('references are wired at execution time, not pasted from the quote', () => {
  test('the price moves in our favour before the bundle runs: the transfer sends what the swap really produced, more than quoted', async () => {
    const pair: Address = '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc'
    const mover: Address = '0x00000000000000000000000000000000000b0d3e'
    await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 3_000n * 10n ** 6n })
    const answer = await bundle({ fromAddress: user, slippage: '1000' }, [
      { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('USDC'), tokenOut: tok('WETH'), amountIn: '3000000000', primaryAddress: pair } },
      { protocol: 'erc20', action: 'transfer', args: { token: tok('WETH'), receiver: other, amount: { useOutputOfCallAt: 0 } } },
    ])
    const quoted = BigInt(answer.actionOutputs![0]![0]!)
    // Someone sells WETH into the same pair first: WETH gets cheaper, our swap yields more.
    await devnet.fund({ chainId: 1, address: mover, token: 'WETH', amount: 50n * 10n ** 18n })
    await devnet.fund({ chainId: 1, address: mover, token: 'ETH', amount: 10n ** 18n })
    await chain.client.impersonateAccount({ address: mover })
    const router = chain.addressBook.uniswapV2.router02
    const routerAbi = parseAbi(['function swapExactTokensForTokens(uint256,uint256,address[],address,uint256) returns (uint256[])'])
    await mined(await chain.client.writeContract({ address: tok('WETH'), abi: erc20Abi, functionName: 'approve', args: [router, 50n * 10n ** 18n], account: mover, chain: chain.client.chain }))
    await mined(await chain.client.writeContract({ address: router, abi: routerAbi, functionName: 'swapExactTokensForTokens', args: [50n * 10n ** 18n, 0n, [tok('WETH'), tok('USDC')], mover, 2n ** 40n], account: mover, chain: chain.client.chain }))
    for (const a of answer.approvals) await mined(await chain.client.sendTransaction({ account: user, to: a.to as Address, data: a.data, chain: chain.client.chain }))
    const before = await balance(tok('WETH'), other)
    await mined(await chain.client.sendTransaction({ account: user, to: answer.tx.to as Address, data: answer.tx.data, value: 0n, gas: BigInt(answer.gas) + 100_000n, chain: chain.client.chain }))
    const sent = (await balance(tok('WETH'), other)) - before
    expect(sent).toBeGreaterThan(quoted)
    // Nothing of the extra WETH stayed behind or went elsewhere: the transfer took the swap's real output.
    expect(await balance(tok('WETH'), user)).toBe(0n)
    expect(await balance(tok('WETH'), chain.addressBook.switchyard!.executor as Address)).toBe(0n)
  })
})

describe('single flight', () => {
  test('identical bundles on one block share one build and simulation; each answer has its own requestId', async () => {
    const actions = [
      { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('USDC'), tokenOut: tok('WETH'), amountIn: '1234000000', primaryAddress: chain.addressBook.uniswapV2.router02 } },
    ]
    const before = ctx.engine.stats().completed
    const answers = await Promise.all(Array.from({ length: 8 }, () => bundle({ fromAddress: user }, actions)))
    expect(ctx.engine.stats().completed - before).toBe(1)
    expect(new Set(answers.map((a) => a.amountsOut[tok('WETH')])).size).toBe(1)
    expect(new Set(answers.map((a) => a.tx.data)).size).toBe(8)
  })
})

describe('values only execution knows: the prefix is simulated first', () => {
  test('a call returns the wallet\'s USDC balance and a route spends exactly it (delegate)', async () => {
    const wallet = await createWallet()
    await devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 2_500n * 10n ** 6n })
    const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'enso', action: 'call', args: { address: tok('USDC'), method: 'balanceOf', abi: 'function balanceOf(address) view returns (uint256)', args: [wallet] } },
      { protocol: 'enso', action: 'route', args: { tokenIn: tok('USDC'), tokenOut: tok('WETH'), amountIn: { useOutputOfCallAt: 0 } } },
    ])
    expect(answer.actionOutputs![0]).toEqual(['2500000000'])
    const before = await balance(tok('WETH'), wallet)
    await sendThroughWallet(wallet, answer)
    expect(await balance(tok('USDC'), wallet)).toBe(0n)
    expect((await balance(tok('WETH'), wallet)) - before).toBe(BigInt(answer.amountsOut[tok('WETH')]!))
  })

  test('the vendor\'s call → balance → route pattern: WETH.deposit() fills a balance that is then routed (router)', async () => {
    const answer = await bundle({ fromAddress: user }, [
      { protocol: 'enso', action: 'call', args: { address: tok('WETH'), method: 'deposit', abi: 'function deposit() payable', args: [], value: '1000000000000000000', tokenOut: tok('WETH') } },
      { protocol: 'enso', action: 'balance', args: { token: tok('WETH') } },
      { protocol: 'enso', action: 'route', args: { tokenIn: tok('WETH'), tokenOut: tok('USDC'), amountIn: { useOutputOfCallAt: 1 } } },
    ])
    expect(answer.tx.value).toBe('1000000000000000000')
    // Only the ETH comes from the sender: the WETH the call yields is not pulled a second time.
    expect(answer.approvals).toEqual([])
    expect(answer.actionOutputs![1]).toEqual(['1000000000000000000'])
    const before = await balance(tok('USDC'), user)
    await sendAsEoa(answer)
    expect((await balance(tok('USDC'), user)) - before).toBe(BigInt(answer.amountsOut[tok('USDC')]!))
    expect(await balance(tok('WETH'), chain.addressBook.switchyard!.executor as Address)).toBe(0n)
  })
})

describe('referral code', () => {
  test('a bundle with referralCode: the executed tx emits ShortcutExecuted with the caller\'s accountId and the code', async () => {
    await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 1_000n * 10n ** 6n })
    const answer = await bundle({ fromAddress: user, referralCode: 'yard' }, [
      { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('USDC'), tokenOut: tok('WETH'), amountIn: '1000000000', primaryAddress: chain.addressBook.uniswapV2.router02 } },
    ])
    const receipt = await sendAsEoa(answer)
    const [event] = parseEventLogs({ abi: switchyardExecutorAbi, logs: receipt.logs, eventName: 'ShortcutExecuted' })
    expect(event?.args.accountId).toBe(caller.accountId)
    expect(parseRequestId(event!.args.requestId).referralCode).toBe('yard')
  })
})

describe('refusals before any build', () => {
  const swap = (args: Record<string, unknown> = {}) => ({ protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('USDC'), tokenOut: tok('WETH'), amountIn: '1000000000', primaryAddress: chain.addressBook.uniswapV2.router02, ...args } })

  test('a chain this deployment does not serve is UNSUPPORTED_CHAIN naming chainId', async () => {
    await expect(bundle({ chainId: 4242, fromAddress: user }, [swap()])).rejects.toMatchObject({ code: 'UNSUPPORTED_CHAIN', details: 'chainId' })
  })

  test('the legacy strategies are INVALID_STRATEGY naming routingStrategy', async () => {
    for (const routingStrategy of ['router-legacy', 'delegate-legacy']) {
      await expect(bundle({ fromAddress: user, routingStrategy }, [swap()])).rejects.toMatchObject({ code: 'INVALID_STRATEGY', issues: [{ field: 'routingStrategy' }] })
    }
  })

  test('each receiving field is checked: our contracts and the moved tokens are refused, naming the field', async () => {
    const sy = chain.addressBook.switchyard!
    const issueOf = (p: Record<string, unknown>, actions: unknown[] = [swap()]) =>
      bundle({ fromAddress: user, ...p }, actions).then(() => undefined, (e: { code: string; issues?: { field: string }[] }) => `${e.code}:${e.issues?.[0]?.field}`)
    expect(await issueOf({ receiver: sy.router })).toBe('INVALID_RECEIVER:receiver')
    expect(await issueOf({ refundReceiver: sy.executor })).toBe('INVALID_RECEIVER:refundReceiver')
    expect(await issueOf({ receiver: tok('WETH') })).toBe('RECEIVER_IS_TOKEN_CONTRACT:receiver')
    expect(await issueOf({}, [{ protocol: 'erc20', action: 'transfer', args: { token: tok('USDC'), receiver: '0x0000000000000000000000000000000000000004', amount: '1' } }])).toMatch(/:actions\[0\]\.args\.receiver$/)
    expect(await issueOf({ fromAddress: '0x0000000000000000000000000000000000000004' })).toBe('SENDER_IS_PRECOMPILE:fromAddress')
  })

  test('a token with no code on the chain is NO_ROUTE naming it, before any build', async () => {
    const ghost: Address = '0x00000000000000000000000000000000000b0dff'
    const before = ctx.engine.stats().completed
    await expect(bundle({ fromAddress: user }, [swap({ tokenOut: ghost })])).rejects.toMatchObject({ code: 'NO_ROUTE', details: expect.stringContaining('has no code') })
    expect(ctx.engine.stats().completed).toBe(before)
  })
})

describe('the plan\'s deadline', () => {
  test('a uniswap-v2 Router02 swap bundle runs until one hour after the answer, and reverts once the chain is past that', async () => {
    await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 1_000n * 10n ** 6n })
    const answer = await bundle({ fromAddress: user }, [
      { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: tok('USDC'), tokenOut: tok('WETH'), amountIn: '1000000000', primaryAddress: chain.addressBook.uniswapV2.router02 } },
    ])
    for (const a of answer.approvals) await mined(await chain.client.sendTransaction({ account: user, to: a.to as Address, data: a.data, chain: chain.client.chain }))
    const now = BigInt(Math.floor(Date.now() / 1000))
    const sendAt = (timestamp: bigint) => sendAtTimestamp(chain.client, { account: user, tx: answer.tx, gas: answer.gas, timestamp })
    const inTime = await chain.client.snapshot()
    expect(await sendAt(now + 3_000n)).toBe('success')
    await chain.client.revert({ id: inTime })
    expect(await sendAt(now + 3_700n)).toBe('reverted')
  })
})
