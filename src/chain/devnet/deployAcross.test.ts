import { getAddress, parseAbi, toFunctionSelector, zeroAddress, type Abi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AcrossFillError } from '../../errors/across.js'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { acrossSpokePoolAbi } from './acrossSpokePoolAbi.js'
import { devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { decodeAcrossDeposits, type AcrossDeposit } from './decodeAcrossDeposits.js'
import { acrossDeployments, deployAcross, devnetAcrossRelayer, type AcrossEntry } from './deployAcross.js'
import { fillAcrossDeposit } from './fillAcrossDeposit.js'
import { findAcrossFill } from './findAcrossFill.js'
import { getAcrossFillStatus } from './getAcrossFillStatus.js'
import { sendTx } from './sendTx.js'
import { toAcrossRelayData } from './toAcrossRelayData.js'
import { startDevnet, type Devnet } from './startDevnet.js'

/** A depositor: anvil dev account #7 (unlocked). */
const user: Address = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'
/** An account with no code, so WETH fills unwrap to ETH for it. */
const eoaRecipient: Address = getAddress('0x00000000000000000000000000000000a11ce000')
const implementationSlot = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'

const erc20Abi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address, address) view returns (uint256)',
  'function approve(address, uint256) returns (bool)',
])
const ownerAbi = parseAbi(['function owner() view returns (address)', 'function usdcToken() view returns (address)', 'function cctpTokenMessenger() view returns (address)'])
const probe = loadContractArtifact('AcrossMessageProbe')
const probeAbi = probe.abi as Abi

let devnet: Devnet
const across: Record<number, AcrossEntry> = {}
const deployMs: Record<number, number> = {}

const chain = (id: number) => devnet.chains[id]!
const token = (id: number, symbol: string) => chain(id).addressBook.tokens[symbol]!.address

beforeAll(async () => {
  devnet = await startDevnet()
  await Promise.all(
    ([[1, 8453], [8453, 1]] as const).map(async ([id, remote]) => {
      const { client, addressBook: book } = chain(id)
      const started = performance.now()
      across[id] = await deployAcross(client, {
        book,
        routes: [
          { token: token(id, 'USDC'), destinationChainId: remote, outputToken: token(remote, 'USDC') },
          { token: book.weth, destinationChainId: remote, outputToken: chain(remote).addressBook.weth },
        ],
      })
      deployMs[id] = Math.round(performance.now() - started)
    }),
  )
  console.log(`deployAcross: chain 1 ${deployMs[1]} ms, chain 8453 ${deployMs[8453]} ms`)
}, 120_000)
afterAll(async () => {
  await devnet?.stop()
})

async function balanceOf(client: DevnetClient, tokenAddress: Address, holder: Address): Promise<bigint> {
  return client.readContract({ address: tokenAddress, abi: erc20Abi, functionName: 'balanceOf', args: [holder] })
}

async function deployProbe(client: DevnetClient): Promise<Address> {
  const hash = await client.deployContract({ abi: probeAbi, bytecode: probe.bytecode, account: devnetDeployer, chain: client.chain })
  return getAddress((await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })).contractAddress!)
}

type DepositArgs = { from: number; to: number; symbol: string; inputAmount: bigint; outputAmount: bigint; recipient: Address; message?: Hex }

/** Funds the user, approves exactly inputAmount and calls depositV3 on the origin SpokePool; returns the decoded deposit. */
async function deposit({ from, to, symbol, inputAmount, outputAmount, recipient, message = '0x' }: DepositArgs): Promise<AcrossDeposit> {
  const { client } = chain(from)
  const inputToken = token(from, symbol)
  await devnet.fund({ chainId: from, address: user, token: symbol, amount: inputAmount })
  await sendTx(client, { address: inputToken, abi: erc20Abi, functionName: 'approve', args: [across[from]!.spokePool, inputAmount], account: user })
  const [origin, destination] = await Promise.all([client.getBlock(), chain(to).client.getBlock()])
  // fillDeadline is checked against the origin clock at deposit and the destination clock at fill.
  const fillDeadline = Number(origin.timestamp > destination.timestamp ? origin.timestamp : destination.timestamp) + 3600
  const receipt = await sendTx(client, {
    address: across[from]!.spokePool,
    abi: acrossSpokePoolAbi,
    functionName: 'depositV3',
    args: [user, recipient, inputToken, token(to, symbol), inputAmount, outputAmount, BigInt(to), zeroAddress, Number(origin.timestamp), fillDeadline, 0, message],
    account: user,
  })
  const deposits = decodeAcrossDeposits({ logs: receipt.logs, originChainId: from, spokePool: across[from]!.spokePool })
  expect(deposits).toHaveLength(1)
  expect(await client.readContract({ address: inputToken, abi: erc20Abi, functionName: 'allowance', args: [user, across[from]!.spokePool] })).toBe(0n)
  return deposits[0]!
}

