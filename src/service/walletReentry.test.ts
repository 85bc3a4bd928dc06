/**
 * Issue 23, replayed as the attacker did it, with switchyard's own answers on the devnet: a hostile contract is
 * paid by a delegate route (WETH → ETH, receiver = the contract) and called by a delegate bundle's `enso call`,
 * and on getting control it calls back into the paying smart wallet to run a plan of its own (sweep the
 * wallet's USDC and WETH to the attacker) and to pull the wallet's tokens. Every token stays with its owner.
 */
import { getAddress, type Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { hostileCalleeAbi } from '../contracts/generated/testAbis.js'
import { loadContractArtifact } from '../contracts/loadContractArtifact.js'
import { encodeDelegateShortcut } from '../encoding/delegateCalldata.js'
import { addSweep } from '../encoding/planActions.js'
import { Planner } from '../encoding/planner.js'
import { getRoute } from './getRoute.js'
import { useBundleHarness } from './testing/startBundleHarness.js'

const user: Address = '0x00000000000000000000000000000000000a7a01'
const attacker: Address = '0x00000000000000000000000000000000000a7a02'
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

const h = useBundleHarness(user)

/** Deploys a HostileCallee whose sink is the attacker, armed to run a drain plan in `wallet` and pull its tokens. */
async function hostileAgainst(wallet: Address): Promise<Address> {
  const artifact = loadContractArtifact('HostileCallee')
  const client = h.chain.client
  const hash = await client.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args: [attacker], account: user, chain: client.chain })
  const hostile = (await client.waitForTransactionReceipt({ hash })).contractAddress!
  const helpers = (h.chain.addressBook.switchyard as unknown as { helpers: { balance: Address; math: Address; check: Address } }).helpers
  const drain = new Planner()
  for (const token of [h.tok('USDC'), h.tok('WETH'), NATIVE]) addSweep(drain, { helpers, token, receiver: attacker })
  const shortcut = encodeDelegateShortcut({ accountId: `0x${'00'.repeat(32)}`, requestId: `0x${'00'.repeat(32)}`, ...drain.plan() })
  const attempts = [{ target: wallet, value: 0n, data: shortcut }]
  const drains = [h.tok('USDC'), h.tok('WETH')].map((token) => ({ token, holder: wallet }))
  const arm = await client.writeContract({ address: hostile, abi: hostileCalleeAbi, functionName: 'arm', args: [attempts, drains], account: user, chain: client.chain })
  await client.waitForTransactionReceipt({ hash: arm })
  return hostile
}

async function holdings(who: Address): Promise<bigint[]> {
  return Promise.all([h.tok('USDC'), h.tok('WETH')].map((t) => h.balance(t, who)))
}

async function hostileCounts(hostile: Address): Promise<{ struck: bigint; succeeded: bigint }> {
  const read = (functionName: 'struck' | 'succeeded') => h.chain.client.readContract({ address: hostile, abi: hostileCalleeAbi, functionName }) as Promise<bigint>
  return { struck: await read('struck'), succeeded: await read('succeeded') }
}

describe('issue 23: a contract that gets control while a wallet runs a plan cannot drain it', () => {
  test("a delegate route that pays a hostile payee: the payee gets its ETH, the wallet keeps its 9,006 USDC", async () => {
    const wallet = await h.createWallet()
    await h.devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 9_006n * 10n ** 6n })
    await h.devnet.fund({ chainId: 1, address: wallet, token: 'WETH', amount: 2n * 10n ** 18n })
    const hostile = await hostileAgainst(wallet)
    const answer = await getRoute(
      h.ctx,
      { chainId: 1, fromAddress: wallet, routingStrategy: 'delegate', receiver: hostile, tokenIn: [h.tok('WETH')], tokenOut: [NATIVE], amountIn: [(10n ** 18n).toString()] },
      { caller: h.caller, requireVariableEstimates: false },
    )
    // The API cannot refuse payees (they are real) but says which unknown contracts get control.
    expect(answer.externalContracts).toEqual([getAddress(hostile)])
    const attackerBefore = await holdings(attacker)
    const paidBefore = await h.balance(NATIVE, hostile)
    await h.sendThroughWallet(wallet, answer)
    expect(await hostileCounts(hostile)).toEqual({ struck: 1n, succeeded: 0n })
    expect(await h.balance(h.tok('USDC'), wallet)).toBe(9_006n * 10n ** 6n)
    expect(await h.balance(h.tok('WETH'), wallet)).toBe(10n ** 18n)
    expect(await holdings(attacker)).toEqual(attackerBefore)
    expect((await h.balance(NATIVE, hostile)) - paidBefore).toBeGreaterThanOrEqual(BigInt(answer.minAmountOut))
  })

  test('a delegate bundle whose enso call targets the hostile contract: nothing leaves the wallet', async () => {
    const wallet = await h.createWallet()
    await h.devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 9_006n * 10n ** 6n })
    await h.devnet.fund({ chainId: 1, address: wallet, token: 'WETH', amount: 10n ** 18n })
    const hostile = await hostileAgainst(wallet)
    const answer = await h.bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'enso', action: 'call', args: { address: hostile, method: 'poke', abi: 'function poke() payable returns (uint256)', args: [] } },
    ])
    expect(answer.externalContracts).toEqual([getAddress(hostile)])
    const attackerBefore = await holdings(attacker)
    await h.sendThroughWallet(wallet, answer)
    expect(await hostileCounts(hostile)).toEqual({ struck: 1n, succeeded: 0n })
    expect(await holdings(wallet)).toEqual([9_006n * 10n ** 6n, 10n ** 18n])
    expect(await holdings(attacker)).toEqual(attackerBefore)
  })
})
