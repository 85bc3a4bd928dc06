import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

/**
 * The docs a clone carries: every relative link in README.md, CONTRIBUTING.md and docs/*.md leads to a
 * file of the repository (and a `#anchor` to a heading of it), every `npm run <script>` they name exists
 * in package.json, and nothing points outside the repository.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The Markdown files checked, relative to the repository root. */
function docFiles(): string[] {
  const docs = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)
  return ['README.md', 'CONTRIBUTING.md', ...docs]
}

/** The text outside fenced code blocks (fences replaced by empty lines, so line numbers stay). */
function withoutCodeFences(markdown: string): string {
  let fence: string | undefined
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1]
      if (fence === undefined && marker) {
        fence = marker[0]!.repeat(marker.length)
        return ''
      }
      if (fence !== undefined) {
        if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined
        return ''
      }
      return line
    })
    .join('\n')
}

/** GitHub's anchor for a heading (github-slugger): lower case, punctuation dropped, spaces → hyphens. */
function slugOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link in a heading anchors on its text
    .replace(/<[^>]+>/g, '')
    .toLowerCase()
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-')
}

/** Every anchor a Markdown file offers: its headings' slugs (duplicates numbered as GitHub does) and `<a id|name>`. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const line of withoutCodeFences(markdown).split('\n')) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1]
    if (heading !== undefined) {
      const slug = slugOf(heading)
      const n = seen.get(slug) ?? 0
      seen.set(slug, n + 1)
      anchors.add(n === 0 ? slug : `${slug}-${n}`)
    }
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!)
  }
  return anchors
}

/** Link targets in a Markdown file, outside code: inline links and images, and reference definitions. */
function linksOf(markdown: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = []
  withoutCodeFences(markdown)
    .split('\n')
    .forEach((text, i) => {
      // Inline code is not a link, unless it is a link's text: drop code spans outside brackets.
      const line = text.replace(/(?<!\[)`[^`]*`(?!\])/g, '``')
      for (const m of line.matchAll(/!?\[(?:[^\][]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: m[1]!, line: i + 1 })
      const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line)
      if (definition) links.push({ target: definition[1]!, line: i + 1 })
    })
  return links
}

/** Why a relative link is broken, or undefined when it resolves. */
function brokenLink(from: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined // http:, https:, mailto: …: not ours to check
  const hash = target.indexOf('#')
  const path = decodeURI(hash === -1 ? target : target.slice(0, hash))
  const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1))
  const file = path === '' ? from : relative(root, resolve(root, dirname(from), path))
  if (file.startsWith('..')) return `${target} leaves the repository`
  if (!existsSync(join(root, file))) return `${target}: no such file (${file})`
  if (anchor === undefined || anchor === '') return undefined
  if (statSync(join(root, file)).isDirectory() || !file.endsWith('.md')) return `${target}: an anchor into a file that is not Markdown`
  return anchorsOf(readFileSync(join(root, file), 'utf8')).has(anchor) ? undefined : `${target}: no heading #${anchor} in ${file}`
}

/** The npm scripts a Markdown file runs: `npm run <name>`, plus `npm start` / `npm test`. */
function npmScriptsOf(markdown: string): { script: string; line: number }[] {
  const found: { script: string; line: number }[] = []
  markdown.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/\bnpm run(?:-script)? ([A-Za-z0-9][\w:.-]*)/g)) found.push({ script: m[1]!, line: i + 1 })
    for (const m of line.matchAll(/\bnpm (start|test)\b/g)) found.push({ script: m[1]!, line: i + 1 })
  })
  return found
}

