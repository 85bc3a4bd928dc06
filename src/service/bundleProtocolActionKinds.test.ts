import { erc20Abi, maxUint256, parseAbi, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { useBundleHarness } from './testing/startBundleHarness.js'
import type { BundleAnswer } from './types.js'

/**
 * The token and protocol bundle actions not executed elsewhere (erc20, permit2, lido, erc4626 redeem,
 * aave-v3 redeem/withdraw, balancer-v2 and uniswap-v3 swaps on one pool), each executed on the devnet:
 * balances move as `amountsOut` says, and `actionOutputs` match what happened on chain.
 */

const user: Address = '0x00000000000000000000000000000000000ac801'
const other: Address = '0x00000000000000000000000000000000000ac802'
const another: Address = '0x00000000000000000000000000000000000ac803'
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const ONE_ETH = 10n ** 18n
const USDC_1000 = 1_000n * 10n ** 6n

const h = useBundleHarness(user)

const ref = (at: number) => ({ useOutputOfCallAt: at })
const outputs = (answer: BundleAnswer) => answer.actionOutputs!.map((values) => values.map(BigInt))
const out = (answer: BundleAnswer, token: Address) => BigInt(answer.amountsOut[token]!)
const allowance = (token: Address, owner: Address, spender: Address) => h.chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, spender] })
const aave = () => h.chain.addressBook.aaveV3!
const aToken = (asset: Address) => aave().reserves.find((r) => r.asset.toLowerCase() === asset.toLowerCase())!.aToken

/** Runs `send` and returns how much each (token, account) pair gained, in order. */
async function gains<const P extends readonly (readonly [Address, Address])[]>(pairs: P, send: () => Promise<void>): Promise<{ -readonly [K in keyof P]: bigint }> {
  const before = await Promise.all(pairs.map(([t, who]) => h.balance(t, who)))
  await send()
  return (await Promise.all(pairs.map(async ([t, who], i) => (await h.balance(t, who)) - before[i]!))) as { -readonly [K in keyof P]: bigint }
}

describe('erc20 actions, executed', () => {
  test('approve under delegate: the wallet\'s allowances are the given amount, and unlimited without one', async () => {
    const wallet = await h.createWallet()
    const answer = await h.bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'erc20', action: 'approve', args: { token: h.tok('USDC'), spender: other, amount: '123000000' } },
      { protocol: 'erc20', action: 'approve', args: { token: h.tok('DAI'), spender: other } },
    ])
    await h.sendThroughWallet(wallet, answer)
    expect(await allowance(h.tok('USDC'), wallet, other)).toBe(123_000_000n)
    expect(await allowance(h.tok('DAI'), wallet, other)).toBe(maxUint256)
    expect(outputs(answer)).toEqual([[], []])
  })

  test('transfer with an amount sends exactly it; without one it sends the rest of the balance', async () => {
    const answer = await h.bundle({ fromAddress: user }, [
      { protocol: 'enso', action: 'route', args: { tokenIn: NATIVE, tokenOut: h.tok('USDC'), amountIn: ONE_ETH.toString() } },
      { protocol: 'erc20', action: 'transfer', args: { token: h.tok('USDC'), receiver: other, amount: '100000000' } },
      { protocol: 'erc20', action: 'transfer', args: { token: h.tok('USDC'), receiver: another } },
    ])
    const [toOther, toAnother, toUser] = await gains([[h.tok('USDC'), other], [h.tok('USDC'), another], [h.tok('USDC'), user]], () => h.sendAsEoa(answer))
    expect(toOther).toBe(100_000_000n)
    expect(toUser).toBe(0n)
    const routed = toOther + toAnother
    expect(routed).toBe(out(answer, h.tok('USDC')))
    expect(outputs(answer)).toEqual([[routed], [100_000_000n], [toAnother]])
  })

  test('transferfrom under delegate pulls from the EOA (fromAddress) with the allowance it gave its wallet (spender)', async () => {
    const wallet = await h.createWallet()
    await h.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: USDC_1000 })
    await h.chain.client.waitForTransactionReceipt({ hash: await h.chain.client.writeContract({ address: h.tok('USDC'), abi: erc20Abi, functionName: 'approve', args: [wallet, 600_000_000n], account: user, chain: h.chain.client.chain }) })
    const answer = await h.bundle({ fromAddress: user, spender: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'erc20', action: 'transferfrom', args: { token: h.tok('USDC'), receiver: other, amount: '500000000' } },
    ])
    const [fromUser, toOther] = await gains([[h.tok('USDC'), user], [h.tok('USDC'), other]], () => h.sendThroughWallet(wallet, answer))
    expect([fromUser, toOther]).toEqual([-500_000_000n, 500_000_000n])
    expect(out(answer, h.tok('USDC'))).toBe(500_000_000n)
    expect(await allowance(h.tok('USDC'), user, wallet)).toBe(100_000_000n)
    expect(outputs(answer)).toEqual([[500_000_000n]])
  })
})

