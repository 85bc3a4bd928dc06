import { z } from 'zod'
import { routeRequestSchema } from '../../schemas/routeRequest.js'

/** Most route requests in one POST /shortcuts/route/batch (the service's MAX_BATCH_ROUTES). */
export const MAX_BATCH_ITEMS = 50

/**
 * Body of POST /shortcuts/route/batch: `requests`, 1 to 50 route requests, each the POST
 * /shortcuts/route body without `variableEstimates` being required. The gateway checks the envelope
 * with it; each item is validated on its own, so a bad item is that item's error.
 */
export const routeBatchBodySchema = z.strictObject({
  requests: z.array(routeRequestSchema).min(1).max(MAX_BATCH_ITEMS),
})

/** The envelope only: items are checked one by one. */
export const routeBatchEnvelopeSchema = z.strictObject({
  requests: z.array(z.unknown()).min(1).max(MAX_BATCH_ITEMS),
})
