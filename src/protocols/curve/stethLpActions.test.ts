import { parseAbi, type Address, type PublicClient } from 'viem'
import { describe, expect, test } from 'vitest'
import { useBundleHarness } from '../../service/testing/startBundleHarness.js'
import { loadCurve } from './load.js'
import { addLiquidity } from './quote.js'

// `curve` bundle actions on the devnet's ETH/stETH pool: both coins into steCRV in one add_liquidity (the
// ETH as msg.value), steCRV out proportionally (the ETH the pool pays delivered as ETH) and a `curve swap`
// restricted to the pool, each sent and delivering exactly amountsOut, with no ETH, WETH, stETH share or
// steCRV left in the executor.

const user: Address = '0x00000000000000000000000000000000000c0e11'
const other: Address = '0x00000000000000000000000000000000000c0e12'
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const POOL: Address = '0xDC24316b9AE028F1497c275EB9192a3Ea0f67022'
const STECRV: Address = '0x06325440D014e39736583c165C2963BA99fAf14E'
const stAbi = parseAbi(['function submit(address) payable returns (uint256)', 'function sharesOf(address) view returns (uint256)'])

const h = useBundleHarness(user)

const client = () => h.chain.client as unknown as PublicClient
const stETH = () => h.chain.addressBook.lido!.stETH
const pool = async () => (await loadCurve({ client: client(), book: h.chain.addressBook }, { blockNumber: await client().getBlockNumber() })).find((p) => p.address === POOL.toLowerCase())!
const executorEmpty = async () => {
  const executor = (h.chain.addressBook.switchyard as unknown as { executor: Address }).executor
  for (const t of [NATIVE, h.tok('WETH'), STECRV]) expect(await h.balance(t, executor), t).toBe(0n)
  expect(await client().readContract({ address: stETH(), abi: stAbi, functionName: 'sharesOf', args: [executor] })).toBe(0n)
}

async function stake(amount: bigint): Promise<bigint> {
  await h.devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: amount + 10n ** 18n })
  const hash = await h.chain.client.writeContract({ address: stETH(), abi: stAbi, functionName: 'submit', args: [user], value: amount, account: user, chain: h.chain.client.chain })
  await h.chain.client.waitForTransactionReceipt({ hash })
  return h.balance(stETH(), user)
}

describe('curve bundles on the devnet ETH/stETH pool', () => {
  test('multideposit ETH + stETH → steCRV to a receiver: minted equals the exact estimate and amountsOut', async () => {
    const held = await stake(3n * 10n ** 18n + 12_345n)
    await h.devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 5n * 10n ** 18n })
    const amounts = [2n * 10n ** 18n + 7n, held]
    const expected = addLiquidity(await pool(), { amounts }).minted
    const answer = await h.bundle({ fromAddress: user, receiver: other }, [
      { protocol: 'curve', action: 'multideposit', args: { tokenIn: [NATIVE, stETH()], tokenOut: STECRV, amountIn: amounts.map(String), primaryAddress: POOL } },
    ])
    expect(answer.tx.value).toBe(amounts[0]!.toString())
    const before = await h.balance(STECRV, other)
    await h.sendAsEoa(answer)
    const minted = (await h.balance(STECRV, other)) - before
    expect(minted).toBe(expected)
    expect(minted).toBe(BigInt(answer.amountsOut[STECRV]!))
    await executorEmpty()
  })

  test('steCRV → ETH + stETH proportionally, and a curve swap stETH → ETH through the pool, each exact', async () => {
    await h.devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 20n * 10n ** 18n })
    const deposited = await h.bundle({ fromAddress: user }, [{ protocol: 'curve', action: 'deposit', args: { tokenIn: NATIVE, amountIn: (10n ** 19n).toString(), primaryAddress: POOL } }])
    await h.sendAsEoa(deposited)
    const lp = await h.balance(STECRV, user)
    const redeemed = await h.bundle({ fromAddress: user, receiver: other }, [
      { protocol: 'curve', action: 'redeem', args: { tokenIn: STECRV, amountIn: lp.toString(), tokenOut: [NATIVE, stETH()], primaryAddress: POOL } },
    ])
    const eth0 = await h.balance(NATIVE, other)
    const st0 = await h.balance(stETH(), other)
    await h.sendAsEoa(redeemed)
    expect((await h.balance(NATIVE, other)) - eth0).toBe(BigInt(redeemed.amountsOut[NATIVE]!))
    expect((await h.balance(stETH(), other)) - st0).toBe(BigInt(redeemed.amountsOut[stETH()]!))
    await executorEmpty()

    const held = await stake(2n * 10n ** 18n)
    const swapped = await h.bundle({ fromAddress: user, receiver: other }, [
      { protocol: 'curve', action: 'swap', args: { tokenIn: stETH(), tokenOut: NATIVE, amountIn: held.toString(), primaryAddress: POOL } },
    ])
    expect(swapped.route.some((r) => r.protocol === 'curve')).toBe(true)
    const eth1 = await h.balance(NATIVE, other)
    await h.sendAsEoa(swapped)
    expect((await h.balance(NATIVE, other)) - eth1).toBe(BigInt(swapped.amountsOut[NATIVE]!))
    await executorEmpty()
  })
})