describe('deployAcross', () => {
  test.each([
    [1, 8453, 'Ethereum_SpokePool'],
    [8453, 1, 'Base_SpokePool'],
  ] as const)('chain %i: the SpokePool proxy sits at its mainnet address, routes to %i enabled, relayer funded', async (id, remote, contractName) => {
    const { client, addressBook: book } = chain(id)
    const entry = across[id]!
    expect(entry).toMatchObject({ spokePool: acrossDeployments[id]!.spokePool, contractName, relayer: devnetAcrossRelayer, depositQuoteTimeBuffer: 3600, fillDeadlineBuffer: 21_600 })
    const slot = await client.getStorageAt({ address: entry.spokePool, slot: implementationSlot })
    expect(getAddress(`0x${slot!.slice(26)}`)).toBe(entry.implementation)
    const read = <T>(functionName: string, args: readonly unknown[] = [], abi: Abi = acrossSpokePoolAbi) =>
      client.readContract({ address: entry.spokePool, abi, functionName, args }) as Promise<T>
    expect(await read<bigint>('chainId')).toBe(BigInt(id))
    expect(await read<Address>('wrappedNativeToken')).toBe(book.weth)
    expect(await read<number>('depositQuoteTimeBuffer')).toBe(3600)
    expect(await read<number>('fillDeadlineBuffer')).toBe(21_600)
    expect(await read<Address>('crossDomainAdmin')).toBe(devnetDeployer)
    expect(await read<Address>('withdrawalRecipient')).toBe(devnetDeployer)
    for (const t of [token(id, 'USDC'), book.weth]) {
      expect(await read<boolean>('enabledDepositRoutes', [t, BigInt(remote)])).toBe(true)
      expect(await read<boolean>('enabledDepositRoutes', [t, 10n])).toBe(false)
      expect(await balanceOf(client, t, devnetAcrossRelayer)).toBeGreaterThan(0n)
      expect(await client.readContract({ address: t, abi: erc20Abi, functionName: 'allowance', args: [devnetAcrossRelayer, entry.spokePool] })).toBe(2n ** 256n - 1n)
    }
    if (contractName === 'Ethereum_SpokePool') {
      expect(await read<Address>('owner', [], ownerAbi)).toBe(devnetDeployer)
    } else {
      expect(await read<Address>('usdcToken', [], ownerAbi)).toBe(token(8453, 'USDC'))
      expect(await read<Address>('cctpTokenMessenger', [], ownerAbi)).toBe(zeroAddress)
      // The messenger stub used for the admin calls is gone again.
      expect(await client.getCode({ address: '0x4200000000000000000000000000000000000007' })).toBeUndefined()
    }
  })
  test('a second call keeps the deployed SpokePool and only re-applies routes and funding', async () => {
    const { client, addressBook: book } = chain(8453)
    const again = await deployAcross(client, { book, routes: [{ token: book.weth, destinationChainId: 1 }], relayerFunding: [] })
    expect(again.implementation).toBe(across[8453]!.implementation)
    expect(await client.getTransactionCount({ address: '0x4200000000000000000000000000000000000007' })).toBe(0)
  })
})

