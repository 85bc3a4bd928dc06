import { type Address, type Hex, concatHex, decodeAbiParameters, getAddress, padHex, sliceHex, toFunctionSelector } from 'viem'
import { commandFlags, indexBytes } from './commandFormat.js'

/** Parameters of {@link decodePlanTargets}: an encoded plan, exactly as `executeShortcut` receives it. */
export type DecodePlanTargetsParameters = {
  commands: readonly Hex[]
  state: readonly Hex[]
}

/** Who a plan hands control to, nested plans included; checksummed, deduplicated, in plan order. */
export type DecodePlanTargetsReturnType = {
  /** Every command's target reached with calldata (CALL, STATICCALL, CALL with value). */
  callees: Address[]
  /**
   * Addresses that get control only when they hold code: targets of calls with empty calldata (a plain
   * native payment reaches `receive()`), and recipients of safe transfers (ERC-721 / ERC-1155 receiver
   * hooks, ERC-1363 `transferAndCall`). Never an address already in `callees`.
   */
  payees: Address[]
}

/**
 * Our contracts' functions that run a plan carried in their arguments: `flashLoanAaveV3` hands
 * `pool` control and has the lender call back into `runFlashLoanCallback(commands, state)`
 * (contracts/router/SwitchyardFlashLoans.sol). Argument positions: the nested plan's commands
 * (`bytes32[]`), its state (`bytes[]`, or the running state for a weiroll subplan), and the addresses
 * the call hands control to.
 */
const nestedPlanCarriers: ReadonlyMap<Hex, { commands: number; state: number; callees: readonly number[] }> = new Map([
  [toFunctionSelector('flashLoanAaveV3(address,address,uint256,bytes32[],bytes[])'), { commands: 3, state: 4, callees: [0] }],
  [toFunctionSelector('runFlashLoanCallback(bytes32[],bytes[])'), { commands: 0, state: 1, callees: [] }],
])

/** Transfers that call a hook on their recipient when it has code: selector → the recipient's argument. */
const hookedTransfers: ReadonlyMap<Hex, number> = new Map([
  // ERC-721 onERC721Received.
  [toFunctionSelector('safeTransferFrom(address,address,uint256)'), 1],
  [toFunctionSelector('safeTransferFrom(address,address,uint256,bytes)'), 1],
  // ERC-1155 onERC1155Received / onERC1155BatchReceived.
  [toFunctionSelector('safeTransferFrom(address,address,uint256,uint256,bytes)'), 1],
  [toFunctionSelector('safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)'), 1],
  // ERC-1363 onTransferReceived.
  [toFunctionSelector('transferAndCall(address,uint256)'), 0],
  [toFunctionSelector('transferAndCall(address,uint256,bytes)'), 0],
  [toFunctionSelector('transferFromAndCall(address,address,uint256)'), 1],
  [toFunctionSelector('transferFromAndCall(address,address,uint256,bytes)'), 1],
])

/** How deep plans may nest (a flash loan inside a flash loan's callback, …) before the rest is not read. */
const MAX_DEPTH = 4

/** One top-level argument of a command: a state slot, the whole state (0xfe), or an inline tuple/array. */
type Argument = { slot: number; dynamic: boolean } | { state: true } | { group: true }

/** The top-level arguments named by a command's index bytes (a valuecall's leading value index excluded). */
function argumentsOf(indices: readonly number[], valuecall: boolean): Argument[] {
  const out: Argument[] = []
  let depth = 0
  for (const index of indices.slice(valuecall ? 1 : 0)) {
    if (index === indexBytes.endOfArgs && depth === 0) break
    if (index === indexBytes.arrayStart || index === indexBytes.tupleStart) {
      if (depth++ === 0) out.push({ group: true })
    } else if (index === indexBytes.dynamicEnd) depth = Math.max(0, depth - 1)
    else if (depth > 0) continue
    else if (index === indexBytes.useState) out.push({ state: true })
    else out.push({ slot: index & 0x7f, dynamic: (index & indexBytes.variableLength) !== 0 })
  }
  return out
}

/** A 32-byte state word that holds an address (upper 12 bytes zero), lowercase (checksummed once, at the end). */
function addressIn(word: Hex | undefined): Address | undefined {
  if (word === undefined || word.length !== 66 || !/^0x0{24}/i.test(word)) return undefined
  return `0x${word.slice(26).toLowerCase()}`
}

/** The bytes of a hex string (`0x` first), as numbers. */
function bytesOf(hex: Hex): number[] {
  const out: number[] = []
  for (let k = 2; k + 1 < hex.length; k += 2) out.push(Number.parseInt(hex.slice(k, k + 2), 16))
  return out
}

