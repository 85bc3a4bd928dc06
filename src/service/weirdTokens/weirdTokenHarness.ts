import { erc20Abi, maxUint256, parseAbi, type Address, type Hex } from 'viem'
import { fileURLToPath } from 'node:url'
import { devnetDeployer } from '../../chain/devnet/createDevnetClient.js'
import type { DevnetChain } from '../../chain/devnet/devnetChain.js'
import { mintToDeployer } from '../../chain/devnet/mintToDeployer.js'
import { sendTx } from '../../chain/devnet/sendTx.js'
import { setNextBlockOneSecondLater } from '../../chain/devnet/setNextBlockOneSecondLater.js'
import type { RouteAnswer } from '../types.js'

/** The test scenario with one token of every weird-ERC20 class (chain 1). */
export const weirdTokensScenarioPath = fileURLToPath(new URL('../../chain/devnet/scenarios/weird-tokens.json', import.meta.url))

/** Test-only: calls on the weird tokens' admin and hook functions. */
export const weirdTokenAbi = parseAbi([
  'function pause()',
  'function unpause()',
  'function blacklist(address)',
  'function unBlacklist(address)',
  'function rebase(uint256 numerator, uint256 denominator)',
  'function upgradeTo(address)',
  'function setHook(address)',
])

/**
 * Test-only helpers on a devnet of the weird-tokens scenario: funding by the token's own mint (the
 * rebasing token keeps no plain balance slot to write), approvals, sending an answer, and the balances
 * our contracts hold.
 */
export function weirdTokenHarness(chain: DevnetChain) {
  const tok = (symbol: string) => chain.addressBook.tokens[symbol]!.address
  const sy = chain.addressBook.switchyard!
  const balance = (token: Address, who: Address) => chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
  return {
    tok,
    balance,
    /**
     * Mints a scenario token to the deployer and transfers it to `to` (real transfers) until `to` holds
     * `amount` more: a fee-on-transfer token delivers less than each transfer names.
     */
    async fund(symbol: string, to: Address, amount: bigint) {
      const target = (await balance(tok(symbol), to)) + amount
      for (let missing = amount; missing > 0n; missing = target - (await balance(tok(symbol), to))) {
        const send = missing + missing / 50n + 1n
        await mintToDeployer(chain.client, chain.addressBook.tokens[symbol]!, send)
        await sendTx(chain.client, { address: tok(symbol), abi: erc20Abi, functionName: 'transfer', args: [to, send] })
      }
    },
    /** `owner` (impersonated) approves `spender`; returns the receipt status (an approval-race token may revert). */
    async approve(owner: Address, token: Address, spender: Address, amount: bigint = maxUint256) {
      const hash = await chain.client.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [spender, amount], account: owner, chain: chain.client.chain, gas: 200_000n })
      return (await chain.client.waitForTransactionReceipt({ hash })).status
    },
    /** Calls an admin function of a weird token as its minter (the devnet deployer). */
    async admin(token: Address, functionName: 'pause' | 'unpause' | 'blacklist' | 'unBlacklist' | 'rebase' | 'upgradeTo', args: readonly unknown[] = []) {
      await sendTx(chain.client, { address: token, abi: weirdTokenAbi, functionName, args } as never)
    },
    /** Sends an answer's transaction from `from` with the answer's gas, one second after its parent. */
    async send(answer: Pick<RouteAnswer, 'tx' | 'gas'>, from: Address): Promise<'success' | 'reverted'> {
      await setNextBlockOneSecondLater(chain.client)
      const hash = await chain.client.sendTransaction({ account: from, to: answer.tx.to as Address, data: answer.tx.data as Hex, value: BigInt(answer.tx.value), chain: chain.client.chain, gas: BigInt(answer.gas) })
      return (await chain.client.waitForTransactionReceipt({ hash })).status
    },
    /** What our router and its executor hold of each token (all zero after every transaction). */
    async heldByOurContracts(tokens: readonly Address[]): Promise<bigint[]> {
      const holders = [sy.router as Address, sy.executor as Address]
      return Promise.all(tokens.flatMap((t) => holders.map((h) => balance(t, h))))
    },
    deployer: devnetDeployer,
  }
}
