/**
 * Test-only: one anvil per test file with the switchyard contracts, two DevTokens, a USDT-style token and
 * mock pools deployed and funded. Cases isolate themselves with `snapshot()`/`revert()`.
 */
import {
  type Abi,
  type Address,
  type Hex,
  createTestClient,
  decodeErrorResult,
  http,
  publicActions,
  walletActions,
  encodeDeployData,
  encodeFunctionData,
  erc20Abi,
  parseEther,
} from 'viem'
import { startAnvil, type AnvilNode } from '../../chain/devnet/startAnvil.js'
import { switchyardExecutorAbi, switchyardRouterAbi, switchyardLegacyRouterAbi, switchyardCheckHelperAbi, switchyardMathHelperAbi, switchyardDelegateAbi, switchyardSmartWalletAbi } from '../generated/abis.js'
import { deploySwitchyardContracts, type SwitchyardAddresses } from '../deploySwitchyardContracts.js'
import { devTokenAbi, mockSwapPoolAbi, tetherTokenAbi } from '../generated/testAbis.js'
import { revertDevnet } from '../../chain/devnet/revertDevnet.js'

/** The native-coin sentinel used by pools and helpers. */
export const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** Every error our contracts (and OZ SafeERC20/ERC20) can revert with, for decoding revert data. */
export const allErrorsAbi = [
  ...switchyardRouterAbi,
  ...switchyardExecutorAbi,
  ...switchyardLegacyRouterAbi,
  ...switchyardCheckHelperAbi,
  ...switchyardMathHelperAbi,
  ...switchyardDelegateAbi,
  ...switchyardSmartWalletAbi,
  ...devTokenAbi,
  ...mockSwapPoolAbi,
].filter((item) => item.type === 'error')

export type TestClient = ReturnType<typeof makeClient>

function makeClient(rpcUrl: string) {
  return createTestClient({ mode: 'anvil', transport: http(rpcUrl), pollingInterval: 20 }).extend(publicActions).extend(walletActions)
}

async function loadArtifact(name: string): Promise<{ abi: Abi; bytecode: Hex }> {
  const mod = (await import(`../artifacts/${name}.json`, { with: { type: 'json' } })) as { default: { abi: Abi; bytecode: Hex } }
  return mod.default
}

export type ContractsTestEnv = Awaited<ReturnType<typeof setupContractsTestEnv>>

