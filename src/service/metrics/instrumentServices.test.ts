import { expect, test } from 'vitest'
import { NoRouteError } from '../../errors/engine.js'
import type { SwitchyardServices } from '../switchyardServices.js'
import { createMetrics } from './createMetrics.js'
import { instrumentServices } from './instrumentServices.js'

test('counts calls and latency by outcome; results and errors pass through', async () => {
  const metrics = createMetrics()
  const fake = {
    route: async () => {
      throw new NoRouteError()
    },
    approve: async () => ({ ok: true }),
    networks: async () => [],
  } as unknown as SwitchyardServices
  const s = instrumentServices(fake, metrics)
  await expect(s.route({}, {} as never)).rejects.toBeInstanceOf(NoRouteError)
  await expect(s.approve({}, {} as never)).resolves.toEqual({ ok: true })
  const text = await metrics.registry.metrics()
  expect(text).toContain('switchyard_calls_total{method="route",outcome="NO_ROUTE"} 1')
  expect(text).toContain('switchyard_calls_total{method="approve",outcome="ok"} 1')
  expect(text).toContain('switchyard_call_duration_seconds_bucket')
  expect(text).toContain('switchyard_process_cpu_user_seconds_total')
})
