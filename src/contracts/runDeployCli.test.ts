import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createPublicClient, http, keccak256, stringToHex, zeroAddress, type Address, type Hex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadDeployerSecrets } from '../config.js'
import type { BridgesOfBook } from '../chain/bridgeReceiverParametersOf.js'
import { layerZeroDeployments } from '../chain/canonicalAddresses.js'
import { discoverBridges } from '../chain/discoverBridges.js'
import { startAnvil, type AnvilNode } from '../chain/devnet/startAnvil.js'
import { startRpcProxy, type RpcProxy, type RpcProxyHandler } from '../chain/testing/startRpcProxy.js'
import { getBridgeReceiverAddresses } from './deployBridgeReceiver.js'
import { getSwitchyardAddresses } from './deploySwitchyardContracts.js'
import { deployUsage, runDeployCli } from './runDeployCli.js'
import { scryptFixture, scryptFixtureKey, scryptFixturePassword } from './testing/keystoreFixture.js'

const run = promisify(execFile)

/**
 * What a geth or reth node offers: standard methods only. No anvil_/evm_/hardhat_ cheats, no
 * unlocked account (eth_accounts is empty, eth_sendTransaction refused): only raw, locally signed
 * transactions get in.
 */
const plainNode: RpcProxyHandler = async (call, forward) => {
  if (call.method === 'eth_accounts') return { jsonrpc: '2.0', id: call.id, result: [] }
  if (/^(anvil|evm|hardhat|debug|personal)_/.test(call.method) || call.method === 'eth_sendTransaction' || call.method === 'eth_sign') {
    return { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: `the method ${call.method} does not exist/is not available` } }
  }
  return forward()
}

const NO_BRIDGE = 'chain 31337: no bridge here (no LayerZero endpoint or Across spoke pool with code at its canonical address), so no bridge receiver: cross-chain routes will not deliver to this chain'

/** A key no anvil unlocks. */
const KEY: Hex = keccak256(stringToHex('switchyard deploy cli test deployer'))

const rpc = (url: string, method: string, params: unknown[]) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then((r) => r.json() as Promise<{ result?: unknown }>)

async function startPlainNode(extraArgs: string[] = [], chainId = 31337): Promise<{ node: AnvilNode; proxy: RpcProxy }> {
  const node = await startAnvil({ chainId, extraArgs })
  const proxy = await startRpcProxy({ target: node.rpcUrl, handler: plainNode })
  return { node, proxy }
}

