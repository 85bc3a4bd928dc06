import { InternalError } from '../../errors/request.js'
import type { Standard__Output } from '../../grpc/generated/switchyard/data/v1/Standard.js'
import type { RestStandard } from '../schemas/standardsResponse.js'

/**
 * Proto standard → REST (camelCase; supported chains as `{ id, name }`, protocol `url` and action
 * `inputs`, as in the OpenAPI `Standard`).
 * @param standard - the gRPC standard
 * @returns the REST standard
 * @throws InternalError when the backend sent a standard without its protocol
 */
export function toRestStandard(standard: Standard__Output): RestStandard {
  if (!standard.protocol) throw new InternalError()
  return {
    protocol: { slug: standard.protocol.slug, name: standard.protocol.name, url: standard.protocol.url },
    forks: standard.forks.map((f) => ({ slug: f.slug, name: f.name, url: f.url })),
    actions: standard.actions.map((a) => ({
      action: a.action,
      name: a.name,
      functionNames: a.function_names,
      supportedChains: a.supported_chains.map((c) => ({ id: Number(c.id), name: c.name })),
      inputs: a.inputs,
    })),
  }
}
