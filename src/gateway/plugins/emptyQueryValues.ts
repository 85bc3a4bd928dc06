import { dropEmptyQueryValues } from '../mapping/dropEmptyQueryValues.js'
import { globalPlugin } from './globalPlugin.js'

/**
 * Drops empty query values (`?k=`) before any route reads the query, so on every endpoint an empty
 * value means the parameter left out (see {@link dropEmptyQueryValues}).
 */
export const emptyQueryValuesPlugin = globalPlugin(async (app) => {
  app.addHook('onRequest', async (request) => {
    dropEmptyQueryValues(request.query)
  })
}, 'switchyard-empty-query-values')