function capture() {
  const out: string[] = []
  const err: string[] = []
  return { out, err, ctx: (secrets = {}) => ({ secrets, out: (l: string) => out.push(l), err: (l: string) => err.push(l) }) }
}

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-deploy-'))
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('npm run contracts:deploy', () => {
  test('--help prints the usage and exits 0 (it crashed on the unknown option)', async () => {
    const { stdout } = await run('npx', ['tsx', 'src/contracts/deployCli.ts', '--help'], { cwd: join(import.meta.dirname, '../..') })
    expect(stdout.trim()).toBe(deployUsage)
    const c = capture()
    expect(await runDeployCli(c.ctx(), { argv: ['-h'] })).toBe(0)
    expect(c.out).toEqual([deployUsage])
  }, 60_000)

  test('the secrets come from SWITCHYARD_DEPLOYER_KEY and SWITCHYARD_DEPLOYER_PASSWORD; empty is unset', () => {
    expect(loadDeployerSecrets({ SWITCHYARD_DEPLOYER_KEY: KEY, SWITCHYARD_DEPLOYER_PASSWORD: 'pw' })).toEqual({ privateKey: KEY, password: 'pw' })
    expect(loadDeployerSecrets({ SWITCHYARD_DEPLOYER_KEY: '', SWITCHYARD_DEPLOYER_PASSWORD: '' })).toEqual({})
  })

  test('usage errors exit 2 with the usage', async () => {
    const c = capture()
    expect(await runDeployCli(c.ctx(), { argv: [] })).toBe(2)
    expect(c.err[0]).toContain('--rpc <json-rpc url> is required')
    expect(await runDeployCli(c.ctx(), { argv: ['--rpc', 'http://127.0.0.1:1', '--frobnicate'] })).toBe(2)
    expect(c.err[1]).toContain("Unknown option '--frobnicate'")
  })

  test('a private key from the environment deploys through a node with no unlocked account, signing raw transactions; the key is never printed', async () => {
    const { node, proxy } = await startPlainNode()
    try {
      const deployer = privateKeyToAddress(KEY)
      await rpc(node.rpcUrl, 'anvil_setBalance', [deployer, '0x56bc75e2d63100000'])
      const c = capture()
      const code = await runDeployCli(c.ctx({ privateKey: KEY }), { argv: ['--rpc', proxy.url] })
      expect(c.err.join('\n')).not.toContain(KEY.slice(2))
      expect(code, c.err.join('\n')).toBe(0)
      expect(c.err).toEqual([`chain 31337 (${proxy.url}/): deploying from ${deployer} (private key)`, NO_BRIDGE])
      const printed = JSON.parse(c.out.join('\n')) as { chainId: number; deployer: Address; router: Address }
      expect(printed).toMatchObject({ chainId: 31337, deployer, ...getSwitchyardAddresses() })
      expect(c.out.join('\n')).not.toContain(KEY.slice(2))
      const routerCode = (await rpc(node.rpcUrl, 'eth_getCode', [printed.router, 'latest'])).result as Hex
      expect(routerCode.length).toBeGreaterThan(2)
      // Every transaction came from the key's account.
      expect(Number((await rpc(node.rpcUrl, 'eth_getTransactionCount', [deployer, 'latest'])).result)).toBe(9)
      // Run again: everything is there, nothing is sent.
      expect(await runDeployCli(capture().ctx({ privateKey: KEY }), { argv: ['--rpc', proxy.url, '--private-key', KEY] })).toBe(0)
      expect(Number((await rpc(node.rpcUrl, 'eth_getTransactionCount', [deployer, 'latest'])).result)).toBe(9)
    } finally {
      await proxy.close()
      await node.stop()
    }
  }, 60_000)

  test('on a chain with a bridge it also deploys the bridge receiver, at the address the service discovers from that bridge', async () => {
    // Chain 1 with something at LayerZero's canonical EndpointV2 that answers every call with 117 (its eid).
    const { node, proxy } = await startPlainNode([], 1)
    try {
      const deployer = privateKeyToAddress(KEY)
      await rpc(node.rpcUrl, 'anvil_setBalance', [deployer, '0x56bc75e2d63100000'])
      await rpc(node.rpcUrl, 'anvil_setCode', [layerZeroDeployments[1]!.endpoint, '0x607560005260206000f3'])
      const c = capture()
      const code = await runDeployCli(c.ctx({ privateKey: KEY }), { argv: ['--rpc', proxy.url] })
      expect(code, c.err.join('\n')).toBe(0)
      expect(c.err).toEqual([`chain 1 (${proxy.url}/): deploying from ${deployer} (private key)`])
      const printed = JSON.parse(c.out.join('\n')) as { bridgeSender: Address; bridgeReceiver: Address; bridgeReceiverExecutor: Address }
      const expected = getBridgeReceiverAddresses({ endpoint: layerZeroDeployments[1]!.endpoint, spokePool: zeroAddress, bridgeSender: getSwitchyardAddresses().bridgeSender, stargatePools: [] })
      expect(printed).toMatchObject(expected)
      expect(((await rpc(node.rpcUrl, 'eth_getCode', [expected.bridgeReceiver, 'latest'])).result as Hex).length).toBeGreaterThan(2)
      // The service's discovery of the chain's bridges finds the receiver there.
      const book: BridgesOfBook = { chainId: 1, switchyard: { ...getSwitchyardAddresses() } }
      await discoverBridges(createPublicClient({ transport: http(node.rpcUrl) }), book)
      expect(book.layerZero?.eid).toBe(117)
      expect(book.switchyard).toMatchObject(expected)
      // Nine contracts and the receiver; a second run sends nothing.
      expect(Number((await rpc(node.rpcUrl, 'eth_getTransactionCount', [deployer, 'latest'])).result)).toBe(10)
      expect(await runDeployCli(capture().ctx({ privateKey: KEY }), { argv: ['--rpc', proxy.url] })).toBe(0)
      expect(Number((await rpc(node.rpcUrl, 'eth_getTransactionCount', [deployer, 'latest'])).result)).toBe(10)
    } finally {
      await proxy.close()
      await node.stop()
    }
  }, 60_000)

  test('an encrypted keystore with its password file deploys the same way; a wrong password is refused without echoing it', async () => {
    const { node, proxy } = await startPlainNode()
    try {
      const deployer = privateKeyToAddress(scryptFixtureKey)
      await rpc(node.rpcUrl, 'anvil_setBalance', [deployer, '0x56bc75e2d63100000'])
      const keystore = join(dir, 'keystore.json')
      const passwordFile = join(dir, 'password.txt')
      writeFileSync(keystore, JSON.stringify(scryptFixture))
      writeFileSync(passwordFile, 'not it\n')
      const wrong = capture()
      expect(await runDeployCli(wrong.ctx(), { argv: ['--rpc', proxy.url, '--keystore', keystore, '--password-file', passwordFile] })).toBe(1)
      expect(wrong.err.join('\n')).toContain('Could not decrypt the keystore: the password does not match (MAC check failed).')
      expect(wrong.err.join('\n')).not.toContain('not it')

      writeFileSync(passwordFile, `${scryptFixturePassword}\n`)
      const c = capture()
      const code = await runDeployCli(c.ctx(), { argv: ['--rpc', proxy.url, '--keystore', keystore, '--password-file', passwordFile] })
      expect(code, c.err.join('\n')).toBe(0)
      expect(c.err).toEqual([`chain 31337 (${proxy.url}/): deploying from ${deployer} (keystore)`, NO_BRIDGE])
      expect(JSON.parse(c.out.join('\n'))).toMatchObject({ deployer, router: getSwitchyardAddresses().router })
      expect(c.err.join('\n') + c.out.join('\n')).not.toContain(scryptFixtureKey.slice(2))
      // The password may come from the environment instead.
      expect(await runDeployCli(capture().ctx({ password: scryptFixturePassword }), { argv: ['--rpc', proxy.url, '--keystore', keystore] })).toBe(0)
    } finally {
      await proxy.close()
      await node.stop()
    }
  }, 60_000)

  test('with no key on a node that unlocks nothing, or two ways to choose, it says what to give', async () => {
    const { node, proxy } = await startPlainNode()
    try {
      const none = capture()
      expect(await runDeployCli(none.ctx(), { argv: ['--rpc', proxy.url] })).toBe(1)
      expect(none.err.join('\n')).toMatchInlineSnapshot(`
        "No deployer account: no key or keystore was given and the node unlocks no account.

        Give a private key in SWITCHYARD_DEPLOYER_KEY (or --private-key, which shell history and \`ps\` can see),
        or an encrypted JSON keystore with --keystore <file> and its password in --password-file <file> or SWITCHYARD_DEPLOYER_PASSWORD,
        or run against a node that unlocks an account (anvil, a dev node)."
      `)
      const both = capture()
      expect(await runDeployCli(both.ctx({ privateKey: KEY }), { argv: ['--rpc', proxy.url, '--keystore', 'k.json'] })).toBe(1)
      expect(both.err[0]).toContain('both a private key and a keystore were given; give one')
      const bad = capture()
      expect(await runDeployCli(bad.ctx({ privateKey: `${KEY.slice(0, 40)}zz` }), { argv: ['--rpc', proxy.url] })).toBe(1)
      expect(bad.err[0]).toContain('the private key is not 32 bytes of hex')
      expect(bad.err.join('\n')).not.toContain(KEY.slice(2, 40))
    } finally {
      await proxy.close()
      await node.stop()
    }
  }, 60_000)

  test('a chain without the deterministic deployment proxy is told how to get it', async () => {
    const { node, proxy } = await startPlainNode(['--disable-default-create2-deployer'])
    try {
      await rpc(node.rpcUrl, 'anvil_setBalance', [privateKeyToAddress(KEY), '0x56bc75e2d63100000'])
      const c = capture()
      expect(await runDeployCli(c.ctx({ privateKey: KEY }), { argv: ['--rpc', proxy.url] })).toBe(1)
      expect(c.err.slice(1).join('\n').replaceAll(proxy.url, 'NODE')).toMatchInlineSnapshot(`
        "Chain 31337 (NODE/) has no deterministic deployment proxy at 0x4e59b44847b379578588920cA78FbF26c0B4956C: our contracts are deployed through it (CREATE2, the same addresses on every chain).

        Deploy it with its presigned transaction (the "deterministic-deployment-proxy" project): send 0.01 ETH to its signer
        0x3fab184622dc19b6109349b94811493bf2a45362, then eth_sendRawTransaction the presigned deployment (a pre-EIP-155
        transaction: geth needs --rpc.allow-unprotected-txs). Almost every public chain already has it.

        Details: chain 31337, deterministic deployment proxy expected at 0x4e59b44847b379578588920cA78FbF26c0B4956C, node NODE/"
      `)
    } finally {
      await proxy.close()
      await node.stop()
    }
  }, 60_000)
})
