import type { Project__Output } from '../../grpc/generated/switchyard/data/v1/Project.js'
import type { RestProject } from '../schemas/projectsResponse.js'

/**
 * Proto project → REST (chain ids as numbers).
 * @param project - the gRPC project
 * @returns the REST project
 */
export function toRestProject(project: Project__Output): RestProject {
  return { id: project.id, chains: project.chains.map(Number), protocols: project.protocols }
}
