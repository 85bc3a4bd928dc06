import type { FastifyPluginAsync } from 'fastify'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toRestProject } from '../mapping/toRestProject.js'
import { projectsResponseSchema, type RestProject } from '../schemas/projectsResponse.js'

/** `GET /projects`: the overarching projects, `[{ id, chains, protocols }]`. */
export const projectsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/projects', { schema: { response: { 200: projectsResponseSchema } } }, async (request, reply): Promise<RestProject[]> => {
    const { response, metadata } = await app.grpc.projects(toCallContext(request, reply), {})
    reply.headers(rateLimitHeadersOf(metadata))
    return response.projects.map(toRestProject)
  })
}