/** Starts anvil and deploys the fixture. Call `env.stop()` in afterAll. */
export async function setupContractsTestEnv({ chainId = 31337 }: { chainId?: number } = {}) {
  const node: AnvilNode = await startAnvil({ chainId })
  const client = makeClient(node.rpcUrl)
  const accounts = await client.getAddresses()
  const [deployer, user, receiver, refund, attacker, victim, feeReceiver, other] = accounts as [Address, Address, Address, Address, Address, Address, Address, Address]

  /** Simulates first (so a revert throws with its revert data, and nothing is mined), then sends. */
  async function send(tx: { account?: Address; to: Address; data: Hex; value?: bigint }): Promise<Hex> {
    const request = { account: tx.account ?? deployer, to: tx.to, data: tx.data, value: tx.value ?? 0n }
    await client.call(request)
    const hash = await client.sendTransaction({ ...request, chain: null })
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`tx ${hash} reverted`)
    return hash
  }

  async function deploy(name: string, args: readonly unknown[] = [], account: Address = deployer): Promise<Address> {
    const { abi, bytecode } = await loadArtifact(name)
    const hash = await client.sendTransaction({ account, data: encodeDeployData({ abi, bytecode, args }), chain: null })
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (!receipt.contractAddress) throw new Error(`deploy ${name} failed`)
    return receipt.contractAddress
  }

  async function write(params: { account?: Address; address: Address; abi: Abi; functionName: string; args?: readonly unknown[]; value?: bigint }): Promise<Hex> {
    const data = encodeFunctionData({ abi: params.abi, functionName: params.functionName, args: params.args ?? [] } as never)
    return send({ account: params.account ?? deployer, to: params.address, data, value: params.value ?? 0n })
  }

  async function balanceOf(token: Address, account: Address): Promise<bigint> {
    if (token === NATIVE) return client.getBalance({ address: account })
    return client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [account] })
  }

  const contracts: SwitchyardAddresses = await deploySwitchyardContracts(client, { account: deployer })
  const tokenA = await deploy('DevToken', ['Token A', 'TKA', 18])
  const tokenB = await deploy('DevToken', ['Token B', 'TKB', 18])
  const usdt = await deploy('TetherToken', ['Tether', 'USDT'])
  const poolAB = await deploy('MockSwapPool', [tokenA, tokenB])
  const poolAN = await deploy('MockSwapPool', [tokenA, NATIVE])
  const poolUB = await deploy('MockSwapPool', [usdt, tokenB])
  const big = parseEther('1000000')
  for (const token of [tokenA, tokenB]) {
    for (const account of [deployer, user, victim, attacker, other]) {
      await write({ address: token, abi: devTokenAbi, functionName: 'mint', args: [account, big] })
    }
  }
  for (const account of [deployer, user, victim]) await write({ address: usdt, abi: tetherTokenAbi, functionName: 'mint', args: [account, 10n ** 12n] })
  await write({ address: tokenA, abi: erc20Abi, functionName: 'approve', args: [poolAB, big] })
  await write({ address: tokenB, abi: erc20Abi, functionName: 'approve', args: [poolAB, big] })
  await write({ address: poolAB, abi: mockSwapPoolAbi, functionName: 'addLiquidity', args: [parseEther('10000'), parseEther('20000')] })
  await write({ address: tokenA, abi: erc20Abi, functionName: 'approve', args: [poolAN, 0n] })
  await write({ address: tokenA, abi: erc20Abi, functionName: 'approve', args: [poolAN, big] })
  await write({ address: poolAN, abi: mockSwapPoolAbi, functionName: 'addLiquidity', args: [parseEther('10000'), parseEther('100')], value: parseEther('100') })
  await write({ address: usdt, abi: tetherTokenAbi, functionName: 'approve', args: [poolUB, 10n ** 12n] })
  await write({ address: tokenB, abi: erc20Abi, functionName: 'approve', args: [poolUB, big] })
  await write({ address: poolUB, abi: mockSwapPoolAbi, functionName: 'addLiquidity', args: [10n ** 11n, parseEther('100000')] })

  return {
    node,
    client,
    accounts: { deployer, user, receiver, refund, attacker, victim, feeReceiver, other },
    contracts,
    tokens: { tokenA, tokenB, usdt },
    pools: { poolAB, poolAN, poolUB },
    send,
    deploy,
    write,
    balanceOf,
    snapshot: (): Promise<Hex> => client.snapshot(),
    revert: (id: Hex): Promise<void> => revertDevnet(client, id),
    stop: (): Promise<void> => node.stop(),
  }
}

/** Walks a viem error chain for raw revert data. */
export function revertDataOf(error: unknown): Hex | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const candidate = e as { raw?: unknown; data?: unknown }
    if (typeof candidate.raw === 'string' && candidate.raw.startsWith('0x')) return candidate.raw as Hex
    if (typeof candidate.data === 'string' && candidate.data.startsWith('0x')) return candidate.data as Hex
    if (candidate.data && typeof candidate.data === 'object' && typeof (candidate.data as { data?: unknown }).data === 'string') {
      return (candidate.data as { data: Hex }).data
    }
  }
  return undefined
}

/** Awaits `promise`, expects it to revert, and returns the decoded custom error (name and args). */
export async function expectRevert(promise: Promise<unknown>): Promise<{ errorName: string; args: readonly unknown[]; raw: Hex }> {
  try {
    await promise
  } catch (error) {
    const raw = revertDataOf(error)
    if (!raw) throw new Error(`reverted without revert data: ${(error as Error).message}`)
    try {
      const decoded = decodeErrorResult({ abi: allErrorsAbi, data: raw })
      return { errorName: decoded.errorName, args: (decoded.args ?? []) as readonly unknown[], raw }
    } catch {
      return { errorName: 'unknown', args: [], raw }
    }
  }
  throw new Error('expected a revert, but the call succeeded')
}
