import { acrossBridgeAdapter } from '../across/bridgeAdapter.js'
import { stargateBridgeAdapter } from '../stargate/bridgeAdapter.js'
import type { BridgeAdapter } from './types.js'

/** Every bridge adapter, listed explicitly (STYLE: no magic discovery). */
export const bridgeAdapters: readonly BridgeAdapter[] = [stargateBridgeAdapter, acrossBridgeAdapter]
