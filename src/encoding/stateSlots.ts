import type { Hex } from 'viem'
import { TooManyStateSlotsError } from '../errors/encoding.js'
import { maxStateSlots } from './commandFormat.js'
import type { PlanEncodingContext } from './planEncodingContext.js'

/**
 * Appends a state slot holding `value`.
 * @returns its index
 * @throws TooManyStateSlotsError past {@link maxStateSlots}
 */
export function newSlot(ctx: PlanEncodingContext, value: Hex): number {
  if (ctx.state.length >= maxStateSlots) throw new TooManyStateSlotsError({ max: maxStateSlots })
  ctx.state.push(value)
  return ctx.state.length - 1
}

/**
 * The slot of a literal: one slot per distinct value (compared in lower case).
 * @throws TooManyStateSlotsError
 */
export function literalSlot(ctx: PlanEncodingContext, value: Hex): number {
  const key = value.toLowerCase() as Hex
  const known = ctx.literalSlots.get(key)
  if (known !== undefined) return known
  const slot = newSlot(ctx, key)
  ctx.literalSlots.set(key, slot)
  return slot
}
