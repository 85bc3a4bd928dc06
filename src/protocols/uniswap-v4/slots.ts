import { encodeAbiParameters, keccak256, toHex, type Hex } from 'viem'

/**
 * Storage layout of the v4-core 1.0.2 PoolManager (`StateLibrary`): `pools` is the mapping at slot 6, and in a
 * pool's `Pool.State` slot0 sits at offset 0, liquidity at 3, the ticks mapping at 4 and the tick bitmap at 5.
 */
const POOLS_SLOT = 6n
const LIQUIDITY_OFFSET = 3n
const TICKS_OFFSET = 4n
const TICK_BITMAP_OFFSET = 5n

const mappingKey = (key: bigint, slot: bigint): Hex =>
  keccak256(encodeAbiParameters([{ type: 'int256' }, { type: 'uint256' }], [key, slot]))

/** The slot of a pool's `Pool.State` (its slot0): `keccak256(abi.encodePacked(poolId, POOLS_SLOT))`. */
export function poolStateSlot(poolId: Hex): bigint {
  return BigInt(keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'uint256' }], [poolId, POOLS_SLOT])))
}

/** The slot holding the pool's in-range liquidity (uint128, low bits). */
export function liquiditySlot(stateSlot: bigint): Hex {
  return toHex(stateSlot + LIQUIDITY_OFFSET, { size: 32 })
}

/** The slot of `tickBitmap[wordPosition]`. */
export function tickBitmapSlot(stateSlot: bigint, wordPosition: number): Hex {
  return mappingKey(BigInt(wordPosition), stateSlot + TICK_BITMAP_OFFSET)
}

/** The first slot of `ticks[tick]`: liquidityGross (low 128 bits) and liquidityNet (high 128 bits, signed). */
export function tickInfoSlot(stateSlot: bigint, tick: number): Hex {
  return mappingKey(BigInt(tick), stateSlot + TICKS_OFFSET)
}

/** Slot0 fields (`Slot0Library`): sqrtPriceX96 (bits 0–159), tick (160–183, signed), protocolFee (184–207), lpFee (208–231). */
export function decodeSlot0(word: Hex): { sqrtPriceX96: bigint; tick: number; protocolFee: number; lpFee: number } {
  const v = BigInt(word)
  const rawTick = Number((v >> 160n) & 0xffffffn)
  return {
    sqrtPriceX96: v & ((1n << 160n) - 1n),
    tick: rawTick >= 0x800000 ? rawTick - 0x1000000 : rawTick,
    protocolFee: Number((v >> 184n) & 0xffffffn),
    lpFee: Number((v >> 208n) & 0xffffffn),
  }
}

/** `liquidityNet` from a tick's first slot (the signed upper 128 bits). */
export function decodeLiquidityNet(word: Hex): bigint {
  const high = BigInt(word) >> 128n
  return high >= 1n << 127n ? high - (1n << 128n) : high
}
