import type { Server } from '@grpc/grpc-js'
import type { Http2SecureServer, Http2Server, IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2'

type AnyHttp2Server = Http2Server | Http2SecureServer

function restoreAuthorization(_stream: ServerHttp2Stream, headers: IncomingHttpHeaders, _flags: number, rawHeaders: readonly string[]): void {
  const values: string[] = []
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) if (rawHeaders[i]?.toLowerCase() === 'authorization') values.push(rawHeaders[i + 1]!)
  // grpc-js builds the call's metadata from this object, after this listener: an array is every value.
  if (values.length > 1) (headers as Record<string, unknown>)['authorization'] = values
}

/**
 * Lets the gRPC server see every `authorization` value a call carries, as the gateway sees every
 * `Authorization` header. Node's HTTP/2 server keeps only the first value of a header it deems
 * single-valued (`authorization` among them; the raw list keeps all), so without this a call with two
 * keys reaches the handlers with one, is authenticated by it and charged to that key, where REST
 * refuses it DUPLICATE_AUTHORIZATION and charges the client IP. A listener placed before grpc-js's on
 * every HTTP/2 server puts the values back, so `callerOf` refuses the call the same way.
 *
 * grpc-js exposes its HTTP/2 servers only through the private `http2Servers` map (1.14); call this
 * after every bind. It throws when the map is missing, so an upgrade that moves it fails at startup
 * instead of silently admitting two keys again.
 * @param server - a bound grpc-js server
 * @throws Error when the grpc-js server keeps its HTTP/2 servers elsewhere
 */
export function keepRepeatedAuthorization(server: Server): void {
  const servers = (server as unknown as { http2Servers?: unknown }).http2Servers
  if (!(servers instanceof Map)) throw new Error('grpc-js Server has no http2Servers map: repeated authorization values cannot be seen (check keepRepeatedAuthorization against this grpc-js version)')
  for (const http2Server of (servers as Map<AnyHttp2Server, unknown>).keys()) {
    if (!http2Server.listeners('stream').includes(restoreAuthorization)) http2Server.prependListener('stream', restoreAuthorization)
  }
}
