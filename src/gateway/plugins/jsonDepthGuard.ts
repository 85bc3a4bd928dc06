import { assertJsonDepth } from '../../schemas/assertJsonDepth.js'
import { globalPlugin } from './globalPlugin.js'

/** Options of {@link jsonDepthGuardPlugin}. */
export type JsonDepthGuardOptions = { /** Deepest nesting allowed in a body. */ maxDepth?: number }

/**
 * Checks the nesting depth of every parsed body before any handler or validator walks it
 * (THREATS F2). Failures become 400 `TOO_DEEP` through the error handler.
 */
export const jsonDepthGuardPlugin = globalPlugin<JsonDepthGuardOptions>(async (app, { maxDepth }) => {
  app.addHook('preValidation', async (request) => {
    if (typeof request.body === 'object' && request.body !== null) {
      assertJsonDepth(request.body, maxDepth === undefined ? {} : { maxDepth })
    }
  })
}, 'switchyard-json-depth-guard')
