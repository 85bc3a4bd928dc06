/**
 * Generates Solidity mutants from one source text: the operators that matter for our contracts'
 * security invariants (see `npm run test:mutation:solidity`). Pure and text-based: comments and
 * strings are masked first, so only code is mutated; whether a mutant compiles is solc's job.
 */
import { getAddress } from 'viem'

/** The mutation operators, each named after what it breaks. */
export type SolidityMutationOperator =
  /** Deletes a guard: `if (…) revert …;`, `if (…) { revert …; }` or `require(…);`. */
  | 'delete-guard'
  /** Deletes an early exit: `if (…) return …;` or `if (…) continue;`. */
  | 'delete-early-exit'
  /** `<` → `<=`/`>=`, `<=` → `<`/`>`, `>` → `>=`/`<=`, `>=` → `>`/`<`, `==` ↔ `!=`. */
  | 'flip-comparison'
  /** `||` ↔ `&&`. */
  | 'swap-logical'
  /** `msg.sender` ↔ `address(this)`. */
  | 'swap-caller'
  /** Removes the `nonReentrant` modifier from a function. */
  | 'delete-modifier'
  /** Deletes an expression statement (a call, an assignment, an `emit`), or an assembly `tstore(…)`. */
  | 'delete-statement'
  /** A constant's value, or a number in a condition, plus one. */
  | 'change-constant'
  /** `+` ↔ `-`, `+=` ↔ `-=`. */
  | 'swap-arithmetic'

/** One mutant: replace `source.slice(start, end)` (`original`) with `replacement`. */
export type SolidityMutant = {
  /** Stable id: file, line, column, operator and replacement; the same sources give the same ids. */
  id: string
  /** Path under `contracts/`, e.g. `router/SwitchyardRouter.sol`. */
  file: string
  /** The contract or library the mutated code belongs to. */
  contract: string
  /** 1-based line and column of `start`. */
  line: number
  column: number
  operator: SolidityMutationOperator
  start: number
  end: number
  original: string
  replacement: string
}

/** Parameters of {@link generateSolidityMutants}. */
export type GenerateSolidityMutantsParameters = {
  /** Path under `contracts/` (part of every id). */
  file: string
  /** The source text. */
  source: string
}

/** Applies a mutant to the source it was generated from. */
export function applySolidityMutant(source: string, mutant: Pick<SolidityMutant, 'start' | 'end' | 'original' | 'replacement'>): string {
  const found = source.slice(mutant.start, mutant.end)
  if (found !== mutant.original) throw new Error(`mutant does not match the source: expected ${JSON.stringify(mutant.original)}, found ${JSON.stringify(found)}`)
  return source.slice(0, mutant.start) + mutant.replacement + source.slice(mutant.end)
}

/**
 * Replaces comments, string literals, `pragma` and `import` directives by spaces (newlines kept), so
 * offsets in the result are offsets in the source and no operator is found in prose.
 */
export function maskSolidity(source: string): string {
  const out = source.split('')
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' '
  }
  let i = 0
  while (i < source.length) {
    const two = source.slice(i, i + 2)
    if (two === '//') {
      const end = source.indexOf('\n', i)
      const stop = end === -1 ? source.length : end
      blank(i, stop)
      i = stop
    } else if (two === '/*') {
      const end = source.indexOf('*/', i + 2)
      const stop = end === -1 ? source.length : end + 2
      blank(i, stop)
      i = stop
    } else if (source[i] === '"' || source[i] === "'") {
      const quote = source[i]
      let j = i + 1
      while (j < source.length && source[j] !== quote) j += source[j] === '\\' ? 2 : 1
      // Keep the quotes, so `"…"` stays an expression of the same shape.
      blank(i + 1, j)
      i = j + 1
    } else {
      i++
    }
  }
  const masked = out.join('')
  return masked.replace(/^\s*(pragma|import)\b[^;]*;/gm, (m) => m.replace(/[^\n]/g, ' '))
}

type Block = { kind: 'scope' | 'assembly' | 'body'; contract: string }

const declarationTypes = /^(address|bool|string|bytes\d*|u?int\d*|mapping)\b/
const keywordsNotStatements = /^(return|revert|if|else|for|while|do|unchecked|assembly|try|catch|break|continue|delete|_)\b/

