import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readBuildReport } from './readBuildReport.js'

const dir = mkdtempSync(join(tmpdir(), 'switchyard-report-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const file = join(dir, '.build-report.json')
const report = { skipped: true, mode: 'transpile', ms: 41, emitted: 0, copied: 0, removed: [], doneAtMs: 120 }

describe('readBuildReport', () => {
  it('reads the report written for this process', () => {
    writeFileSync(file, JSON.stringify({ ...report, pid: 77 }))
    expect(readBuildReport({ file, pid: 77 })).toEqual(report)
  })

  it('ignores another process\'s report (node dist/main.js run on its own)', () => {
    writeFileSync(file, JSON.stringify({ ...report, pid: 76 }))
    expect(readBuildReport({ file, pid: 77 })).toBeUndefined()
  })

  it('treats a missing or garbled file as no build', () => {
    expect(readBuildReport({ file: join(dir, 'absent.json'), pid: 77 })).toBeUndefined()
    writeFileSync(file, '{"pid":77,')
    expect(readBuildReport({ file, pid: 77 })).toBeUndefined()
  })
})
