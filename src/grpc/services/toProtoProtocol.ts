import type { ProtocolAnswer } from '../../service/types.js'
import type { Protocol } from '../generated/switchyard/data/v1/Protocol.js'

/**
 * Maps a protocol answer to the proto message (chain ids as decimal strings, uint64).
 * @param protocol - the use case's protocol
 * @returns the `Protocol` message
 */
export function toProtoProtocol(protocol: ProtocolAnswer): Protocol {
  return {
    project: protocol.project,
    slug: protocol.slug,
    name: protocol.name,
    description: protocol.description,
    url: protocol.url,
    logos_uri: protocol.logosUri,
    chains: protocol.chains.map((c) => ({ id: String(c.id), name: c.name })),
  }
}
