import type { ProjectAnswer } from '../../service/types.js'
import type { Project } from '../generated/switchyard/data/v1/Project.js'

/**
 * Maps a project answer to the proto message (chain ids as decimal strings, uint64).
 * @param project - the use case's project
 * @returns the `Project` message
 */
export function toProtoProject(project: ProjectAnswer): Project {
  return { id: project.id, chains: project.chains.map(String), protocols: project.protocols }
}
