import { PlainTag, type PlainTape } from './plainTape.js'

/** Writes plain values to a {@link PlainTape}; reuses its scratch buffers between calls. */
export type PlainEncoder = {
  /** Encodes `value` (usually an array of requests or answers) into a fresh tape. */
  encode(value: unknown): PlainTape
}

type ShapeNode = { next: Map<string, ShapeNode>; firstKey: string | undefined; first: ShapeNode | undefined; keys: string[]; epoch: number; id: number }

/** Trie nodes kept before the trie starts over (objects keyed by data, e.g. by token address, add nodes). */
const MAX_SHAPE_NODES = 50_000

/**
 * Creates an encoder. Object shapes are found through a trie keyed by property name, so an object of a
 * known shape costs a key comparison per key (or a Map lookup at a fork) and no allocation.
 *
 * @example
 * const tape = createPlainEncoder().encode([{ amount: 1n, token: '0x…' }])
 * @returns a reusable encoder (one per thread)
 */
export function createPlainEncoder(): PlainEncoder {
  let tags = new Uint8Array(4096)
  let nums = new Float64Array(2048)
  let limbs = new BigUint64Array(256)
  let nt = 0
  let nn = 0
  let nl = 0
  let strings: string[] = []
  const stringIds = new Map<string, number>()
  let shapes: string[][] = []
  let others: unknown[] = []
  const root: ShapeNode = { next: new Map(), firstKey: undefined, first: undefined, keys: [], epoch: -1, id: -1 }
  let epoch = 0
  let nodes = 0

  const tag = (t: number): void => {
    if (nt === tags.length) {
      const grown = new Uint8Array(tags.length * 2)
      grown.set(tags)
      tags = grown
    }
    tags[nt++] = t
  }
  const num = (n: number): void => {
    if (nn === nums.length) {
      const grown = new Float64Array(nums.length * 2)
      grown.set(nums)
      nums = grown
    }
    nums[nn++] = n
  }
  const limb = (x: bigint): void => {
    if (nl === limbs.length) {
      const grown = new BigUint64Array(limbs.length * 2)
      grown.set(limbs)
      limbs = grown
    }
    // A BigUint64Array store keeps the low 64 bits.
    limbs[nl++] = x
  }
  const stringId = (s: string): number => {
    let id = stringIds.get(s)
    if (id === undefined) {
      id = strings.length
      strings.push(s)
      stringIds.set(s, id)
    }
    return id
  }
  const shapeId = (node: ShapeNode): number => {
    if (node.epoch !== epoch) {
      node.epoch = epoch
      node.id = shapes.length
      shapes.push(node.keys)
    }
    return node.id
  }
  const write = (value: unknown): void => {
    switch (typeof value) {
      case 'undefined':
        return tag(PlainTag.undefined)
      case 'boolean':
        return tag(value ? PlainTag.true : PlainTag.false)
      case 'number':
        tag(PlainTag.number)
        return num(value)
      case 'string':
        tag(PlainTag.string)
        return num(stringId(value))
      case 'bigint': {
        let magnitude = value
        if (value < 0n) {
          tag(PlainTag.negativeBigint)
          magnitude = -value
        } else tag(PlainTag.bigint)
        if (magnitude < 0x10000000000000000n) {
          num(1)
          return limb(magnitude)
        }
        const at = nn
        num(0)
        let count = 0
        do {
          limb(magnitude)
          magnitude >>= 64n
          count++
        } while (magnitude > 0n)
        nums[at] = count
        return
      }
      case 'object': {
        if (value === null) return tag(PlainTag.null)
        if (Array.isArray(value)) {
          tag(PlainTag.array)
          num(value.length)
          for (let i = 0; i < value.length; i++) write(value[i])
          return
        }
        if (Object.getPrototypeOf(value) === Object.prototype) {
          const object = value as Record<string, unknown>
          tag(PlainTag.object)
          // The shape is known once every key is seen: reserve its slot, walk keys and values once.
          const at = nn
          num(0)
          let node = root
          for (const key in object) {
            // Most nodes have one child: compare the (interned) key before asking the Map.
            let next = node.firstKey === key ? node.first : node.next.get(key)
            if (next === undefined) {
              next = { next: new Map(), firstKey: undefined, first: undefined, keys: [...node.keys, key], epoch: -1, id: -1 }
              node.next.set(key, next)
              nodes++
              if (node.firstKey === undefined) {
                node.firstKey = key
                node.first = next
              }
            }
            node = next
            write(object[key])
          }
          nums[at] = shapeId(node)
          return
        }
        break
      }
    }
    // Not plain (or not cloneable at all: then postMessage throws DataCloneError, as before).
    tag(PlainTag.other)
    num(others.length)
    others.push(value)
  }

  return {
    encode(value) {
      nt = 0
      nn = 0
      nl = 0
      strings = []
      stringIds.clear()
      shapes = []
      others = []
      epoch++
      if (nodes > MAX_SHAPE_NODES) {
        root.next = new Map()
        root.firstKey = undefined
        root.first = undefined
        nodes = 0
      }
      write(value)
      const lengths = new Uint32Array(strings.length)
      for (let i = 0; i < strings.length; i++) lengths[i] = strings[i]!.length
      return { tags: tags.slice(0, nt), nums: nums.slice(0, nn), text: strings.join(''), lengths, shapes, limbs: limbs.slice(0, nl), others }
    },
  }
}