describe('permit2 permittransferfrom, executed through the signer\'s wallet', () => {
  const factoryAbi = parseAbi(['function createWallet(address owner) returns (address)', 'function walletAddress(address owner) view returns (address)'])
  const walletAbi = parseAbi(['function execute(address target, bytes data) payable returns (bytes)'])

  test('the owner signs a permit naming its wallet as spender; the wallet pulls 1000 USDC and swaps them to WETH, which it keeps', async () => {
    const { client, addressBook } = h.chain
    const owner = privateKeyToAccount(generatePrivateKey())
    const mined = async (hash: Hex) => expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    await h.devnet.fund({ chainId: 1, address: owner.address, token: 'ETH', amount: ONE_ETH })
    await h.devnet.fund({ chainId: 1, address: owner.address, token: 'USDC', amount: USDC_1000 })
    await mined(await client.writeContract({ address: h.tok('USDC'), abi: erc20Abi, functionName: 'approve', args: [addressBook.permit2, maxUint256], account: owner, chain: client.chain }))
    const factory = (addressBook.switchyard as unknown as { smartWalletFactory: Address }).smartWalletFactory
    await mined(await client.writeContract({ address: factory, abi: factoryAbi, functionName: 'createWallet', args: [owner.address], account: user, chain: client.chain }))
    const wallet = await client.readContract({ address: factory, abi: factoryAbi, functionName: 'walletAddress', args: [owner.address] })

    const permit = { permitted: { token: h.tok('USDC'), amount: USDC_1000 }, spender: wallet, nonce: 7n, deadline: BigInt(Math.floor(Date.now() / 1000) + 3_600) }
    const signature = await owner.signTypedData({
      domain: { name: 'Permit2', chainId: 1, verifyingContract: addressBook.permit2 },
      types: {
        PermitTransferFrom: [{ name: 'permitted', type: 'TokenPermissions' }, { name: 'spender', type: 'address' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }],
        TokenPermissions: [{ name: 'token', type: 'address' }, { name: 'amount', type: 'uint256' }],
      },
      primaryType: 'PermitTransferFrom',
      message: permit,
    })
    // fromAddress is the signer (whose funds the permit moves); spender is the wallet that executes and, by default, receives.
    const answer = await h.bundle({ fromAddress: owner.address, spender: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'permit2', action: 'permittransferfrom', args: { token: h.tok('USDC'), amount: USDC_1000.toString(), sender: owner.address, receiver: wallet, nonce: permit.nonce.toString(), deadline: permit.deadline.toString(), signature } },
      { protocol: 'enso', action: 'route', args: { tokenIn: h.tok('USDC'), tokenOut: h.tok('WETH'), amountIn: ref(0) } },
    ])
    expect(answer.tx.to).toBe((addressBook.switchyard as unknown as { delegate: Address }).delegate)
    const pairs = [[h.tok('USDC'), owner.address], [h.tok('WETH'), owner.address], [h.tok('USDC'), wallet], [h.tok('WETH'), wallet]] as const
    const [usdc, weth, walletUsdc, walletWeth] = await gains(pairs, async () =>
      mined(await client.writeContract({ address: wallet, abi: walletAbi, functionName: 'execute', args: [answer.tx.to as Address, answer.tx.data], account: owner, chain: client.chain, gas: BigInt(answer.gas) + 50_000n })),
    )
    expect([usdc, weth, walletUsdc]).toEqual([-USDC_1000, 0n, 0n])
    expect(walletWeth).toBeGreaterThan(ONE_ETH / 4n)
    expect(walletWeth).toBe(out(answer, h.tok('WETH')))
    expect(outputs(answer)).toEqual([[USDC_1000], [walletWeth]])
  })
})

