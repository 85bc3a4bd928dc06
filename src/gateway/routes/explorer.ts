import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { BaseError } from '../../errors/base.js'
import { projectPath } from '../../threads/projectPath.js'

/** Where the route explorer is served. */
export const EXPLORER_PATH = '/explorer'

/** The folder the build writes the explorer to: `dist/explorer` at the project's root. */
export const DEFAULT_EXPLORER_DIR = `${projectPath(import.meta.url, 'dist', 'explorer')}/`

/** Options of {@link explorerRoutes}. */
export type ExplorerRoutesOptions = {
  /** The built explorer (index.html, app.js, styles.css). Default {@link DEFAULT_EXPLORER_DIR}. */
  dir?: string | undefined
}

/**
 * Everything the page may load: its own files and its own API, nothing inline, nothing from
 * elsewhere (the page uses no CDN and no external font).
 */
export const EXPLORER_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

function secure(reply: FastifyReply): void {
  reply.header('content-security-policy', EXPLORER_CSP)
  reply.header('x-content-type-options', 'nosniff')
  reply.header('referrer-policy', 'no-referrer')
}

/**
 * Serves the route explorer: the page at `/explorer` and `/explorer/`, its assets under
 * `/explorer/*` (@fastify/static: content types, ETags, no path outside the folder), all without an
 * API key — the page asks for one and calls `/api/v1` with it. When the folder was never built (a
 * checkout run from source without `npm run build`), every explorer URL answers 503 `UNAVAILABLE`
 * saying how to build it.
 */
export async function explorerRoutes(app: FastifyInstance, { dir = DEFAULT_EXPLORER_DIR }: ExplorerRoutesOptions): Promise<void> {
  const index = join(dir, 'index.html')
  if (!existsSync(index)) {
    const notBuilt = async () => {
      throw new BaseError('The route explorer is not built: run `npm run build` (`npm start` builds it), then restart.', { code: 'UNAVAILABLE' })
    }
    app.get(EXPLORER_PATH, notBuilt)
    app.get(`${EXPLORER_PATH}/*`, notBuilt)
    return
  }
  app.addHook('onSend', async (_request, reply, payload) => {
    secure(reply)
    return payload
  })
  const page = async (_request: unknown, reply: FastifyReply) => {
    // Read on each request: a rebuild shows without a restart (the file is a few kilobytes).
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(await readFile(index))
  }
  app.get(EXPLORER_PATH, page)
  app.get(`${EXPLORER_PATH}/`, page)
  await app.register(fastifyStatic, { root: dir, prefix: `${EXPLORER_PATH}/`, decorateReply: false, index: false, cacheControl: true, maxAge: 0 })
}