describe('Across deposit → fill', () => {
  test('USDC 1 → 8453: decoded, filled once by the relayer, the recipient gets exactly outputAmount', async () => {
    const d = await deposit({ from: 1, to: 8453, symbol: 'USDC', inputAmount: 1_000_000_000n, outputAmount: 999_500_000n, recipient: eoaRecipient })
    expect(d).toMatchObject({
      inputToken: token(1, 'USDC'),
      outputToken: token(8453, 'USDC'),
      inputAmount: 1_000_000_000n,
      outputAmount: 999_500_000n,
      originChainId: 1,
      destinationChainId: 8453,
      depositor: user,
      recipient: eoaRecipient,
      exclusiveRelayer: zeroAddress,
      exclusivityDeadline: 0,
      message: '0x',
      spokePool: across[1]!.spokePool,
    })
    const dst = chain(8453).client
    const spokePool = across[8453]!.spokePool
    expect(await getAcrossFillStatus(dst, { deposit: d, spokePool })).toBe('unfilled')
    expect(await findAcrossFill(dst, { deposit: d, spokePool })).toBeUndefined()
    const usdc = token(8453, 'USDC')
    const [recipientBefore, relayerBefore] = await Promise.all([balanceOf(dst, usdc, eoaRecipient), balanceOf(dst, usdc, devnetAcrossRelayer)])
    const hash = await fillAcrossDeposit(dst, { deposit: d, spokePool, relayer: devnetAcrossRelayer })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await balanceOf(dst, usdc, eoaRecipient)) - recipientBefore).toBe(999_500_000n)
    expect(relayerBefore - (await balanceOf(dst, usdc, devnetAcrossRelayer))).toBe(999_500_000n)
    expect(await getAcrossFillStatus(dst, { deposit: d, spokePool })).toBe('filled')
    expect(await findAcrossFill(dst, { deposit: d, spokePool })).toMatchObject({
      transactionHash: hash,
      relayer: devnetAcrossRelayer,
      repaymentChainId: 8453,
      updatedRecipient: eoaRecipient,
      updatedOutputAmount: 999_500_000n,
      fillType: 'fastFill',
    })

    // Exactly once: the helper sends nothing, and a direct second fillV3Relay is rejected on chain.
    const blockBefore = await dst.getBlockNumber()
    expect(await fillAcrossDeposit(dst, { deposit: d, spokePool, relayer: devnetAcrossRelayer })).toBeUndefined()
    expect(await dst.getBlockNumber()).toBe(blockBefore)
    await expect(
      dst.simulateContract({ address: spokePool, abi: acrossSpokePoolAbi, functionName: 'fillV3Relay', args: [toAcrossRelayData(d), 8453n], account: devnetAcrossRelayer }),
    ).rejects.toThrow(/RelayFilled/)
    expect((await balanceOf(dst, usdc, eoaRecipient)) - recipientBefore).toBe(999_500_000n)
  })

  test('WETH 8453 → 1: the EOA recipient receives native ETH (the SpokePool unwraps)', async () => {
    const d = await deposit({ from: 8453, to: 1, symbol: 'WETH', inputAmount: 10n ** 18n, outputAmount: 999n * 10n ** 15n, recipient: eoaRecipient })
    expect(d).toMatchObject({ inputToken: token(8453, 'WETH'), outputToken: token(1, 'WETH'), originChainId: 8453, destinationChainId: 1 })
    const dst = chain(1).client
    const weth = token(1, 'WETH')
    const [ethBefore, wethBefore] = await Promise.all([dst.getBalance({ address: eoaRecipient }), balanceOf(dst, weth, eoaRecipient)])
    const hash = await fillAcrossDeposit(dst, { deposit: d, spokePool: across[1]!.spokePool, relayer: devnetAcrossRelayer, repaymentChainId: 8453 })
    expect(hash).toBeDefined()
    expect((await dst.getBalance({ address: eoaRecipient })) - ethBefore).toBe(999n * 10n ** 15n)
    expect(await balanceOf(dst, weth, eoaRecipient)).toBe(wethBefore)
    expect(await findAcrossFill(dst, { deposit: d, spokePool: across[1]!.spokePool })).toMatchObject({ transactionHash: hash, repaymentChainId: 8453 })
  })

  test('the client must be on the destination chain', async () => {
    const d = await deposit({ from: 1, to: 8453, symbol: 'USDC', inputAmount: 5_000_000n, outputAmount: 4_000_000n, recipient: eoaRecipient })
    await expect(fillAcrossDeposit(chain(1).client, { deposit: d, spokePool: across[1]!.spokePool, relayer: devnetAcrossRelayer })).rejects.toThrow(AcrossFillError)
  })
})

