import { readFileSync } from 'node:fs'
import fastifySwagger, { type SwaggerTransformObject } from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { globalPlugin } from '../plugins/globalPlugin.js'
import { API_PREFIX, buildOpenApiDocument, type OpenApiDocument, type ServedRoute } from './buildOpenApiDocument.js'
import { operations } from './operations.js'
import { projectPath } from '../../threads/projectPath.js'

/** Where the document is served. */
export const OPENAPI_URL = `${API_PREFIX}/openapi.json`
/** Where Swagger UI is served (its assets come from the @fastify/swagger-ui package). */
export const DOCS_PREFIX = '/docs'

function packageVersion(): string {
  const json = JSON.parse(readFileSync(projectPath(import.meta.url, 'package.json'), 'utf8')) as { version?: string }
  return json.version ?? '0.0.0'
}

/**
 * Serves the OpenAPI 3.1 document of `/api/v1` at {@link OPENAPI_URL} and Swagger UI at
 * {@link DOCS_PREFIX}; neither needs an API key (they never call the gRPC server, which is where keys
 * are checked). Register it before the routes: its `onRoute` hook collects the route table, and the
 * document is built from it and the registry (`operations.ts`) on the first request, once every
 * route exists. @fastify/swagger only hands our document to Swagger UI (every route is hidden from
 * its own generator).
 */
export const openApiPlugin = globalPlugin(async (app) => {
  const routes: ServedRoute[] = []
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, response: route.schema?.response as ServedRoute['response'] })
    }
  })
  const version = packageVersion()
  let document: OpenApiDocument | undefined
  const getDocument = (): OpenApiDocument => (document ??= buildOpenApiDocument({ routes, operations, version }))

  app.get(OPENAPI_URL, async () => getDocument())
  await app.register(fastifySwagger, {
    mode: 'dynamic',
    openapi: { openapi: '3.1.0' },
    transform: ({ url }) => ({ schema: { hide: true }, url }),
    // Our document is plain JSON of the same 3.1 shape; openapi-types' nominal enums need the cast.
    transformObject: () => getDocument() as unknown as ReturnType<SwaggerTransformObject>,
  })
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX })
}, 'switchyard-openapi')
