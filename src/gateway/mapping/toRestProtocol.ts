import type { Protocol__Output } from '../../grpc/generated/switchyard/data/v1/Protocol.js'
import type { RestProtocol } from '../schemas/protocolsResponse.js'

/**
 * Proto protocol → REST (camelCase; chain ids as numbers).
 * @param protocol - the gRPC protocol
 * @returns the REST protocol
 */
export function toRestProtocol(protocol: Protocol__Output): RestProtocol {
  return {
    project: protocol.project,
    slug: protocol.slug,
    name: protocol.name,
    description: protocol.description,
    url: protocol.url,
    logosUri: protocol.logos_uri,
    chains: protocol.chains.map((c) => ({ id: Number(c.id), name: c.name })),
  }
}
