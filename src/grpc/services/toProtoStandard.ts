import type { StandardAnswer } from '../../service/types.js'
import type { Standard } from '../generated/switchyard/data/v1/Standard.js'
import { toProtoProtocol } from './toProtoProtocol.js'

/**
 * Maps a standard answer to the proto message (supported chain ids as decimal strings, uint64; `url`
 * and `inputs` as they are; `details` as a `Protocol`).
 * @param standard - the use case's standard
 * @returns the `Standard` message
 */
export function toProtoStandard(standard: StandardAnswer): Standard {
  return {
    protocol: { slug: standard.protocol.slug, name: standard.protocol.name, url: standard.protocol.url },
    forks: standard.forks.map((f) => ({ slug: f.slug, name: f.name, url: f.url })),
    actions: standard.actions.map((a) => ({
      action: a.action,
      name: a.name,
      function_names: a.functionNames,
      supported_chains: a.supportedChains.map((c) => ({ id: String(c.id), name: c.name })),
      inputs: a.inputs,
    })),
    details: toProtoProtocol(standard.details),
  }
}
