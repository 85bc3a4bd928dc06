import { loadSync, type Options, type PackageDefinition } from '@grpc/proto-loader'
import { projectPath } from '../threads/projectPath.js'

/** `<repo>/proto`, from `src/grpc`, `dist/grpc` and a bundle. */
export const PROTO_DIR = projectPath(import.meta.url, 'proto')

/** The switchyard protos, relative to the proto directory. */
export const PROTO_FILES = ['switchyard/routing/v1/routing_service.proto', 'switchyard/routing/v1/route_stream_service.proto', 'switchyard/data/v1/data_service.proto'] as const

/** Fully qualified service names (health statuses, reflection). */
export const SERVICE_NAMES = {
  routing: 'switchyard.routing.v1.RoutingService',
  routeStream: 'switchyard.routing.v1.RouteStreamService',
  data: 'switchyard.data.v1.DataService',
} as const

/** The loader options the generated types assume (`npm run proto:generate` flags). */
export const PROTO_LOADER_OPTIONS: Options = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true }

/**
 * Loads the switchyard protos at runtime.
 * @param params.protoDir - directory holding `switchyard/…`; defaults to {@link PROTO_DIR}
 * @returns the package definition (server, clients and reflection share it)
 */
export function loadProtoDefinition({ protoDir = PROTO_DIR }: { protoDir?: string | undefined } = {}): PackageDefinition {
  return loadSync([...PROTO_FILES], { ...PROTO_LOADER_OPTIONS, includeDirs: [protoDir] })
}