describe('the docs', () => {
  const files = docFiles()
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts

  test('README.md, CONTRIBUTING.md and the topic files of docs/ are there', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/architecture.md', 'docs/api.md', 'docs/operations.md', 'docs/testing.md', 'docs/protocols.md']))
  })

  test('every relative link resolves to a file of the repository, and every #anchor to a heading', () => {
    const broken = files.flatMap((file) =>
      linksOf(readFileSync(join(root, file), 'utf8')).flatMap(({ target, line }) => {
        const why = brokenLink(file, target)
        return why ? [`${file}:${line}: ${why}`] : []
      }),
    )
    expect(broken).toEqual([])
  })

  test('every npm script the docs name exists in package.json', () => {
    const missing = files.flatMap((file) =>
      npmScriptsOf(readFileSync(join(root, file), 'utf8')).flatMap(({ script, line }) => (scripts[script] === undefined ? [`${file}:${line}: npm run ${script}`] : [])),
    )
    expect(missing).toEqual([])
  })

  test('nothing points outside the repository (a clone has no ../shared)', () => {
    const outside = files.flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\.\.\/shared\b|\/work\/shared\b/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    )
    expect(outside).toEqual([])
  })

  test('no source, test, bench or script file reads or names a path outside the repository either', () => {
    const code = ['src', 'test', 'bench', 'scripts', 'contracts', '.ci'].flatMap((dir) => sourceFilesUnder(join(root, dir)))
    const outside = code
      .filter((file) => file !== fileURLToPath(import.meta.url))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (/\.\.\/shared\b|\/work\/shared\b/.test(line) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
      )
    expect(outside).toEqual([])
  })

  test('the README stays short', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(250)
  })
})

describe('the link checker itself', () => {
  const doc = '# Title\n\n## Start and build\n\n## Bundles — `POST /shortcuts/bundle`\n\n## Title\n\n```sh\n# not a heading\n```\n'

  test('GitHub slugs: punctuation and code dropped, spaces to hyphens, duplicates numbered', () => {
    expect([...anchorsOf(doc)]).toEqual(['title', 'start-and-build', 'bundles--post-shortcutsbundle', 'title-1'])
    expect(slugOf('With `@ensofinance/sdk`')).toBe('with-ensofinancesdk')
  })

  test('finds inline links, images and definitions outside code, not code that looks like one', () => {
    const md = 'See [a](a.md#x) and ![i](img.png "t"), `[not](a link)`, [`code`](c.md).\n\n```\n[no](no.md)\n```\n[ref]: ./r.md\n'
    expect(linksOf(md).map((l) => l.target)).toEqual(['a.md#x', 'img.png', 'c.md', './r.md'])
  })

  test('a missing file, a missing heading and a way out of the repository are broken; the rest resolve', () => {
    expect(brokenLink('README.md', 'docs/nope.md')).toMatch(/no such file/)
    expect(brokenLink('CONTRIBUTING.md', '#run')).toBeUndefined()
    expect(brokenLink('CONTRIBUTING.md', '#nope')).toMatch(/no heading #nope in CONTRIBUTING.md/)
    expect(brokenLink('docs/api.md', '../README.md#two-commands')).toBeUndefined()
    expect(brokenLink('README.md', 'package.json')).toBeUndefined()
    expect(brokenLink('README.md', '../shared/THREATS.md')).toMatch(/leaves the repository/)
    expect(brokenLink('README.md', 'https://example.com/x')).toBeUndefined()
    expect(brokenLink('README.md', 'CONTRIBUTING.md#no-such-heading')).toMatch(/no heading #no-such-heading/)
  })

  test('npm scripts are read from prose and code alike', () => {
    expect(npmScriptsOf('Run `npm run bench:api -- --duration 10`, then npm test.\n```sh\nnpm run contracts:compile\n```').map((s) => s.script)).toEqual(['bench:api', 'test', 'contracts:compile'])
  })
})

/** Every text source under `dir` (TypeScript, JavaScript, Solidity, JSON, shell), skipping node_modules and generated output. */
function sourceFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'results' ? [] : sourceFilesUnder(path)
    return /\.(ts|mts|js|mjs|cjs|sol|json|sh)$|^run$/.test(entry.name) ? [path] : []
  })
}