describe('Across fill with a message', () => {
  const message = '0xdeadbeef00c0ffee' as const

  test('USDC to a contract: tokens arrive first, then handleV3AcrossMessage(outputToken, outputAmount, relayer, message)', async () => {
    const dst = chain(8453).client
    const recipient = await deployProbe(dst)
    const d = await deposit({ from: 1, to: 8453, symbol: 'USDC', inputAmount: 2_000_000n, outputAmount: 1_990_000n, recipient, message })
    expect(d.message).toBe(message)
    await fillAcrossDeposit(dst, { deposit: d, spokePool: across[8453]!.spokePool, relayer: devnetAcrossRelayer })
    const read = (functionName: string) => dst.readContract({ address: recipient, abi: probeAbi, functionName })
    expect(await read('calls')).toBe(1n)
    expect(await read('lastTokenSent')).toBe(token(8453, 'USDC'))
    expect(await read('lastAmount')).toBe(1_990_000n)
    expect(await read('lastRelayer')).toBe(devnetAcrossRelayer)
    expect(await read('lastMessage')).toBe(message)
    expect(await read('lastCaller')).toBe(across[8453]!.spokePool)
    expect(await read('balanceDuringCall')).toBe(1_990_000n)
  })

  test('WETH to a contract stays WETH; an empty message calls nothing', async () => {
    const dst = chain(1).client
    const recipient = await deployProbe(dst)
    const weth = token(1, 'WETH')
    const d = await deposit({ from: 8453, to: 1, symbol: 'WETH', inputAmount: 10n ** 17n, outputAmount: 99n * 10n ** 15n, recipient })
    await fillAcrossDeposit(dst, { deposit: d, spokePool: across[1]!.spokePool, relayer: devnetAcrossRelayer })
    expect(await balanceOf(dst, weth, recipient)).toBe(99n * 10n ** 15n)
    expect(await dst.getBalance({ address: recipient })).toBe(0n)
    expect(await dst.readContract({ address: recipient, abi: probeAbi, functionName: 'calls' })).toBe(0n)

    const withMessage = await deposit({ from: 8453, to: 1, symbol: 'WETH', inputAmount: 10n ** 17n, outputAmount: 98n * 10n ** 15n, recipient, message })
    await fillAcrossDeposit(dst, { deposit: withMessage, spokePool: across[1]!.spokePool, relayer: devnetAcrossRelayer })
    expect(await dst.readContract({ address: recipient, abi: probeAbi, functionName: 'lastTokenSent' })).toBe(weth)
    expect(await dst.readContract({ address: recipient, abi: probeAbi, functionName: 'balanceDuringCall' })).toBe(197n * 10n ** 15n)
  })

  test('a message to an account without code is not delivered and the fill succeeds', async () => {
    const d = await deposit({ from: 1, to: 8453, symbol: 'USDC', inputAmount: 3_000_000n, outputAmount: 2_900_000n, recipient: eoaRecipient, message })
    const dst = chain(8453).client
    const before = await balanceOf(dst, token(8453, 'USDC'), eoaRecipient)
    expect(await fillAcrossDeposit(dst, { deposit: d, spokePool: across[8453]!.spokePool, relayer: devnetAcrossRelayer })).toBeDefined()
    expect((await balanceOf(dst, token(8453, 'USDC'), eoaRecipient)) - before).toBe(2_900_000n)
  })

  test('a reverting handler reverts the whole fill: nothing moves, the deposit stays unfilled', async () => {
    const dst = chain(8453).client
    const recipient = await deployProbe(dst)
    await sendTx(dst, { address: recipient, abi: probeAbi, functionName: 'setShouldRevert', args: [true] })
    const d = await deposit({ from: 1, to: 8453, symbol: 'USDC', inputAmount: 4_000_000n, outputAmount: 3_900_000n, recipient, message })
    const spokePool = across[8453]!.spokePool
    const relayerBefore = await balanceOf(dst, token(8453, 'USDC'), devnetAcrossRelayer)
    const error = await fillAcrossDeposit(dst, { deposit: d, spokePool, relayer: devnetAcrossRelayer }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AcrossFillError)
    expect((error as AcrossFillError).code).toBe('ACROSS_FILL_FAILED')
    // The handler's own error bubbles up unchanged: the SpokePool calls it directly, without try/catch.
    expect((error as AcrossFillError).details).toContain(toFunctionSelector('ProbeReverted()'))
    expect(await getAcrossFillStatus(dst, { deposit: d, spokePool })).toBe('unfilled')
    expect(await balanceOf(dst, token(8453, 'USDC'), recipient)).toBe(0n)
    expect(await balanceOf(dst, token(8453, 'USDC'), devnetAcrossRelayer)).toBe(relayerBefore)
    // Once the recipient accepts, the same deposit fills.
    await sendTx(dst, { address: recipient, abi: probeAbi, functionName: 'setShouldRevert', args: [false] })
    expect(await fillAcrossDeposit(dst, { deposit: d, spokePool, relayer: devnetAcrossRelayer })).toBeDefined()
    expect(await balanceOf(dst, token(8453, 'USDC'), recipient)).toBe(3_900_000n)
  })
})
