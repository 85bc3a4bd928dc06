/** One entry of GET /api/v1/projects. */
export type RestProject = {
  /** The overarching project, e.g. `aave`. */
  id: string
  /** Chain ids where any of its protocols is served. */
  chains: number[]
  /** Slugs of its protocols. */
  protocols: string[]
}

/** Response JSON schema: an array of {@link RestProject}. */
export const projectsResponseSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'chains', 'protocols'],
    additionalProperties: false,
    properties: {
      id: { type: 'string' },
      chains: { type: 'array', items: { type: 'integer' } },
      protocols: { type: 'array', items: { type: 'string' } },
    },
  },
} as const
