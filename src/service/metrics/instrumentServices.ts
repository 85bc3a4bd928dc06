import type { SwitchyardServices } from '../switchyardServices.js'
import type { Metrics } from './createMetrics.js'

/**
 * Wraps every use case with a call counter and a latency histogram labelled by outcome (`ok` or
 * the stable error code). Behaviour is unchanged: results and errors pass through.
 */
export function instrumentServices(services: SwitchyardServices, metrics: Metrics): SwitchyardServices {
  const wrap =
    <A extends unknown[], R>(method: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const end = metrics.duration.startTimer({ method })
      try {
        const result = await fn(...args)
        end({ outcome: 'ok' })
        metrics.calls.inc({ method, outcome: 'ok' })
        return result
      } catch (error) {
        const outcome = (error as { code?: unknown }).code
        const label = typeof outcome === 'string' && /^[A-Z_]{2,40}$/.test(outcome) ? outcome : 'INTERNAL'
        end({ outcome: label })
        metrics.calls.inc({ method, outcome: label })
        throw error
      }
    }
  return {
    route: wrap('route', services.route),
    quote: wrap('quote', services.quote),
    replay: wrap('replay', services.replay),
    approve: wrap('approve', services.approve),
    bundle: wrap('bundle', services.bundle),
    nontokenizedRoute: wrap('nontokenizedRoute', services.nontokenizedRoute),
    nontokenized: wrap('nontokenized', services.nontokenized),
    networks: wrap('networks', services.networks),
    protocols: wrap('protocols', services.protocols),
    standards: wrap('standards', services.standards),
    projects: wrap('projects', services.projects),
    tokens: wrap('tokens', services.tokens),
    prices: wrap('prices', services.prices),
    volume: wrap('volume', services.volume),
    bridgePools: wrap('bridgePools', services.bridgePools),
    bridgeStatus: wrap('bridgeStatus', services.bridgeStatus),
    walletBalances: wrap('walletBalances', services.walletBalances),
    actions: wrap('actions', services.actions),
    aggregators: wrap('aggregators', services.aggregators),
    projectProtocols: wrap('projectProtocols', services.projectProtocols),
  }
}
