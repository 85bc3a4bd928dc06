import { InvalidRequestError } from '../errors/request.js'

/** Deepest nesting a JSON body may have (the root object is depth 1). */
export const MAX_JSON_DEPTH = 32

/**
 * Rejects JSON values nested deeper than `maxDepth`, iteratively (THREATS F2: a recursive walk
 * overflows the stack on a 100 000-deep `[[[…]]]`, and so would `JSON.stringify` or zod later).
 * Stops at the first level past the limit, so the cost is bounded by the nodes above it. Shared by
 * both transports: the gateway checks whole bodies, the service the JSON a gRPC request carries as
 * text (a bundle's actions, variableEstimates) before any schema walks it.
 * @param value - a parsed JSON value
 * @param options.maxDepth - defaults to {@link MAX_JSON_DEPTH}
 * @param options.field - the field named in the error; `(body)` by default
 * @throws InvalidRequestError with code `TOO_DEEP`
 */
export function assertJsonDepth(value: unknown, { maxDepth = MAX_JSON_DEPTH, field = '(body)' }: { maxDepth?: number; field?: string } = {}): void {
  if (typeof value !== 'object' || value === null) return
  const stack: { node: object; depth: number }[] = [{ node: value, depth: 1 }]
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (item.depth > maxDepth) {
      const reason = `nested deeper than ${maxDepth} levels`
      throw new InvalidRequestError({ code: 'TOO_DEEP', message: `${field}: ${reason}`, issues: [{ field, reason }] })
    }
    const children: unknown[] = Array.isArray(item.node) ? item.node : Object.values(item.node)
    for (const child of children) {
      if (typeof child === 'object' && child !== null) stack.push({ node: child, depth: item.depth + 1 })
    }
  }
}
