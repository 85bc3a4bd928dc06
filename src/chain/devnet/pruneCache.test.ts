import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { pruneCache } from './pruneCache.js'

const NOW = Date.parse('2025-01-01T12:00:00Z')
const MINUTE = 60_000
let dir: string

function build(name: string, minutesAgo: number): void {
  for (const kind of ['state', 'book']) {
    const file = join(dir, `${name}.${kind}.json`)
    writeFileSync(file, '{}')
    const at = new Date(NOW - minutesAgo * MINUTE)
    utimesSync(file, at, at)
  }
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-prune-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('pruneCache', () => {
  test('per chain, keeps the most recently used builds and removes the rest with their books', () => {
    for (let i = 0; i < 6; i++) build(`devnet-1-00${i}`, 100 - i * 10)
    build('devnet-8453-0aa', 500)
    expect(pruneCache({ dir }, { now: NOW })).toEqual(['devnet-1-000', 'devnet-1-001', 'devnet-1-002'])
    expect(readdirSync(dir).sort()).toEqual([
      'devnet-1-003.book.json', 'devnet-1-003.state.json', 'devnet-1-004.book.json', 'devnet-1-004.state.json',
      'devnet-1-005.book.json', 'devnet-1-005.state.json', 'devnet-8453-0aa.book.json', 'devnet-8453-0aa.state.json',
    ])
  })

  test('a build used within the grace period stays, even past the count (another process may be loading it)', () => {
    for (let i = 0; i < 5; i++) build(`devnet-1-00${i}`, 5 - i)
    expect(pruneCache({ dir }, { now: NOW, keep: 1, graceMs: 10 * MINUTE })).toEqual([])
    expect(pruneCache({ dir }, { now: NOW, keep: 1, graceMs: 2.5 * MINUTE })).toEqual(['devnet-1-000', 'devnet-1-001', 'devnet-1-002'])
  })

  test('a load refreshes a build: its newest file counts', () => {
    for (let i = 0; i < 4; i++) build(`devnet-1-00${i}`, 100 - i * 10)
    const at = new Date(NOW - MINUTE * 50)
    utimesSync(join(dir, 'devnet-1-000.state.json'), at, at)
    expect(pruneCache({ dir }, { now: NOW, graceMs: 0 })).toEqual(['devnet-1-001'])
  })

  test('stale temporary files go, fresh ones (a write in progress) and unrelated files stay', () => {
    writeFileSync(join(dir, 'devnet-1-001.state.json.77.tmp'), 'x')
    utimesSync(join(dir, 'devnet-1-001.state.json.77.tmp'), new Date(NOW - 60 * MINUTE), new Date(NOW - 60 * MINUTE))
    writeFileSync(join(dir, 'devnet-1-002.state.json.78.tmp'), 'x')
    utimesSync(join(dir, 'devnet-1-002.state.json.78.tmp'), new Date(NOW), new Date(NOW))
    writeFileSync(join(dir, 'notes.txt'), 'x')
    pruneCache({ dir }, { now: NOW })
    expect(readdirSync(dir).sort()).toEqual(['devnet-1-002.state.json.78.tmp', 'notes.txt'])
  })

  test('a missing directory prunes nothing', () => {
    expect(pruneCache({ dir: join(dir, 'absent') })).toEqual([])
  })
})
