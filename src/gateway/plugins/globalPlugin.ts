import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify'

/**
 * Marks a plugin as non-encapsulated, so its decorators, hooks and handlers apply to the whole
 * instance (what `fastify-plugin` does, without depending on it: it is not a direct dependency).
 * @param plugin - the plugin function
 * @param name - display name in Fastify's plugin tree and errors
 * @returns the same function, marked with `skip-override`
 */
export function globalPlugin<Options extends FastifyPluginOptions>(plugin: FastifyPluginAsync<Options>, name: string): FastifyPluginAsync<Options> {
  const marked = plugin as FastifyPluginAsync<Options> & Record<symbol, unknown>
  marked[Symbol.for('skip-override')] = true
  marked[Symbol.for('fastify.display-name')] = name
  return marked
}
