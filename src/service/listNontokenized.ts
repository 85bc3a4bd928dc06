import { z } from 'zod'
import { UnsupportedChainError } from '../errors/request.js'
import { chainIdSchema } from '../schemas/fields.js'
import { toInvalidRequestError } from '../schemas/toInvalidRequestError.js'
import type { ServiceContext } from './context.js'
import { nontokenizedPositions } from './nontokenizedPositions.js'
import type { NontokenizedAnswer, UnderlyingTokenAnswer } from './types.js'

const addresses = z.array(z.string().regex(/^0x[0-9a-fA-F]{40}$/)).max(100).optional()
const filterSchema = z.strictObject({
  chainId: chainIdSchema.optional(),
  project: z.string().max(64).optional(),
  protocolSlug: z.string().max(64).optional(),
  positionId: z.array(z.string().max(200)).max(100).optional(),
  address: addresses,
  primaryAddress: addresses,
  underlyingTokens: addresses,
  underlyingTokensExact: addresses,
  page: z.number().int().min(1).max(1_000_000).optional(),
  cursor: z.number().int().min(0).optional(),
  pageSize: z.number().int().min(1).max(1000).optional(),
})

/**
 * GET /nontokenized: the positions wallets can hold directly, filtered as the OpenAPI describes, in
 * pages (`page` from 1, or `cursor` = offset).
 * @throws InvalidRequestError, UnsupportedChainError
 */
export function listNontokenized(ctx: ServiceContext, filter: unknown): NontokenizedAnswer {
  const parsed = filterSchema.safeParse(filter, { reportInput: true })
  if (!parsed.success) throw toInvalidRequestError(parsed.error)
  const f = parsed.data
  if (f.chainId !== undefined && !ctx.chains[f.chainId]) throw new UnsupportedChainError({ chainId: f.chainId, supported: Object.keys(ctx.chains).map(Number) })
  const lower = (list: string[] | undefined) => (list ? new Set(list.map((a) => a.toLowerCase())) : undefined)
  const [address, primary, under, exact] = [lower(f.address), lower(f.primaryAddress), lower(f.underlyingTokens), lower(f.underlyingTokensExact)]
  const chains = f.chainId === undefined ? Object.values(ctx.chains) : [ctx.chains[f.chainId]!]
  const all = chains.flatMap((chain) => {
    const tokens = Object.values(chain.addressBook.tokens)
    return nontokenizedPositions(chain).map((p) => {
      const t = tokens.find((x) => x.address.toLowerCase() === p.underlying.toLowerCase())
      const underlying: UnderlyingTokenAnswer = { address: p.underlying, chainId: p.chainId, type: 'base', decimals: t?.decimals ?? 18, symbol: t?.symbol ?? '', name: t?.name ?? '' }
      return { chainId: p.chainId, project: p.project, protocol: p.protocol, address: p.address, positionId: p.positionId, primaryAddress: p.primaryAddress, name: p.name, logosUri: '', underlyingTokens: [underlying] }
    })
  })
  const data = all.filter((p) =>
    (f.project === undefined || p.project === f.project) &&
    (f.protocolSlug === undefined || p.protocol === f.protocolSlug) &&
    (f.positionId === undefined || f.positionId.includes(p.positionId)) &&
    (address === undefined || address.has(p.address.toLowerCase())) &&
    (primary === undefined || primary.has(p.primaryAddress.toLowerCase())) &&
    (under === undefined || p.underlyingTokens.some((u) => under.has(u.address.toLowerCase()))) &&
    (exact === undefined || (p.underlyingTokens.length === exact.size && p.underlyingTokens.every((u) => exact.has(u.address.toLowerCase())))),
  )
  const pageSize = f.pageSize ?? 1000
  const offset = f.cursor ?? ((f.page ?? 1) - 1) * pageSize
  const page = data.slice(offset, offset + pageSize)
  const next = offset + pageSize < data.length ? offset + pageSize : undefined
  return {
    data: page,
    meta: { total: data.length, lastPage: Math.max(1, Math.ceil(data.length / pageSize)), currentPage: Math.floor(offset / pageSize) + 1, perPage: pageSize, prev: offset > 0 ? Math.floor(offset / pageSize) : null, next: next === undefined ? null : Math.floor(next / pageSize) + 1, cursor: next ?? null },
  }
}
