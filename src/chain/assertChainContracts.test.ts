import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Address, Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { configSchema } from '../config.js'
import { deploySwitchyardContracts } from '../contracts/deploySwitchyardContracts.js'
import { connectChains } from './connectChains.js'
import { createDevnetClient, devnetDeployer } from './devnet/createDevnetClient.js'
import { loadProtocolArtifact } from './devnet/protocolArtifacts.js'
import { startAnvil, type AnvilNode } from './devnet/startAnvil.js'

const MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** A plain chain 1 (no contracts but anvil's own) served as an external node, as an operator would point one. */
let node: AnvilNode
let stateDir: string
beforeAll(async () => {
  node = await startAnvil({ chainId: 1 })
  stateDir = mkdtempSync(join(tmpdir(), 'switchyard-plain-chain-'))
})
afterAll(async () => {
  await node?.stop()
  rmSync(stateDir, { recursive: true, force: true })
})

const connect = () => connectChains(configSchema.parse({ chains: [1], rpc: { '1': node.rpcUrl }, stateDir }))
const failure = (p: Promise<{ stop(): Promise<void> }>) => p.then(async (c) => { await c.stop(); return undefined }, (e: Error) => e)
const text = (e: Error | undefined) => e?.message.replaceAll(node.rpcUrl, 'NODE')

describe('an external chain without what switchyard needs stops the start, saying what is missing and what to do', () => {
  test('without Multicall3, then without our contracts; with both it goes on', async () => {
    const noMulticall = await failure(connect())
    expect(noMulticall).toMatchObject({ name: 'MissingChainContractError', code: 'CHAIN_CONTRACT_MISSING', chainId: 1, contract: 'Multicall3' })
    expect(text(noMulticall)).toMatchInlineSnapshot(`
      "Chain 1 (NODE/) has no Multicall3 at 0xcA11bde05977b3631167028862bE2a173976CA11: switchyard batches every read of the chain through it.

      Deploy Multicall3 at its canonical address 0xcA11bde05977b3631167028862bE2a173976CA11 with its presigned transaction (the Multicall3
      project documents it: fund its deployer, then eth_sendRawTransaction the signed deployment), or on an anvil
      fork copy it with anvil_setCode. Is the URL the right chain?

      Details: chain 1, Multicall3 expected at 0xcA11bde05977b3631167028862bE2a173976CA11, node NODE/"
    `)

    // Multicall3 put at its canonical address, as the devnet does.
    const client = createDevnetClient({ rpcUrl: node.rpcUrl, chainId: 1 })
    const hash = await client.sendTransaction({ account: devnetDeployer, chain: client.chain, data: loadProtocolArtifact('Multicall3').bytecode })
    const { contractAddress } = await client.waitForTransactionReceipt({ hash })
    await client.setCode({ address: MULTICALL3, bytecode: (await client.getCode({ address: contractAddress! })) as Hex })

    const noContracts = await failure(connect())
    expect(noContracts).toMatchObject({ name: 'MissingChainContractError', chainId: 1, contract: "switchyard's contracts" })
    expect(text(noContracts)).toContain('every route and bundle runs through them')
    expect(text(noContracts)).toContain('Deploy them with: npm run contracts:deploy -- --rpc <this node\'s URL>')

    await deploySwitchyardContracts(client, { account: devnetDeployer })
    const after = await failure(connect())
    expect(after?.name).not.toBe('MissingChainContractError')
  }, 120_000)
})
