import { type Address, getAddress, parseAbi, type PublicClient, zeroAddress } from 'viem'
import { getBridgeReceiverAddresses } from '../contracts/deployBridgeReceiver.js'
import type { AcrossEntry, StargatePoolEntry } from './addressBook.js'
import { layerZeroDeployments, stargateDeployments } from './canonicalAddresses.js'
import { acrossDeployments } from './devnet/deployAcross.js'
import { bridgeReceiverParametersOf, type BridgesOfBook } from './bridgeReceiverParametersOf.js'
import { hasCode } from './hasCode.js'

const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const endpointAbi = parseAbi([
  'function eid() view returns (uint32)',
  'function defaultSendLibrary(uint32 eid) view returns (address)',
  'function defaultReceiveLibrary(uint32 eid) view returns (address)',
])
const poolAbi = parseAbi(['function token() view returns (address)', 'function sharedDecimals() view returns (uint8)', 'function lpToken() view returns (address)'])
const erc20 = parseAbi(['function decimals() view returns (uint8)'])

/**
 * The bridges of a chain on an external node, each added only where its code is: LayerZero V2's
 * endpoint at its canonical address (its eid and default libraries read from it), Stargate V2 pools at
 * their mainnet addresses, Across's spoke pool, and our SwitchyardBridgeReceiver at the CREATE2 address
 * those pin (deploy it on a fork with `npm run contracts:deploy`). Mutates `book`.
 */
export async function discoverBridges(client: PublicClient, book: BridgesOfBook): Promise<void> {
  const lz = layerZeroDeployments[book.chainId]
  if (lz && (await hasCode(client, lz.endpoint))) {
    const eid = await client.readContract({ address: lz.endpoint, abi: endpointAbi, functionName: 'eid' })
    const remote = Object.values(layerZeroDeployments).find((d) => d.eid !== eid)?.eid
    const [sendLib, receiveLib] = remote === undefined
      ? [zeroAddress, zeroAddress]
      : await Promise.all([
          client.readContract({ address: lz.endpoint, abi: endpointAbi, functionName: 'defaultSendLibrary', args: [remote] }).catch(() => zeroAddress),
          client.readContract({ address: lz.endpoint, abi: endpointAbi, functionName: 'defaultReceiveLibrary', args: [remote] }).catch(() => zeroAddress),
        ])
    book.layerZero = { endpoint: lz.endpoint, eid, sendLib, receiveLib }
    const sg = stargateDeployments[book.chainId]
    if (sg) {
      const pools: StargatePoolEntry[] = []
      for (const [symbol, d] of Object.entries(sg.pools)) {
        if (!(await hasCode(client, d.pool))) continue
        const [token, shared, lpToken] = await Promise.all([
          client.readContract({ address: d.pool, abi: poolAbi, functionName: 'token' }),
          client.readContract({ address: d.pool, abi: poolAbi, functionName: 'sharedDecimals' }),
          client.readContract({ address: d.pool, abi: poolAbi, functionName: 'lpToken' }).catch(() => zeroAddress),
        ])
        const native = token === zeroAddress
        const localDecimals = native ? 18 : await client.readContract({ address: token, abi: erc20, functionName: 'decimals' })
        pools.push({ pool: d.pool, token: native ? NATIVE : getAddress(token), symbol, assetId: d.assetId, feeLib: d.feeLib, native, sharedDecimals: shared, localDecimals, lpToken })
      }
      if (pools.length > 0) book.stargate = { tokenMessaging: sg.tokenMessaging, creditMessaging: sg.creditMessaging, pools }
    }
  }
  const across = acrossDeployments[book.chainId]
  if (across && (await hasCode(client, across.spokePool))) {
    book.across = { spokePool: across.spokePool, contractName: across.contractName, implementation: zeroAddress, relayer: zeroAddress, admin: zeroAddress, depositQuoteTimeBuffer: 0, fillDeadlineBuffer: 0, routes: [] } satisfies AcrossEntry
  }
  const parameters = bridgeReceiverParametersOf(book)
  if (parameters) {
    const receiver = getBridgeReceiverAddresses(parameters)
    if (await hasCode(client, receiver.bridgeReceiver)) Object.assign(book.switchyard!, receiver)
  }
}
