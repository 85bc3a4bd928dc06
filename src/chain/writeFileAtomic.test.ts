import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { writeFileAtomic } from './writeFileAtomic.js'

const dir = mkdtempSync(join(tmpdir(), 'switchyard-atomic-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('creates the directory, replaces the file whole, and leaves no temporary file behind', () => {
  const path = join(dir, 'nested', 'state.json')
  writeFileAtomic(path, 'first')
  writeFileAtomic(path, new Uint8Array([0x73, 0x65, 0x63, 0x6f, 0x6e, 0x64]))
  expect(readFileSync(path, 'utf8')).toBe('second')
  expect(readdirSync(join(dir, 'nested'))).toEqual(['state.json'])
})
