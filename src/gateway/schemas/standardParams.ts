import { z } from 'zod'

/** Path parameters of GET /api/v1/standards/:slug and /api/v1/integration/:slug. */
export const standardParamsSchema = z.strictObject({ slug: z.string().min(1).max(100) })
