import type { z } from 'zod'
import { InvalidRequestError, type FieldIssue } from '../errors/request.js'

function fieldOf(path: readonly PropertyKey[]): string {
  let out = ''
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p)
  return out || '(body)'
}

function codeOf(issue: z.core.$ZodIssue): string {
  const custom = (issue as { params?: { code?: string } }).params?.code
  if (custom) return custom
  switch (issue.code) {
    case 'unrecognized_keys': return 'UNKNOWN_FIELD'
    case 'invalid_type': return (issue as { input?: unknown }).input === undefined ? 'MISSING_FIELD' : 'INVALID_TYPE'
    case 'too_big': return issue.origin === 'array' ? 'TOO_MANY_ITEMS' : 'INVALID_ARGUMENT'
    case 'too_small': return issue.origin === 'array' ? 'MISSING_FIELD' : 'INVALID_ARGUMENT'
    case 'invalid_value': return 'INVALID_ARGUMENT'
    default: return 'INVALID_ARGUMENT'
  }
}

/**
 * Turns a zod error into our typed error: the first issue decides `code` and `message`
 * (`"<field>: <reason>"`), and every issue is listed.
 */
export function toInvalidRequestError(error: z.ZodError): InvalidRequestError {
  const issues: FieldIssue[] = error.issues.map((i) => {
    const field = i.code === 'unrecognized_keys' ? (i as { keys: string[] }).keys.map((k) => fieldOf([...i.path, k])).join(', ') : fieldOf(i.path)
    return { field, reason: i.message }
  })
  const first = error.issues[0]
  const code = first ? codeOf(first) : 'INVALID_ARGUMENT'
  const firstIssue = issues[0]
  const message = firstIssue ? `${firstIssue.field}: ${firstIssue.reason}` : 'invalid request'
  return new InvalidRequestError({ code, message, issues })
}
