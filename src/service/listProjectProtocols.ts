import { BaseError } from '../errors/base.js'
import type { ServiceContext } from './context.js'
import { listProjects } from './listProjects.js'
import { listProtocols } from './listProtocols.js'
import type { ProtocolAnswer } from './types.js'

export type UnknownProjectErrorType = UnknownProjectError
/** A project we do not serve (GET /projects lists the known ones). */
export class UnknownProjectError extends BaseError {
  override name = 'UnknownProjectError'
  constructor({ project, known }: { project: string; known: readonly string[] }) {
    super(`Unknown project "${project}".`, { code: 'NOT_FOUND', details: `Known projects: ${known.join(', ')}`, metaMessages: ['GET /api/v1/projects lists the projects served.'] })
  }
}

/**
 * The protocols of one project (GET /projects/{project}/protocols), in the shape of GET /protocols.
 * @param project - a project id from {@link listProjects} (case-sensitive, as listed)
 * @throws UnknownProjectError when no served protocol belongs to `project`
 */
export function listProjectProtocols(ctx: ServiceContext, { project }: { project: string }): ProtocolAnswer[] {
  const protocols = listProtocols(ctx, {}).filter((p) => p.project === project)
  if (protocols.length === 0) throw new UnknownProjectError({ project, known: listProjects(ctx).map((p) => p.id) })
  return protocols
}
