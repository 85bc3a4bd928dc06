import { z } from 'zod'

/** Path parameters of GET /api/v1/projects/:project/protocols. */
export const projectParamsSchema = z.strictObject({ project: z.string().min(1).max(100) })
