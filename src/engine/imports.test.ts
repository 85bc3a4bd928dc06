import { readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('.', import.meta.url))
const src = resolve(root, '..')
const forbidden = ['chain', 'data', 'simulate', 'gateway', 'grpc']

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : []
  })
}

/** Every module specifier of a file: static imports and re-exports, `import x = require()`, `import()` calls and `import('…')` types. */
function moduleSpecifiers(fileName: string, text: string): string[] {
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteralLike(node.moduleSpecifier)) found.push(node.moduleSpecifier.text)
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteralLike(node.moduleReference.expression))
      found.push(node.moduleReference.expression.text)
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments
      found.push(arg !== undefined && ts.isStringLiteralLike(arg) ? arg.text : `<dynamic: ${arg?.getText() ?? ''}>`)
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteralLike(node.argument.literal)) found.push(node.argument.literal.text)
    ts.forEachChild(node, visit)
  }
  visit(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS))
  return found
}

/** The top folder under src/ a relative specifier resolves to, or undefined for packages and files outside src/. */
function layerOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const target = relative(src, resolve(dirname(file), specifier))
  if (target.startsWith('..')) return undefined
  const [top, ...rest] = target.split(sep)
  return rest.length === 0 ? undefined : top
}

test('the walker sees multi-line, re-exported, dynamic and type-only imports', () => {
  const text = [
    "import {\n  a,\n  b,\n} from '../../chain/x.js'",
    "export * from '../data/y.js'",
    "const m = await import(\n  '../simulate/z.js'\n)",
    "type T = import('../gateway/w.js').W",
    "import type { G } from '../grpc/v.js'",
  ].join('\n')
  const file = join(root, 'tasks', 'fake.ts')
  const specifiers = moduleSpecifiers(file, text)
  expect(specifiers).toEqual(['../../chain/x.js', '../data/y.js', '../simulate/z.js', '../gateway/w.js', '../grpc/v.js'])
  expect(specifiers.map((s) => layerOf(file, s))).toEqual(['chain', 'engine', 'engine', 'engine', 'engine'])
  expect(layerOf(join(root, 'fake.ts'), '../chain/x.js')).toBe('chain')
})

// STYLE.md section 3: the engine is pure; nothing under engine/ reaches I/O layers.
test('engine imports no I/O layer', () => {
  let seen = 0
  for (const file of files(root)) {
    for (const specifier of moduleSpecifiers(file, readFileSync(file, 'utf8'))) {
      seen++
      expect(specifier.startsWith('<dynamic'), `${file}: ${specifier}`).toBe(false)
      const layer = layerOf(file, specifier)
      expect(layer !== undefined && forbidden.includes(layer), `${file} imports ${specifier}`).toBe(false)
    }
  }
  expect(seen).toBeGreaterThan(100)
})
