/**
 * `curve-gauge` bundle actions on the devnet's steCRV gauge (our implementation of a Curve gauge's interface
 * at its mainnet address, CRV paid by our Minter, LDO as its extra reward), every answer sent and checked to
 * deliver exactly its amountsOut: ETH into the ETH/stETH pool and the LP staked in one bundle (router
 * strategy, the gauge token delivered to the sender); unstaked and redeemed for ETH; a smart wallet's
 * stake harvested after a day, CRV and LDO to the wallet; a wallet unstaking and redeeming for ETH (the
 * pool's raw ETH payment received by the wallet itself); the refusals.
 */
import { parseAbi, type Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { advanceDevnetClock } from '../../chain/devnet/advanceDevnetClock.js'
import { setNextBlockOneSecondLater } from '../../chain/devnet/setNextBlockOneSecondLater.js'
import { useGetBundleTestbed } from '../../service/testing/useGetBundleTestbed.js'

const testbed = useGetBundleTestbed()
const { balance, bundle, createWallet, sendThroughWallet, sendAsEoa } = testbed

const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const POOL: Address = '0xDC24316b9AE028F1497c275EB9192a3Ea0f67022'
const STECRV: Address = '0x06325440D014e39736583c165C2963BA99fAf14E'
const GAUGE: Address = '0x182B723a58739a9c974cFDB385ceaDb237453c28'
const CRV: Address = '0xD533a949740bb3306d119CC777fa900bA034cd52'
const LDO: Address = '0x5A98FcBEA516Cf06857215779Fd812CA3beF1B32'
const WSTETH: Address = '0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0'
const gaugeAbi = parseAbi([
  'function claimable_tokens(address addr) view returns (uint256)',
  'function claimable_reward(address addr, address token) view returns (uint256)',
  'function inflation_rate() view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function lp_token() view returns (address)',
  'function reward_count() view returns (uint256)',
  'function reward_tokens(uint256 i) view returns (address)',
])
const read = <T>(functionName: string, args: readonly unknown[] = []) =>
  testbed.chain.client.readContract({ address: GAUGE, abi: gaugeAbi, functionName: functionName as 'totalSupply', args: args as never }) as Promise<T>
const executor = () => (testbed.chain.addressBook.switchyard as unknown as { executor: Address }).executor

/** ETH into the pool (curve deposit of the native coin), the LP staked (curve-gauge deposit of action 0's output). */
const depositAndStake = (eth: bigint) => [
  { protocol: 'curve', action: 'deposit', args: { tokenIn: NATIVE, amountIn: eth.toString(), primaryAddress: POOL } },
  { protocol: 'curve-gauge', action: 'deposit', args: { tokenIn: STECRV, amountIn: { useOutputOfCallAt: 0 }, primaryAddress: GAUGE } },
]

describe('curve-gauge on the devnet', () => {
  test('the gauge reads as Curve\'s: lp_token is steCRV, one extra reward (LDO), CRV accruing', async () => {
    expect((await read<Address>('lp_token')).toLowerCase()).toBe(STECRV.toLowerCase())
    expect(await read<bigint>('reward_count')).toBe(1n)
    expect((await read<Address>('reward_tokens', [0n])).toLowerCase()).toBe(LDO.toLowerCase())
    expect(await read<bigint>('inflation_rate')).toBeGreaterThan(0n)
    expect(testbed.chain.addressBook.curve?.gauges?.[0]?.address.toLowerCase()).toBe(GAUGE.toLowerCase())
  })

  test('ETH → steCRV → staked in one bundle (router strategy): the sender gets exactly amountsOut of the gauge token; then unstaked and redeemed for ETH, exact', async () => {
    const user = testbed.user
    const staked = await bundle({ fromAddress: user }, depositAndStake(5n * 10n ** 18n))
    expect(staked.tx.value).toBe((5n * 10n ** 18n).toString())
    const before = await balance(GAUGE, user)
    await sendAsEoa(staked)
    const got = (await balance(GAUGE, user)) - before
    expect(got).toBeGreaterThan(4n * 10n ** 18n)
    expect(got).toBe(BigInt(staked.amountsOut[GAUGE] ?? staked.amountsOut[GAUGE.toLowerCase()]!))
    for (const t of [GAUGE, STECRV, NATIVE]) expect(await balance(t, executor())).toBe(0n)

    const unstaked = await bundle({ fromAddress: user, receiver: testbed.other }, [
      { protocol: 'curve-gauge', action: 'withdraw', args: { tokenIn: GAUGE, amountIn: got.toString(), primaryAddress: GAUGE } },
      { protocol: 'curve', action: 'redeem', args: { tokenIn: STECRV, amountIn: { useOutputOfCallAt: 0 }, tokenOut: NATIVE, primaryAddress: POOL } },
    ])
    // The ETH goes to another receiver, so the sender's gas does not blur the count.
    const other = testbed.other
    const ethBefore = await balance(NATIVE, other)
    await sendAsEoa(unstaked)
    const ethGot = (await balance(NATIVE, other)) - ethBefore
    expect(await balance(GAUGE, user)).toBe(0n)
    expect(ethGot).toBe(BigInt(unstaked.amountsOut[NATIVE]!))
    for (const t of [GAUGE, STECRV, NATIVE]) expect(await balance(t, executor())).toBe(0n)
  })

  test('a smart wallet stakes, a day passes, harvest pays its CRV and LDO to the wallet exactly as answered', async () => {
    const wallet = await createWallet()
    await testbed.devnet.fund({ chainId: 1, address: wallet, token: 'ETH', amount: 20n * 10n ** 18n })
    await sendThroughWallet(wallet, await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, depositAndStake(10n * 10n ** 18n)))
    const stake = await balance(GAUGE, wallet)
    expect(stake).toBeGreaterThan(9n * 10n ** 18n)
    await advanceDevnetClock(testbed.chain.client, 86_400)
    const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'curve-gauge', action: 'harvest', args: { token: STECRV, primaryAddress: GAUGE } },
    ])
    const crvBefore = await balance(CRV, wallet)
    const ldoBefore = await balance(LDO, wallet)
    // Rewards accrue per second: simulated in a block one second after the snapshot's, mined so here.
    await setNextBlockOneSecondLater(testbed.chain.client)
    await sendThroughWallet(wallet, answer)
    const crv = (await balance(CRV, wallet)) - crvBefore
    const ldo = (await balance(LDO, wallet)) - ldoBefore
    expect(crv).toBe(BigInt(answer.amountsOut[CRV]!))
    expect(ldo).toBe(BigInt(answer.amountsOut[LDO]!))
    // About a day of the gauge's rates, in the wallet's share of the stake (the rest is the seeder's).
    const share = Number(stake) / Number(await read<bigint>('totalSupply'))
    const crvDay = (Number(await read<bigint>('inflation_rate')) * 86_400 * share) / 1e18
    expect(Number(crv) / 1e18).toBeGreaterThan(crvDay * 0.99)
    expect(Number(crv) / 1e18).toBeLessThan(crvDay * 1.01)
    expect(ldo).toBeGreaterThan(0n)
    // Nothing is left to claim.
    expect(await read<bigint>('claimable_tokens', [wallet])).toBe(0n)
    expect(await read<bigint>('claimable_reward', [wallet, LDO])).toBe(0n)
  })

  test('a smart wallet unstakes and redeems for ETH: the pool\'s raw ETH payment lands in the wallet, exactly amountsOut', async () => {
    const wallet = await createWallet()
    await testbed.devnet.fund({ chainId: 1, address: wallet, token: 'ETH', amount: 5n * 10n ** 18n })
    await sendThroughWallet(wallet, await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, depositAndStake(3n * 10n ** 18n)))
    const stake = await balance(GAUGE, wallet)
    const answer = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'curve-gauge', action: 'withdraw', args: { amountIn: stake.toString(), primaryAddress: GAUGE } },
      { protocol: 'curve', action: 'redeem', args: { tokenIn: STECRV, amountIn: { useOutputOfCallAt: 0 }, tokenOut: NATIVE, primaryAddress: POOL } },
    ])
    const before = await balance(NATIVE, wallet)
    await sendThroughWallet(wallet, answer)
    expect((await balance(NATIVE, wallet)) - before).toBe(BigInt(answer.amountsOut[NATIVE]!))
    expect(await balance(GAUGE, wallet)).toBe(0n)
    expect(await balance(STECRV, wallet)).toBe(0n)
  })

  test('refusals: harvest is delegate only; a gauge that is not one; a token that is not the gauge\'s', async () => {
    const user = testbed.user
    await expect(bundle({ fromAddress: user }, [{ protocol: 'curve-gauge', action: 'harvest', args: { token: WSTETH, primaryAddress: GAUGE } }])).rejects.toMatchObject({ code: 'DELEGATE_ONLY' })
    await expect(bundle({ fromAddress: user, routingStrategy: 'delegate' }, [{ protocol: 'curve-gauge', action: 'harvest', args: { token: STECRV, primaryAddress: POOL } }])).rejects.toMatchObject({ code: 'INVALID_PRIMARY_ADDRESS' })
    await expect(bundle({ fromAddress: user }, [{ protocol: 'curve-gauge', action: 'deposit', args: { tokenIn: CRV, amountIn: '1000', primaryAddress: GAUGE } }])).rejects.toMatchObject({ code: 'INVALID_TOKEN' })
  })
})
