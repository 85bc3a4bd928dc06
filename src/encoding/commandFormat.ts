/**
 * The weiroll command format `encodePlan` writes and `decodePlanTargets` reads: a command word is
 * selector (4 bytes) | flags (1) | input indices (6) | output index (1) | target (20); an extended
 * command carries its 32 input indices in the next word.
 */

/** Flag bits of a command (byte 4). */
export const commandFlags = {
  call: 0x01,
  staticcall: 0x02,
  valuecall: 0x03,
  data: 0x20,
  extended: 0x40,
  tupleReturn: 0x80,
} as const

/** Special index bytes. */
export const indexBytes = {
  variableLength: 0x80,
  endOfArgs: 0xff,
  useState: 0xfe,
  arrayStart: 0xfd,
  tupleStart: 0xfc,
  dynamicEnd: 0xfb,
} as const

/** Slots 0..122: 0xfb..0xff are markers, so a variable-length slot index must stay below 0x7b. */
export const maxStateSlots = 123
