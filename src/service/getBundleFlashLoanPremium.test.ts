import { parseAbi, type Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { devnetDeployer } from '../chain/devnet/createDevnetClient.js'
import { useBundleHarness } from './testing/startBundleHarness.js'

const user: Address = '0x00000000000000000000000000000000000f1b01'

const h = useBundleHarness(user)

const configuratorAbi = parseAbi(['function updateFlashloanPremiumTotal(uint128 newFlashloanPremiumTotal)'])

// Its own file: getBundle reads the chain's premium once per process and keeps it for a while, so
// the premium is changed before any flash-loan bundle of this process reads it.
describe('the flash-loan premium is read from the pool, not assumed', () => {
  test('with the pool\'s premium raised to 0.09%, the sender brings loan plus 0.09%, as the approvals say, and the bundle executes', async () => {
    const aave = h.chain.addressBook.aaveV3! as { pool: Address; poolConfigurator: Address }
    await h.chain.client.impersonateAccount({ address: devnetDeployer })
    const hash = await h.chain.client.writeContract({ address: aave.poolConfigurator, abi: configuratorAbi, functionName: 'updateFlashloanPremiumTotal', args: [9n], account: devnetDeployer, chain: h.chain.client.chain })
    expect((await h.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    const loan = 10n * 10n ** 18n
    const owed = loan + (loan * 9n) / 10_000n
    const answer = await h.bundle({ fromAddress: user }, [
      {
        protocol: 'aave-v3', action: 'flashloan',
        args: {
          flashloanToken: h.tok('WETH'), flashloanAmount: loan.toString(), primaryAddress: aave.pool,
          callback: [{ protocol: 'enso', action: 'route', args: { tokenIn: h.tok('WETH'), tokenOut: h.tok('USDC'), amountIn: loan.toString() } }],
        },
      },
      // A second, unrelated action: the premium is read when any action is a flash loan, not only when all are.
      { protocol: 'math', action: 'div', args: { amountA: '4', amountB: '2' } },
    ])
    expect(answer.approvals.map((a) => [a.token, a.amount])).toEqual([[h.tok('WETH'), owed.toString()]])
    await h.devnet.fund({ chainId: 1, address: user, token: 'WETH', amount: owed })
    await h.sendAsEoa(answer)
    expect(await h.balance(h.tok('WETH'), user)).toBe(0n)
  })
})
