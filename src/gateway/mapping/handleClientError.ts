import { randomUUID } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'

/**
 * Fastify `clientErrorHandler`: answers errors Node raises before a request exists (slow body past
 * `requestTimeout`, oversized headers, malformed HTTP) with our envelope, then closes the socket.
 * THREATS F6: a slow body gets 408 and the connection is freed.
 * @param error - the Node client error
 * @param socket - its socket
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [statusCode, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'REQUEST_TIMEOUT', 'The request body was not received in time.']
      : error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'HEADERS_TOO_LARGE', 'Request headers are too large.']
        : [400, 'INVALID_ARGUMENT', 'Malformed HTTP request.']
  const requestId = randomUUID()
  const body = JSON.stringify({ statusCode, error: STATUS_CODES[statusCode], message, code, requestId })
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nx-request-id: ${requestId}\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}