describe('protocol actions, executed', () => {
  test('lido deposit ETH → stETH, then deposit that stETH → wstETH: the EOA receives the wrapped output', async () => {
    const answer = await h.bundle({ fromAddress: user }, [
      { protocol: 'lido', action: 'deposit', args: { tokenIn: NATIVE, amountIn: ONE_ETH.toString(), primaryAddress: h.tok('stETH') } },
      { protocol: 'lido', action: 'deposit', args: { tokenIn: h.tok('stETH'), amountIn: ref(0), primaryAddress: h.tok('wstETH') } },
    ])
    const [wst, st] = await gains([[h.tok('wstETH'), user], [h.tok('stETH'), user]], () => h.sendAsEoa(answer))
    const [[staked], [wrapped]] = outputs(answer) as [[bigint], [bigint]]
    // One ETH buys about one stETH (within the 1–2 wei share rounding); wstETH is worth more (rewards).
    expect(staked >= ONE_ETH - 2n && staked <= ONE_ETH).toBe(true)
    expect(wrapped).toBeLessThan(staked)
    expect(wst).toBe(wrapped)
    expect(wst).toBe(out(answer, h.tok('wstETH')))
    expect(st).toBeLessThanOrEqual(1n)
  })

  test('lido deposit WETH → stETH, and redeem wstETH → stETH: the EOA receives what each answer says', async () => {
    await h.devnet.fund({ chainId: 1, address: user, token: 'WETH', amount: ONE_ETH })
    const staking = await h.bundle({ fromAddress: user }, [{ protocol: 'lido', action: 'deposit', args: { tokenIn: h.tok('WETH'), amountIn: ONE_ETH.toString(), primaryAddress: h.tok('stETH') } }])
    const [staked] = await gains([[h.tok('stETH'), user]], () => h.sendAsEoa(staking))
    expect(staked).toBe(out(staking, h.tok('stETH')))
    expect(staked >= ONE_ETH - 4n && staked <= ONE_ETH).toBe(true)

    const wrapped = await h.bundle({ fromAddress: user }, [{ protocol: 'lido', action: 'deposit', args: { tokenIn: h.tok('stETH'), amountIn: (staked - 10n).toString(), primaryAddress: h.tok('wstETH') } }])
    await h.sendAsEoa(wrapped)
    const wst = await h.balance(h.tok('wstETH'), user)
    const answer = await h.bundle({ fromAddress: user }, [{ protocol: 'lido', action: 'redeem', args: { tokenIn: h.tok('wstETH'), amountIn: wst.toString(), primaryAddress: h.tok('wstETH') } }])
    const [st, wstGain] = await gains([[h.tok('stETH'), user], [h.tok('wstETH'), user]], () => h.sendAsEoa(answer))
    expect(wstGain).toBe(-wst)
    expect(st).toBe(out(answer, h.tok('stETH')))
    expect(st).toBeGreaterThan(wst)
    // The redeem's output is the executor's stETH balance change; the sweep to the EOA may lose 1–2 wei to share rounding.
    const unwrapped = outputs(answer)[0]![0]!
    expect(unwrapped >= st && unwrapped - st <= 2n).toBe(true)
  })

  test('erc4626 redeem of the shares a deposit gave: the EOA receives the assets the answer says', async () => {
    const vault = h.chain.addressBook.erc4626!.vaults.find((v) => v.asset === h.tok('USDC'))!.address
    await h.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: USDC_1000 })
    await h.sendAsEoa(await h.bundle({ fromAddress: user }, [{ protocol: 'erc4626', action: 'deposit', args: { tokenIn: h.tok('USDC'), amountIn: USDC_1000.toString(), primaryAddress: vault } }]))
    const shares = await h.balance(vault, user)
    const answer = await h.bundle({ fromAddress: user }, [{ protocol: 'erc4626', action: 'redeem', args: { tokenIn: vault, amountIn: shares.toString(), primaryAddress: vault } }])
    const [usdc, sharesGain] = await gains([[h.tok('USDC'), user], [vault, user]], () => h.sendAsEoa(answer))
    expect(sharesGain).toBe(-shares)
    expect(usdc).toBe(out(answer, h.tok('USDC')))
    // Rounding down twice (deposit, redeem) loses at most a unit.
    expect(usdc >= USDC_1000 - 1n && usdc <= USDC_1000).toBe(true)
    expect(outputs(answer)).toEqual([[usdc]])
  })

  test('aave-v3 redeem 400 aUSDC for USDC, then withdraw exactly 300 USDC: the EOA receives exactly those amounts', async () => {
    const a = aToken(h.tok('USDC'))
    await h.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: USDC_1000 })
    await h.sendAsEoa(await h.bundle({ fromAddress: user }, [{ protocol: 'aave-v3', action: 'deposit', args: { tokenIn: h.tok('USDC'), amountIn: USDC_1000.toString(), primaryAddress: aave().pool } }]))
    expect(await h.balance(a, user)).toBeGreaterThanOrEqual(USDC_1000 - 1n)

    const redeem = await h.bundle({ fromAddress: user }, [{ protocol: 'aave-v3', action: 'redeem', args: { tokenIn: a, amountIn: '400000000', primaryAddress: aave().pool } }])
    const [redeemed] = await gains([[h.tok('USDC'), user]], () => h.sendAsEoa(redeem))
    expect(redeemed).toBe(400_000_000n)
    expect(redeemed).toBe(out(redeem, h.tok('USDC')))
    expect(outputs(redeem)).toEqual([[400_000_000n]])

    const withdraw = await h.bundle({ fromAddress: user }, [{ protocol: 'aave-v3', action: 'withdraw', args: { tokenOut: h.tok('USDC'), amountOut: '300000000', primaryAddress: aave().pool } }])
    const [withdrawn, aGain] = await gains([[h.tok('USDC'), user], [a, user]], () => h.sendAsEoa(withdraw))
    expect(withdrawn).toBe(300_000_000n)
    expect(withdrawn).toBe(out(withdraw, h.tok('USDC')))
    // aTokens are scaled balances: burning 300 USDC's worth may round up by a unit or two.
    expect(-aGain >= 300_000_000n && -aGain <= 300_000_002n).toBe(true)
    expect(outputs(withdraw)).toEqual([[300_000_000n]])
  })

  test('balancer-v2 swap on one weighted pool (primaryAddress = the pool): only that pool is used', async () => {
    const pool = h.chain.addressBook.balancerV2.pools.find((p) => p.tokens.length === 2 && p.tokens.includes(h.tok('WETH')) && p.tokens.includes(h.tok('USDC')))!
    await h.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: USDC_1000 })
    const answer = await h.bundle({ fromAddress: user }, [{ protocol: 'balancer-v2', action: 'swap', args: { tokenIn: h.tok('USDC'), tokenOut: h.tok('WETH'), amountIn: USDC_1000.toString(), primaryAddress: pool.address } }])
    expect(answer.route.map((s) => [s.protocol, s.primary.toLowerCase()])).toEqual([['balancer-v2', pool.address.toLowerCase()]])
    const [weth, usdc] = await gains([[h.tok('WETH'), user], [h.tok('USDC'), user]], () => h.sendAsEoa(answer))
    expect(usdc).toBe(-USDC_1000)
    expect(weth).toBe(out(answer, h.tok('WETH')))
    expect(outputs(answer)).toEqual([[weth]])
  })

  test('uniswap-v3 swap on one pool (primaryAddress = the 0.3% USDC/WETH pool): only that pool is used', async () => {
    const pool = h.chain.addressBook.uniswapV3.pools.find((p) => p.fee === 3000 && [p.token0, p.token1].includes(h.tok('USDC')) && [p.token0, p.token1].includes(h.tok('WETH')))!
    await h.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: USDC_1000 })
    const answer = await h.bundle({ fromAddress: user }, [{ protocol: 'uniswap-v3', action: 'swap', args: { tokenIn: h.tok('USDC'), tokenOut: h.tok('WETH'), amountIn: USDC_1000.toString(), primaryAddress: pool.address } }])
    expect(answer.route.map((s) => [s.protocol, s.primary.toLowerCase()])).toEqual([['uniswap-v3', pool.address.toLowerCase()]])
    const [weth, usdc] = await gains([[h.tok('WETH'), user], [h.tok('USDC'), user]], () => h.sendAsEoa(answer))
    expect(usdc).toBe(-USDC_1000)
    expect(weth).toBe(out(answer, h.tok('WETH')))
    expect(outputs(answer)).toEqual([[weth]])
  })
})
