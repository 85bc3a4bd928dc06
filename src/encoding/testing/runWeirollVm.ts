/**
 * Test support: a TypeScript port of our VM's interpreter (`contracts/router/WeirollVM.sol` and
 * `WeirollCommandBuilder.sol`), line by line from the Solidity semantics, not from the encoder. Tests run
 * the plans they build through it over mock contracts and check every call and every balance.
 */
import { type Address, type Hex, concatHex, decodeAbiParameters, encodeAbiParameters, getAddress, hexToBigInt, numberToHex, padHex, size, sliceHex } from 'viem'

/** One call the VM made. */
export type WeirollVmCall = { commandIndex: number; target: Address; data: Hex; value: bigint; isStatic: boolean }

/** A revert of the VM itself (bad indices, shapes, missing code); mocks may throw it too. */
export class WeirollVmError extends Error {}

function uint8(hex: Hex, byte: number): number {
  return parseInt(hex.slice(2 + 2 * byte, 4 + 2 * byte), 16)
}

function word(n: bigint | number): Hex {
  return numberToHex(BigInt(n), { size: 32 })
}

/** `_encodeList` of WeirollCommandBuilder. */
function encodeList(state: readonly Hex[], indices: number[], start: number, nested: boolean): { encoded: Hex; next: number; dynamic: boolean; count: number } {
  const parts: { data: Hex; dynamic: boolean }[] = []
  let pos = start
  let closed = false
  while (pos < 32) {
    const idx = indices[pos]!
    if (idx === 0xff) break
    if (idx === 0xfb) {
      if (!nested) throw new WeirollVmError('UnbalancedIndexMarkers')
      pos++
      closed = true
      break
    }
    const value = encodeValue(state, indices, pos)
    parts.push({ data: value.part, dynamic: value.dynamic })
    pos = value.next
  }
  if (nested && !closed) throw new WeirollVmError('UnbalancedIndexMarkers')
  return { encoded: assemble(parts), next: pos, dynamic: parts.some((p) => p.dynamic), count: parts.length }
}

/** `_encodeValue` of WeirollCommandBuilder. */
function encodeValue(state: readonly Hex[], indices: number[], pos: number): { part: Hex; dynamic: boolean; next: number } {
  const idx = indices[pos]!
  if (idx === 0xfe) return { part: sliceHex(encodeAbiParameters([{ type: 'bytes[]' }], [state]), 32), dynamic: true, next: pos + 1 }
  if (idx === 0xfd) {
    const inner = encodeList(state, indices, pos + 1, true)
    return { part: concatHex([word(inner.count), inner.encoded]), dynamic: true, next: inner.next }
  }
  if (idx === 0xfc) {
    const inner = encodeList(state, indices, pos + 1, true)
    return { part: inner.encoded, dynamic: inner.dynamic, next: inner.next }
  }
  const slot = idx & 0x7f
  if (slot >= state.length) throw new WeirollVmError(`StateIndexOutOfBounds(${slot})`)
  const part = state[slot]!
  if (idx & 0x80) {
    if (size(part) % 32 !== 0) throw new WeirollVmError(`DynamicStateNotWordAligned(${slot})`)
    return { part, dynamic: true, next: pos + 1 }
  }
  if (size(part) !== 32) throw new WeirollVmError(`StaticStateNot32Bytes(${slot}, ${size(part)})`)
  return { part, dynamic: false, next: pos + 1 }
}

/** `_assemble`: static parts inline, dynamic ones behind an offset relative to the block. */
function assemble(parts: { data: Hex; dynamic: boolean }[]): Hex {
  const headSize = parts.reduce((s, p) => s + (p.dynamic ? 32 : size(p.data)), 0)
  const head: Hex[] = []
  const tail: Hex[] = []
  let offset = headSize
  for (const p of parts) {
    if (p.dynamic) {
      head.push(word(offset))
      tail.push(p.data)
      offset += size(p.data)
    } else head.push(p.data)
  }
  return concatHex([...head, ...tail])
}

function writeOutputs(state: Hex[], index: number, output: Hex): Hex[] {
  if (index === 0xff) return state
  if (index === 0xfe) return [...decodeAbiParameters([{ type: 'bytes[]' }], output)[0]]
  const slot = index & 0x7f
  if (slot >= state.length) throw new WeirollVmError(`StateIndexOutOfBounds(${slot})`)
  if (index & 0x80) {
    if (size(output) < 64 || size(output) % 32 !== 0 || hexToBigInt(sliceHex(output, 0, 32)) !== 32n) throw new WeirollVmError('InvalidOutputShape')
    state[slot] = sliceHex(output, 32)
  } else {
    if (size(output) !== 32) throw new WeirollVmError(`InvalidOutputShape(${slot}, ${size(output)})`)
    state[slot] = output
  }
  return state
}

function writeTuple(state: Hex[], index: number, output: Hex): void {
  if (index === 0xff) return
  const slot = index & 0x7f
  if (slot >= state.length) throw new WeirollVmError(`StateIndexOutOfBounds(${slot})`)
  const padded = Math.ceil(size(output) / 32) * 32
  state[slot] = concatHex([word(size(output)), size(output) === 0 ? '0x' : padHex(output, { dir: 'right', size: padded })])
}

/**
 * `_execute` of WeirollVM: runs `commands` over `state`, handing every call to `call` (a mock chain),
 * and returns the final state. Delegatecalls are refused (our executor never plans them).
 *
 * @example
 * const final = runWeirollVm(plan, (c) => mocks.get(c.target)!(c))
 */
export function runWeirollVm({ commands, state: initial }: { commands: readonly Hex[]; state: readonly Hex[] }, call: (call: WeirollVmCall) => Hex): Hex[] {
  let state = [...initial]
  for (let i = 0; i < commands.length; i++) {
    const commandIndex = i
    const command = commands[i]!
    const flags = uint8(command, 4)
    let indices: number[]
    if (flags & 0x40) {
      if (++i === commands.length) throw new WeirollVmError('Missing extended indices')
      indices = Array.from({ length: 32 }, (_, k) => uint8(commands[i]!, k))
    } else indices = [...Array.from({ length: 6 }, (_, k) => uint8(command, 5 + k)), ...new Array<number>(26).fill(0xff)]
    const target = getAddress(sliceHex(command, 12))
    const callType = flags & 0x03
    let value = 0n
    if (callType === 0x03) {
      const slot = indices[0]! & 0x7f
      if (slot >= state.length) throw new WeirollVmError('StateIndexOutOfBounds')
      if (size(state[slot]!) !== 32) throw new WeirollVmError('StaticStateNot32Bytes')
      value = hexToBigInt(state[slot]!)
      indices = [...indices.slice(1), 0xff]
    } else if (callType === 0) throw new WeirollVmError('Delegatecall not supported')
    let data: Hex
    if (flags & 0x20) {
      const slot = indices[0]! & 0x7f
      if (slot >= state.length) throw new WeirollVmError('StateIndexOutOfBounds')
      data = state[slot]!
    } else data = concatHex([sliceHex(command, 0, 4), encodeList(state, indices, 0, false).encoded])
    const output = call({ commandIndex, target, data, value, isStatic: callType === 0x02 })
    const outIndex = uint8(command, 11)
    if (flags & 0x80) writeTuple(state, outIndex, output)
    else state = writeOutputs(state, outIndex, output)
  }
  return state
}
