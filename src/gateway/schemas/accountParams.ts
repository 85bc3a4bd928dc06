import { z } from 'zod'

/** Path parameters of GET /api/v1/account/:id. */
export const accountParamsSchema = z.strictObject({ id: z.string().min(1).max(100) })
