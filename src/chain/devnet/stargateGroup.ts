import { layerZeroDeployments, stargateDeployments } from '../canonicalAddresses.js'
import type { Scenario } from './scenario.js'

/**
 * Chains whose Stargate pools are linked by credits when started together: scenario chains with a
 * `stargate` section, mainnet Stargate addresses and a LayerZero endpoint, ascending.
 */
export function stargateGroup(scenario: Scenario): number[] {
  return Object.entries(scenario.chains)
    .filter(([id, chain]) => chain.stargate && stargateDeployments[Number(id)] && layerZeroDeployments[Number(id)])
    .map(([id]) => Number(id))
    .sort((a, b) => a - b)
}
