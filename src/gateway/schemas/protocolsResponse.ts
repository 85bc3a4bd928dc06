/** One entry of GET /api/v1/protocols (OpenAPI `ProtocolModel`). */
export type RestProtocol = {
  /** The overarching project, e.g. `uniswap`. */
  project: string
  /** API slug, e.g. `uniswap-v2`. */
  slug: string
  name: string
  description: string
  url: string
  logosUri: string[]
  chains: { id: number; name: string }[]
}

const networkSchema = {
  type: 'object',
  required: ['id', 'name'],
  additionalProperties: false,
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
} as const

/** Response JSON schema of one {@link RestProtocol} (the OpenAPI's `ProtocolModel`; also `GET /standards/{slug}`). */
export const protocolSchema = {
  type: 'object',
  required: ['project', 'slug', 'name', 'description', 'url', 'logosUri', 'chains'],
  additionalProperties: false,
  properties: {
    project: { type: 'string' },
    slug: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    url: { type: 'string' },
    logosUri: { type: 'array', items: { type: 'string' } },
    chains: { type: 'array', items: networkSchema },
  },
} as const

/** Response JSON schema: an array of {@link RestProtocol}. */
export const protocolsResponseSchema = { type: 'array', items: protocolSchema } as const