/** A statement inside a function body that is an expression (call, assignment, emit), not a declaration. */
function isExpressionStatement(text: string): boolean {
  const t = text.trim()
  if (!t || keywordsNotStatements.test(t)) return false
  if (/^emit\b/.test(t)) return true
  if (declarationTypes.test(t) && !/^(address|bytes\d*|u?int\d*|bool|string)\s*\(/.test(t)) return false
  // `Type name = …` / `Type memory name;` / `Type[] memory name = …`: a declaration of a user type.
  if (/^[A-Za-z_]\w*(\[\])*\s+(memory\s+|calldata\s+|storage\s+)?[A-Za-z_]\w*\s*(=|;|$)/.test(t)) return false
  // `(bool ok, bytes memory r) = …`: a tuple declaration (two words inside the first component).
  if (/^\(\s*[A-Za-z_]\w*(\[\])*\s+(memory\s+|calldata\s+|storage\s+)?[A-Za-z_]\w*\s*[,)]/.test(t)) return false
  // A bare identifier (`ok;`) does nothing: deleting it is no mutant.
  if (/^[A-Za-z_]\w*\s*$/.test(t)) return false
  return true
}

/** Finds the index of the bracket that closes the one at `open`. */
function matching(masked: string, open: number): number {
  const opener = masked[open]
  const closer = opener === '(' ? ')' : opener === '{' ? '}' : ']'
  let depth = 0
  for (let k = open; k < masked.length; k++) {
    if (masked[k] === opener) depth++
    else if (masked[k] === closer && --depth === 0) return k
  }
  throw new Error(`unbalanced ${opener} at ${open}`)
}

/** The end (after its `;`) of the statement that starts at `from`; -1 when a bracket closes first. */
function statementEnd(masked: string, from: number): number {
  let depth = 0
  for (let k = from; k < masked.length; k++) {
    const c = masked[k]
    if (c === '(' || c === '[' || c === '{') depth++
    else if ((c === ')' || c === ']' || c === '}') && --depth < 0) return -1
    else if (c === ';' && depth === 0) return k + 1
  }
  return -1
}

/** `{` of call options (`f{value: v}(…)`, `new C{salt: s}(…)`): an expression, not a block. */
function isCallOptions(masked: string, open: number): boolean {
  return /\w$/.test(masked.slice(0, open)) && /^\{\s*(value|gas|salt)\s*:/.test(masked.slice(open))
}

function incrementLiteral(literal: string): string {
  const clean = literal.replace(/_/g, '')
  if (/^0x/i.test(clean)) {
    const digits = clean.slice(2)
    const next = `0x${(BigInt(clean) + 1n).toString(16).padStart(digits.length, '0').slice(-digits.length)}`
    // solc takes a 40-digit literal only as a checksummed address.
    return digits.length === 40 ? getAddress(next) : next
  }
  return (BigInt(clean) + 1n).toString()
}

/**
 * Every mutant of one Solidity source, in source order.
 *
 * @param params - the file's path under `contracts/` and its text
 * @returns the mutants; apply one with {@link applySolidityMutant}
 */
export function generateSolidityMutants({ file, source }: GenerateSolidityMutantsParameters): SolidityMutant[] {
  const masked = maskSolidity(source)
  const lineStarts = [0]
  for (let k = 0; k < source.length; k++) if (source[k] === '\n') lineStarts.push(k + 1)
  const position = (offset: number) => {
    let lo = 0
    let hi = lineStarts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (lineStarts[mid]! <= offset) lo = mid
      else hi = mid - 1
    }
    return { line: lo + 1, column: offset - lineStarts[lo]! + 1 }
  }
  const mutants: SolidityMutant[] = []
  const seen = new Set<string>()
  const add = (contract: string, operator: SolidityMutationOperator, start: number, end: number, replacement: string) => {
    const { line, column } = position(start)
    const id = `${file}:${line}:${column}:${operator}:${replacement.replace(/\s+/g, ' ').trim() || 'deleted'}`
    if (seen.has(id)) return
    seen.add(id)
    mutants.push({ id, file, contract, line, column, operator, start, end, original: source.slice(start, end), replacement })
  }

  // Which code is a function body (statements), an assembly block or a scope (contract, struct, file).
  const blockAt: (Block | undefined)[] = new Array(masked.length)
  const parenDepth: number[] = new Array(masked.length)
  const stack: Block[] = [{ kind: 'scope', contract: '' }]
  const optionBraces = new Set<number>()
  let contract = ''
  let parens = 0
  for (let k = 0; k < masked.length; k++) {
    const c = masked[k]
    if (c === '(') parens++
    else if (c === ')') parens--
    parenDepth[k] = parens
    if (c === '{' && isCallOptions(masked, k)) {
      optionBraces.add(k)
      optionBraces.add(matching(masked, k))
    } else if (optionBraces.has(k)) {
      // The closing brace of call options.
    } else if (c === '{') {
      const head = masked.slice(Math.max(0, k - 400), k)
      const lastStatementBreak = Math.max(head.lastIndexOf(';'), head.lastIndexOf('}'), head.lastIndexOf('{'))
      const header = head.slice(lastStatementBreak + 1)
      const parent = stack[stack.length - 1]!
      const decl = /\b(contract|library|interface)\s+(\w+)/.exec(header)
      let kind: Block['kind']
      if (decl) {
        contract = decl[2]!
        kind = 'scope'
      } else if (/\bassembly\b/.test(header)) kind = 'assembly'
      else if (parent.kind === 'assembly') kind = 'assembly'
      else if (/\b(struct|enum)\b/.test(header)) kind = 'scope'
      else if (parent.kind === 'body') kind = 'body'
      else if (/\b(function|constructor|modifier|receive|fallback)\b/.test(header)) kind = 'body'
      else kind = 'scope'
      stack.push({ kind, contract })
    } else if (c === '}') {
      stack.pop()
    }
    blockAt[k] = stack[stack.length - 1]
  }
  const inBody = (k: number) => blockAt[k]?.kind === 'body'
  const contractAt = (k: number) => blockAt[k]?.contract ?? ''

  // Spans of `revert …;` and `emit …;`: their arguments are error and event data, not logic.
  const quiet: [number, number][] = []
  for (const m of masked.matchAll(/\b(revert|emit)\b/g)) {
    if (!inBody(m.index)) continue
    quiet.push([m.index, statementEnd(masked, m.index)])
  }
  const isQuiet = (k: number) => quiet.some(([a, b]) => k >= a && k < b)

  // Statements inside function bodies: guards, early exits, expression statements.
  for (let k = 0; k < masked.length; k++) {
    if (!inBody(k) || !/[;{}]/.test(masked[k]!) || optionBraces.has(k) || parenDepth[k]! > 0) continue
    let s = k + 1
    while (s < masked.length && /\s/.test(masked[s]!)) s++
    if (s >= masked.length || !inBody(s) || masked[s] === '}') continue
    const rest = masked.slice(s)
    if (/^if\s*\(/.test(rest)) {
      if (/\belse\s*$/.test(masked.slice(0, s))) continue
      const open = masked.indexOf('(', s)
      const close = matching(masked, open)
      let b = close + 1
      while (/\s/.test(masked[b]!)) b++
      const end = masked[b] === '{' ? matching(masked, b) + 1 : statementEnd(masked, b)
      if (end < 0) continue
      let after = end
      while (after < masked.length && /\s/.test(masked[after]!)) after++
      if (/^else\b/.test(masked.slice(after))) continue
      const body = masked.slice(b, end).replace(/^\{\s*|\s*\}$/g, '').trim()
      const bodyStatements = body.split(';').filter((x) => x.trim()).length
      if (/^revert\b/.test(body) && bodyStatements === 1) add(contractAt(s), 'delete-guard', s, end, '')
      else if (/^(return|continue|break)\b/.test(body) && bodyStatements === 1) add(contractAt(s), 'delete-early-exit', s, end, '')
      continue
    }
    const end = statementEnd(masked, s)
    if (end < 0) continue
    if (/^require\s*\(/.test(rest)) {
      add(contractAt(s), 'delete-guard', s, end, '')
      continue
    }
    if (!isExpressionStatement(masked.slice(s, end - 1))) continue
    add(contractAt(s), 'delete-statement', s, end, '')
  }

  // Assembly: deleting a `tstore(…)` (transient flags, ledgers, loan records).
  for (const m of masked.matchAll(/\btstore\s*\(/g)) {
    if (blockAt[m.index]?.kind !== 'assembly') continue
    const close = matching(masked, m.index + m[0].length - 1)
    add(contractAt(m.index), 'delete-statement', m.index, close + 1, '')
  }

  // `nonReentrant` on a function.
  for (const m of masked.matchAll(/\bnonReentrant\b/g)) {
    if (inBody(m.index)) continue
    const header = masked.slice(Math.max(0, m.index - 300), m.index)
    if (!/\bfunction\b/.test(header.slice(Math.max(header.lastIndexOf(';'), header.lastIndexOf('}')) + 1))) continue
    let start = m.index
    while (start > 0 && masked[start - 1] === ' ') start--
    add(contractAt(m.index), 'delete-modifier', start, m.index + m[0].length, '')
  }

  // Operators inside function bodies (not in assembly, not in revert/emit arguments).
  for (const m of masked.matchAll(/<<=?|>>=?|\*\*|=>|<=|>=|==|!=|\|\||&&|\+\+|--|\+=|-=|[<>+-]/g)) {
    const k = m.index
    const op = m[0]
    if (!inBody(k) || isQuiet(k)) continue
    const c = contractAt(k)
    const end = k + op.length
    if (op === '==') add(c, 'flip-comparison', k, end, '!=')
    else if (op === '!=') add(c, 'flip-comparison', k, end, '==')
    else if (op === '<') { add(c, 'flip-comparison', k, end, '<='); add(c, 'flip-comparison', k, end, '>=') }
    else if (op === '<=') { add(c, 'flip-comparison', k, end, '<'); add(c, 'flip-comparison', k, end, '>') }
    else if (op === '>') { add(c, 'flip-comparison', k, end, '>='); add(c, 'flip-comparison', k, end, '<=') }
    else if (op === '>=') { add(c, 'flip-comparison', k, end, '>'); add(c, 'flip-comparison', k, end, '<') }
    else if (op === '||') add(c, 'swap-logical', k, end, '&&')
    else if (op === '&&') add(c, 'swap-logical', k, end, '||')
    else if (op === '+=') add(c, 'swap-arithmetic', k, end, '-=')
    else if (op === '-=') add(c, 'swap-arithmetic', k, end, '+=')
    else if (op === '+' || op === '-') {
      let p = k - 1
      while (p >= 0 && /\s/.test(masked[p]!)) p--
      // Binary only: after an operand (a name, a number, `)` or `]`), not a unary minus.
      if (p < 0 || !/[\w)\]]/.test(masked[p]!)) continue
      add(c, 'swap-arithmetic', k, end, op === '+' ? '-' : '+')
    }
  }

  // `msg.sender` ↔ `address(this)`, in bodies and in initializers (`self = address(this)`).
  for (const m of masked.matchAll(/\bmsg\.sender\b|\baddress\(this\)/g)) {
    if (blockAt[m.index]?.kind === 'assembly' || isQuiet(m.index)) continue
    add(contractAt(m.index), 'swap-caller', m.index, m.index + m[0].length, m[0] === 'msg.sender' ? 'address(this)' : 'msg.sender')
  }

  // Constants: `… constant NAME = <number>;`, and numbers compared in conditions.
  for (const m of masked.matchAll(/\bconstant\s+\w+\s*=\s*(0x[0-9a-fA-F_]+|\d[\d_]*)\s*;/g)) {
    const literal = m[1]!
    const start = m.index + m[0].indexOf(literal, m[0].indexOf('='))
    add(contractAt(m.index), 'change-constant', start, start + literal.length, incrementLiteral(literal))
  }
  for (const m of masked.matchAll(/\bif\s*\(/g)) {
    if (!inBody(m.index)) continue
    const open = m.index + m[0].length - 1
    const close = matching(masked, open)
    const condition = masked.slice(open, close)
    for (const n of condition.matchAll(/(?<![\w.])(0x[0-9a-fA-F_]+|\d[\d_]*)(?![\w.])/g)) {
      const start = open + n.index
      add(contractAt(start), 'change-constant', start, start + n[0].length, incrementLiteral(n[0]))
    }
  }

  return mutants.sort((a, b) => a.start - b.start || a.id.localeCompare(b.id))
}
