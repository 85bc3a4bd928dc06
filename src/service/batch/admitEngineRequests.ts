import type { EnginePool } from '../../engine/pool.js'
import type { ServiceContext } from '../context.js'

/**
 * The context whose engine requests are `admitted` (engine/pool.ts `RunOptions`): they wait for a worker
 * instead of being refused when the engine's queue holds its most. For work the service bounded before
 * it reached the engine and must not shed part of: a route batch's items (50 at most, the batch counted
 * item by item at admission) and a head's re-quotes (one per watched request, bounded by the
 * subscription limits). Without it, a head with more watched requests than the engine's queue (128
 * on two threads), or a batch of 50 on one thread (queue 32), failed its last requests with
 * RESOURCE_EXHAUSTED at every block while the workers were busy with the first.
 * @param ctx - the service context
 * @returns the same context with an engine that admits every request it is given; everything else of the engine is the pool's own
 */
export function admitEngineRequests<C extends Pick<ServiceContext, 'engine'>>(ctx: C): C {
  const engine = ctx.engine
  // Object.create keeps the pool's getters (`version`) live and its other methods as they are.
  const admitted: EnginePool = Object.create(engine, {
    findRoute: { value: ((parameters, options) => engine.findRoute(parameters, { ...options, admitted: true })) satisfies EnginePool['findRoute'] },
    buildBundle: { value: ((parameters, options) => engine.buildBundle(parameters, { ...options, admitted: true })) satisfies EnginePool['buildBundle'] },
  }) as EnginePool
  return { ...ctx, engine: admitted }
}
