import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { projectPath } from './projectPath.js'

const repo = resolve(import.meta.dirname, '../..')

describe('projectPath', () => {
  it('finds the root from any depth: a source file, a built file, a bundle', () => {
    expect(projectPath(import.meta.url, 'proto')).toBe(join(repo, 'proto'))
    for (const file of ['dist/grpc/x.js', 'dist/gateway/thread/x.bundle.js', 'dist/engine/worker.bundle.js', 'x.js'])
      expect(projectPath(pathToFileURL(join(repo, file)).href, 'package.json')).toBe(join(repo, 'package.json'))
  })

  it('needs both package.json and proto/: a nested package.json is not the root', () => {
    const root = mkdtempSync(join(tmpdir(), 'project-path-'))
    try {
      mkdirSync(join(root, 'proto'))
      writeFileSync(join(root, 'package.json'), '{}')
      mkdirSync(join(root, 'a', 'b'), { recursive: true })
      writeFileSync(join(root, 'a', 'package.json'), '{}')
      expect(projectPath(pathToFileURL(join(root, 'a', 'b', 'm.js')).href, 'dist', 'explorer')).toBe(join(root, 'dist', 'explorer'))
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it('throws outside any project', () => {
    expect(() => projectPath(pathToFileURL('/m.js').href)).toThrow(/no project root/)
  })
})
