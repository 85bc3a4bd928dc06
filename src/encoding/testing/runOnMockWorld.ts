/** Test support: runs a plan on the reference VM against a world of mock contracts. */
import type { Hex } from 'viem'
import type { MockWorld } from './mockWorld.js'
import { runWeirollVm, WeirollVmError } from './runWeirollVm.js'

/**
 * Runs `commands` over `initial` on the reference VM ({@link runWeirollVm}); every call is logged in
 * `world.log` and answered by the mock at its target.
 * @returns the final state
 * @throws WeirollVmError when a call reaches an address without a mock
 */
export function runOnMockWorld(commands: readonly Hex[], initial: readonly Hex[], world: MockWorld): Hex[] {
  return runWeirollVm({ commands, state: initial }, (call) => {
    world.log.push(call)
    const handler = world.targets.get(call.target.toLowerCase())
    if (!handler) throw new WeirollVmError(`no code at ${call.target}`)
    return handler(call, world)
  })
}
