/** Test support: the types of a world of mock contracts that plans run against on the reference VM. */
import type { Hex } from 'viem'
import type { WeirollVmCall } from './runWeirollVm.js'

/** A mock contract: returns the return data of a call. */
export type MockTarget = (call: WeirollVmCall, world: MockWorld) => Hex

/** Mock contracts by lowercase address, and every call the VM made, in order. */
export type MockWorld = { targets: Map<string, MockTarget>; log: WeirollVmCall[] }
