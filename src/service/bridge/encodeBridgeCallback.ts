import { type Address, type Hex, concatHex, decodeAbiParameters, encodeAbiParameters, numberToHex, pad, sliceHex } from 'viem'
import type { BundleBridgeLeg } from '../../protocols/bundle/types.js'

/** The Solidity `Callback` struct of SwitchyardBridgeCallback.sol, as an ABI parameter. */
const callbackParameter = {
  type: 'tuple',
  components: [
    { name: 'receiver', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'gasLimit', type: 'uint256' },
    { name: 'value', type: 'uint256' },
    { name: 'tokensOut', type: 'address[]' },
    { name: 'minAmountsOut', type: 'uint256[]' },
    { name: 'accountId', type: 'bytes32' },
    { name: 'requestId', type: 'bytes32' },
    { name: 'commands', type: 'bytes32[]' },
    { name: 'state', type: 'bytes[]' },
  ],
} as const

/** What a destination callback carries (see SwitchyardBridgeReceiver). */
export type BridgeCallback = {
  receiver: Address
  refundReceiver: Address
  gasLimit: bigint
  value: bigint
  tokensOut: Address[]
  minAmountsOut: bigint[]
  accountId: Hex
  requestId: Hex
  commands: Hex[]
  state: Hex[]
}

/** ABI encoding of a callback: the Stargate compose message body, or the Across message. */
export function encodeBridgeCallback(callback: BridgeCallback): Hex {
  return encodeAbiParameters([callbackParameter], [callback])
}

/** Decodes a callback (what the receiver and the relayer read from a compose message's body). */
export function decodeBridgeCallback(encoded: Hex): BridgeCallback {
  const [callback] = decodeAbiParameters([callbackParameter], encoded)
  return { ...callback, tokensOut: [...callback.tokensOut], minAmountsOut: [...callback.minAmountsOut], commands: [...callback.commands], state: [...callback.state] }
}

/**
 * The message `lzCompose` receives for a Stargate taxi with a compose message (OFTComposeMsgCodec):
 * nonce (8 bytes) | srcEid (4) | amountLD (32) | composeFrom (32) | composeMsg.
 */
export function encodeOftComposeMessage(p: { nonce: bigint; srcEid: number; amountLD: bigint; composeFrom: Address; composeMsg: Hex }): Hex {
  return concatHex([numberToHex(p.nonce, { size: 8 }), numberToHex(p.srcEid, { size: 4 }), numberToHex(p.amountLD, { size: 32 }), pad(p.composeFrom), p.composeMsg])
}

/** A `bytes` literal as the plan's state holds it: the ABI tail (length word, padded data). */
function bytesSlot(value: Hex): Hex {
  return sliceHex(encodeAbiParameters([{ type: 'bytes' }], [value]), 32).toLowerCase() as Hex
}

/**
 * Puts each leg's encoded callback where the plan carries its placeholder.
 * @throws Error when a placeholder is missing from the state (a planner change would show here)
 */
export function replaceBridgePlaceholders(state: readonly Hex[], legs: readonly Pick<BundleBridgeLeg, 'placeholder' | 'callback'>[], encoded: readonly Hex[]): Hex[] {
  const out = [...state]
  legs.forEach((leg, i) => {
    if (leg.callback.length === 0) return
    const slot = bytesSlot(leg.placeholder)
    const at = out.findIndex((s) => s.toLowerCase() === slot)
    if (at < 0) throw new Error(`bridge placeholder ${i} is not in the plan's state`)
    out[at] = bytesSlot(encoded[i]!)
  })
  return out
}
