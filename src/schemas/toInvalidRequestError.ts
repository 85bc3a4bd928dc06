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

type Issue = z.core.$ZodIssue

/** Whether a union branch refused the value on its type alone (the value was not that kind of thing at all). */
function refusedOnType(branch: readonly Issue[]): boolean {
  return branch.every((i) => (i.code === 'invalid_type' && i.path.length === 0) || (i.code === 'invalid_union' && i.errors.every(refusedOnType)))
}

/**
 * zod reports a failed union as one bare "Invalid input". When exactly one branch took the value's type
 * (a literal amount where an amount or a reference is allowed), that branch's own issues say what is
 * wrong, with their stable codes (`INVALID_AMOUNT`, not `INVALID_ARGUMENT`): report those instead.
 */
function unwrapUnion(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union') return [issue]
  const tried = issue.errors.filter((branch) => !refusedOnType(branch))
  if (tried.length !== 1) return [issue]
  return tried[0]!.flatMap((i) => unwrapUnion({ ...i, path: [...issue.path, ...i.path] }))
}

/**
 * Turns a zod error into our typed error: the first issue decides `code` and `message`
 * (`"<field>: <reason>"`), and every issue is listed. A failed union is reported by the one branch
 * that took the value's type, when there is one ({@link unwrapUnion}).
 */
export function toInvalidRequestError(error: z.ZodError): InvalidRequestError {
  const all = error.issues.flatMap(unwrapUnion)
  const issues: FieldIssue[] = all.map((i) => {
    const field = i.code === 'unrecognized_keys' ? (i as { keys: string[] }).keys.map((k) => fieldOf([...i.path, k])).join(', ') : fieldOf(i.path)
    return { field, reason: i.message }
  })
  const first = all[0]
  const code = first ? codeOf(first) : 'INVALID_ARGUMENT'
  const firstIssue = issues[0]
  const message = firstIssue ? `${firstIssue.field}: ${firstIssue.reason}` : 'invalid request'
  return new InvalidRequestError({ code, message, issues })
}
