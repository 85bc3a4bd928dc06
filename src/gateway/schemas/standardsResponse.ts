/** A protocol reference inside a standard (OpenAPI `Protocol`: slug and url; we add the name). */
export type RestProtocolRef = { slug: string; name: string; /** The protocol's website; empty when unknown. */ url: string }

/** One action a protocol supports. */
export type RestStandardAction = {
  /** e.g. `swap`, `deposit`. */
  action: string
  name: string
  /** Contract functions the action calls. */
  functionNames: string[]
  /** Chain ids the action is served on. */
  supportedChains: { id: number; name: string }[]
  /** Names of the action's bundle arguments (GET /actions/{slug} gives their types). */
  inputs: string[]
}

/** A protocol and the actions it supports (GET /standards entries, GET /standards/:slug). */
export type RestStandard = { protocol: RestProtocolRef; forks: RestProtocolRef[]; actions: RestStandardAction[] }

const protocolRefSchema = {
  type: 'object',
  required: ['slug', 'name', 'url'],
  additionalProperties: false,
  properties: { slug: { type: 'string' }, name: { type: 'string' }, url: { type: 'string' } },
} as const

/** Response JSON schema of {@link RestStandard}. */
export const standardSchema = {
  type: 'object',
  required: ['protocol', 'forks', 'actions'],
  additionalProperties: false,
  properties: {
    protocol: protocolRefSchema,
    forks: { type: 'array', items: protocolRefSchema },
    actions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['action', 'name', 'functionNames', 'supportedChains', 'inputs'],
        additionalProperties: false,
        properties: {
          action: { type: 'string' },
          name: { type: 'string' },
          functionNames: { type: 'array', items: { type: 'string' } },
          supportedChains: { type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
          inputs: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
} as const

/** Response JSON schema: an array of {@link RestStandard}. */
export const standardsResponseSchema = { type: 'array', items: standardSchema } as const
