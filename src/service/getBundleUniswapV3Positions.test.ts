/**
 * `getBundle` with Uniswap V3 positions through the NonfungiblePositionManager on the devnet, executed for
 * real: depositclmm and redeemclmm, erc721 transfer, approve and transferfrom, under the router and in a
 * smart wallet, and what the router refuses.
 */
import { getAddress, parseAbi, type Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { loadContractArtifact } from '../contracts/loadContractArtifact.js'
import { useGetBundleTestbed } from './testing/useGetBundleTestbed.js'

const testbed = useGetBundleTestbed()
const { user, other, tok, balance, bundle, mined, sendAsEoa, createWallet, sendThroughWallet } = testbed

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
    await testbed.devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 3_000n * 10n ** 6n })
    await testbed.devnet.fund({ chainId: 1, address: wallet, token: 'WETH', amount: 10n ** 18n })
    return wallet
  }
  const ticksAround = async () => {
    const [, tick] = await testbed.chain.client.readContract({ address: USDC_WETH_500, abi: poolAbi, functionName: 'slot0' })
    const base = Math.floor(tick / 10) * 10
    return [base - 600, base + 600]
  }

  test('depositclmm under the router: the receiver gets the NFT, the executor keeps nothing, unused tokens are refunded', async () => {
    const npm = testbed.chain.addressBook.uniswapV3.positionManager
    await testbed.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 5_000n * 10n ** 6n })
    await testbed.devnet.fund({ chainId: 1, address: user, token: 'WETH', amount: 2n * 10n ** 18n })
    const answer = await bundle({ fromAddress: user, receiver: other }, [
      { protocol: 'uniswap-v3', action: 'depositclmm', args: { tokenOut: npm, tokenIn: [tok('USDC'), tok('WETH')], amountIn: ['3000000000', '1000000000000000000'], ticks: await ticksAround(), poolFee: '500' } },
    ])
    expect(answer.amountsOut[npm]).toBe('1')
    const nftBefore = await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [other] })
    const [usdcBefore, wethBefore] = [await balance(tok('USDC'), user), await balance(tok('WETH'), user)]
    await sendAsEoa(answer)
    expect(await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [other] })).toBe(nftBefore + 1n)
    const tokenId = await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'tokenOfOwnerByIndex', args: [other, nftBefore] })
    const position = await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'positions', args: [tokenId] })
    expect(position[7]).toBeGreaterThan(0n)
    const spentUsdc = usdcBefore - (await balance(tok('USDC'), user))
    const spentWeth = wethBefore - (await balance(tok('WETH'), user))
    // One side is used (up to the pool's rounding), the other only as far as the price needs; the rest came back.
    expect(spentUsdc * 10_000n >= 3_000_000_000n * 9_999n || spentWeth * 10_000n >= 10n ** 18n * 9_999n).toBe(true)
    expect(spentUsdc <= 3_000_000_000n && spentWeth <= 10n ** 18n).toBe(true)
    // Every output against the chain: [liquidity, amount0, amount1, tokenId] (token0 = USDC, token1 = WETH).
    expect(answer.actionOutputs).toEqual([[position[7], spentUsdc, spentWeth, tokenId].map(String)])
    const sy = testbed.chain.addressBook.switchyard!
    for (const t of [tok('USDC'), tok('WETH')]) expect(await balance(t, sy.executor as Address)).toBe(0n)
  })

  test('a wallet mints a position, then redeemclmm removes all its liquidity and collects both tokens', async () => {
    const npm = testbed.chain.addressBook.uniswapV3.positionManager
    const wallet = await walletWithMintFunds()
    const mint = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'uniswap-v3', action: 'depositclmm', args: { tokenOut: npm, tokenIn: [tok('USDC'), tok('WETH')], amountIn: ['3000000000', '1000000000000000000'], ticks: await ticksAround(), poolFee: '500' } },
    ])
    await sendThroughWallet(wallet, mint)
    const tokenId = await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'tokenOfOwnerByIndex', args: [wallet, 0n] })
    const liquidity = (await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'positions', args: [tokenId] }))[7]
    const [usdcBefore, wethBefore] = [await balance(tok('USDC'), wallet), await balance(tok('WETH'), wallet)]
    const redeem = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'uniswap-v3', action: 'redeemclmm', args: { tokenIn: npm, tokenOut: [tok('WETH'), tok('USDC')], liquidity: liquidity.toString(), tokenId: tokenId.toString() } },
    ])
    await sendThroughWallet(wallet, redeem)
    expect((await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'positions', args: [tokenId] }))[7]).toBe(0n)
    const gotUsdc = (await balance(tok('USDC'), wallet)) - usdcBefore
    const gotWeth = (await balance(tok('WETH'), wallet)) - wethBefore
    expect(gotUsdc).toBe(BigInt(redeem.amountsOut[tok('USDC')]!))
    expect(gotWeth).toBe(BigInt(redeem.amountsOut[tok('WETH')]!))
    expect(gotUsdc + gotWeth).toBeGreaterThan(0n)
    // Both outputs against the chain: [amount0, amount1] of the pool's order (token0 = USDC).
    expect(redeem.actionOutputs).toEqual([[gotUsdc, gotWeth].map(String)])
  })

  test('erc721 transfer: a wallet mints a position and sends the NFT on in the same bundle, by reference to the tokenId the mint returned', async () => {
    const npm = testbed.chain.addressBook.uniswapV3.positionManager
    const wallet = await walletWithMintFunds()
    const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'uniswap-v3', action: 'depositclmm', args: { tokenOut: npm, tokenIn: [tok('USDC'), tok('WETH')], amountIn: ['3000000000', '1000000000000000000'], ticks: await ticksAround(), poolFee: '500' } },
      { protocol: 'erc721', action: 'transfer', args: { token: npm, receiver: other, tokenId: { useOutputOfCallAt: 0, index: 3 } } },
    ])
    const otherBefore = await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [other] })
    await sendThroughWallet(wallet, answer)
    const tokenId = BigInt(answer.actionOutputs![1]![0]!)
    expect(answer.actionOutputs![0]![3]).toBe(tokenId.toString())
    expect(await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'ownerOf', args: [tokenId] })).toBe(getAddress(other))
    expect(await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [other] })).toBe(otherBefore + 1n)
    expect(await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [wallet] })).toBe(0n)
    expect((await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'positions', args: [tokenId] }))[7]).toBeGreaterThan(0n)
    // Minted to the wallet (+1) and sent on (+1 at the other address, -1 at the wallet).
    expect(answer.amountsOut[npm]).toBe('1')
  })

  test('erc721 approve: the wallet approves a spender for its position; safeTransferFrom refuses a contract that cannot hold NFTs (400, nothing sent)', async () => {
    const npm = testbed.chain.addressBook.uniswapV3.positionManager
    const wallet = await walletWithMintFunds()
    await sendThroughWallet(wallet, await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'uniswap-v3', action: 'depositclmm', args: { tokenOut: npm, tokenIn: [tok('USDC'), tok('WETH')], amountIn: ['3000000000', '1000000000000000000'], ticks: await ticksAround(), poolFee: '500' } },
    ]))
    const tokenId = await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'tokenOfOwnerByIndex', args: [wallet, 0n] })
    await sendThroughWallet(wallet, await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'erc721', action: 'approve', args: { token: npm, spender: other, tokenId: tokenId.toString() } },
    ]))
    expect(await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'getApproved', args: [tokenId] })).toBe(getAddress(other))
    // A contract without onERC721Received: a plain transferFrom would lock the NFT there.
    const noHook = loadContractArtifact('MockVmTarget')
    const deployed = await testbed.chain.client.waitForTransactionReceipt({ hash: await testbed.chain.client.deployContract({ abi: noHook.abi, bytecode: noHook.bytecode, account: user, chain: testbed.chain.client.chain }) })
    await expect(bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'erc721', action: 'transfer', args: { token: npm, receiver: deployed.contractAddress!, tokenId: tokenId.toString() } },
    ])).rejects.toMatchObject({ code: 'SIMULATION_REVERTED' })
    expect(await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'ownerOf', args: [tokenId] })).toBe(getAddress(wallet))
  })

  test('erc721 transferfrom: the wallet pulls a position its owner approved it for into itself', async () => {
    const npm = testbed.chain.addressBook.uniswapV3.positionManager
    await testbed.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 3_000n * 10n ** 6n })
    await testbed.devnet.fund({ chainId: 1, address: user, token: 'WETH', amount: 10n ** 18n })
    const mint = await bundle({ fromAddress: user }, [
      { protocol: 'uniswap-v3', action: 'depositclmm', args: { tokenOut: npm, tokenIn: [tok('USDC'), tok('WETH')], amountIn: ['3000000000', '1000000000000000000'], ticks: await ticksAround(), poolFee: '500' } },
    ])
    const owned = await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [user] })
    await sendAsEoa(mint)
    const tokenId = await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'tokenOfOwnerByIndex', args: [user, owned] })
    const wallet = await createWallet()
    await mined(await testbed.chain.client.writeContract({ address: npm, abi: parseAbi(['function approve(address, uint256)']), functionName: 'approve', args: [wallet, tokenId], account: user, chain: testbed.chain.client.chain }))
    const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'erc721', action: 'transferfrom', args: { token: npm, sender: user, receiver: wallet, tokenId: tokenId.toString() } },
    ])
    expect(answer.amountsOut[npm]).toBe('1')
    await sendThroughWallet(wallet, answer)
    expect(await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'ownerOf', args: [tokenId] })).toBe(getAddress(wallet))
    expect(answer.actionOutputs).toEqual([[tokenId.toString()]])
  })

  test("a wallet's bundle for another receiver: depositclmm mints the NFT to that receiver (it cannot be swept as an ERC-20 gain)", async () => {
    const npm = testbed.chain.addressBook.uniswapV3.positionManager
    const wallet = await walletWithMintFunds()
    const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate', receiver: other }, [
      { protocol: 'uniswap-v3', action: 'depositclmm', args: { tokenOut: npm, tokenIn: [tok('USDC'), tok('WETH')], amountIn: ['3000000000', '1000000000000000000'], ticks: await ticksAround(), poolFee: '500' } },
    ])
    const otherBefore = await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [other] })
    await sendThroughWallet(wallet, answer)
    expect(await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [other] })).toBe(otherBefore + 1n)
    expect(await testbed.chain.client.readContract({ address: npm, abi: npmAbi, functionName: 'balanceOf', args: [wallet] })).toBe(0n)
    expect(answer.amountsOut[npm]).toBe('1')
  })

  test('NFTs under the router: a position minted to our executor and erc721 transferfrom are refused', async () => {
    const npm = testbed.chain.addressBook.uniswapV3.positionManager
    const executor = testbed.chain.addressBook.switchyard!.executor as Address
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
    const npm = testbed.chain.addressBook.uniswapV3.positionManager
    await expect(bundle({ fromAddress: user }, [
      { protocol: 'uniswap-v3', action: 'redeemclmm', args: { tokenIn: npm, tokenOut: [tok('WETH'), tok('USDC')], liquidity: '1', tokenId: '1' } },
    ])).rejects.toMatchObject({ code: 'DELEGATE_ONLY' })
  })
})