/** Decodes the ABI tail a state slot holds for a dynamic value (`type` is `bytes32[]` or `bytes[]`). */
function decodeTail(type: 'bytes32[]' | 'bytes[]', tail: Hex | undefined): Hex[] | undefined {
  if (tail === undefined || tail.length < 66) return undefined
  try {
    const [values] = decodeAbiParameters([{ type }], concatHex([padHex('0x20', { size: 32 }), tail]))
    return [...(values as readonly Hex[])]
  } catch {
    return undefined
  }
}

/**
 * Reads who a plan hands control to, from the encoded plan itself (the bytes the chain runs, so no
 * encoder can leave a call out): every command's target, read as the weiroll VM reads it
 * (`contracts/router/WeirollVM.sol`: target in the low 20 bytes, extended commands take two words), and
 * the plans it carries in its arguments (a flash loan's callback plan and its lender). Calls with empty
 * calldata (native payments) and recipients of safe transfers are `payees`: they get control only if
 * they hold code, which the caller checks. Values computed during execution cannot be read here: a
 * recipient or nested plan held in a slot that an earlier command writes is skipped. Pure.
 *
 * @example
 * const { callees, payees } = decodePlanTargets({ commands: plan.commands, state: plan.state })
 * @param plan - {@link DecodePlanTargetsParameters}
 * @returns {@link DecodePlanTargetsReturnType}
 */
export function decodePlanTargets(plan: DecodePlanTargetsParameters): DecodePlanTargetsReturnType {
  // Keyed and kept lowercase: a plan names the same few contracts many times, each checksummed once below.
  const callees = new Set<Address>()
  const payees = new Set<Address>()
  const callee = (a: Address) => callees.add(a)
  const payee = (a: Address) => payees.add(a)
  const visit = (commands: readonly Hex[], initial: readonly Hex[], depth: number): void => {
    // Slots the plan writes while it runs: their initial words say nothing about what a call receives.
    const written = new Set<number>()
    let replaced = false
    const literal = (slot: number): Hex | undefined => (replaced || written.has(slot) ? undefined : initial[slot])
    for (let i = 0; i < commands.length; i++) {
      const command = commands[i]!
      if (command.length !== 66) continue
      const flags = Number.parseInt(command.slice(10, 12), 16)
      const extended = (flags & commandFlags.extended) !== 0
      const indexHex: Hex | undefined = extended ? commands[++i] : `0x${command.slice(12, 24)}`
      if (indexHex === undefined) break
      const indices = bytesOf(indexHex)
      const target: Address = `0x${command.slice(26).toLowerCase()}`
      const selector = command.slice(0, 10).toLowerCase() as Hex
      const args = argumentsOf(indices, (flags & 0x03) === commandFlags.valuecall)
      if ((flags & commandFlags.data) !== 0) {
        const first = args[0]
        const data = first && 'slot' in first ? literal(first.slot) : undefined
        if (data === undefined || data === '0x') payee(target)
        else {
          callee(target)
          const at = hookedTransfers.get(sliceHex(data, 0, 4).toLowerCase() as Hex)
          const recipient = at === undefined || data.length < 10 + 64 * (at + 1) ? undefined : addressIn(sliceHex(data, 4 + 32 * at, 36 + 32 * at))
          if (recipient) payee(recipient)
        }
      } else {
        callee(target)
        const wordOf = (k: number) => {
          const arg = args[k]
          return arg && 'slot' in arg && !arg.dynamic ? literal(arg.slot) : undefined
        }
        const at = hookedTransfers.get(selector)
        const recipient = at === undefined ? undefined : addressIn(wordOf(at))
        if (recipient) payee(recipient)
        const carrier = nestedPlanCarriers.get(selector)
        if (carrier && depth < MAX_DEPTH) {
          for (const k of carrier.callees) {
            const a = addressIn(wordOf(k))
            if (a) callee(a)
          }
          const commandsArg = args[carrier.commands]
          const stateArg = args[carrier.state]
          const nested = commandsArg && 'slot' in commandsArg ? decodeTail('bytes32[]', literal(commandsArg.slot)) : undefined
          const nestedState = stateArg && 'state' in stateArg ? [...initial] : stateArg && 'slot' in stateArg ? decodeTail('bytes[]', literal(stateArg.slot)) : undefined
          if (nested && nestedState) visit(nested, nestedState, depth + 1)
        }
      }
      const output = Number.parseInt(command.slice(24, 26), 16)
      if (output === indexBytes.useState) replaced = true
      else if (output !== indexBytes.endOfArgs) written.add(output & 0x7f)
    }
  }
  visit(plan.commands, plan.state, 0)
  for (const a of callees) payees.delete(a)
  return { callees: [...callees].map((a) => getAddress(a)), payees: [...payees].map((a) => getAddress(a)) }
}
