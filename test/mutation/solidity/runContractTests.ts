import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/** Parameters of {@link runContractTests}. */
export type RunContractTestsParameters = {
  /** The sandbox (vitest's root). */
  sandbox: string
  /** Test files relative to the sandbox, run in this order, one at a time, stopping at the first failure. */
  files: readonly string[]
  /** Wall-clock limit; past it the run is stopped and reported as `timeout`. */
  timeoutMs: number
}

/** How a test run ended. */
export type RunContractTestsReturnType = {
  outcome: 'passed' | 'failed' | 'timeout'
  /** The first failing test (`file > suite > test`) or file-level error, when `failed`. */
  failure?: string | undefined
  ms: number
}

type JsonReport = {
  testResults?: {
    name: string
    status: string
    message?: string
    assertionResults?: { status: string; fullName: string }[]
  }[]
}

const configFile = 'test/mutation/solidity/vitest.solidity.config.ts'

function firstFailure(report: JsonReport, sandbox: string): string | undefined {
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(sandbox) ? file.name.slice(sandbox.length + 1) : file.name
    const failed = file.assertionResults?.find((a) => a.status === 'failed')
    if (failed) return `${name} > ${failed.fullName}`
    if (file.status === 'failed') return `${name}: ${(file.message ?? 'failed').split('\n')[0]!.slice(0, 200)}`
  }
  return undefined
}

/**
 * Runs contract test files in the sandbox with vitest (`--bail 1`, one file at a time) and reports whether
 * they all passed. The run is a child process group of its own, so a timeout stops it and every anvil it
 * started.
 *
 * @param params - sandbox, files, time limit
 * @returns the outcome and the first failure
 */
export async function runContractTests({ sandbox, files, timeoutMs }: RunContractTestsParameters): Promise<RunContractTestsReturnType> {
  const started = Date.now()
  const reportFile = join(sandbox, '.switchyard', 'solidity-mutation-report.json')
  rmSync(reportFile, { force: true })
  const vitest = join(sandbox, 'node_modules', 'vitest', 'vitest.mjs')
  const args = [vitest, 'run', '--config', configFile, '--bail', '1', '--reporter', 'json', '--outputFile', reportFile, ...files]
  const child = spawn(process.execPath, args, {
    cwd: sandbox,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, SOLIDITY_MUTATION_ORDER: JSON.stringify(files), FORCE_COLOR: '0' },
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    if (child.pid) process.kill(-child.pid, 'SIGKILL')
  }, timeoutMs)
  const code = await new Promise<number | null>((done) => child.once('exit', (c) => done(c)))
  clearTimeout(timer)
  // Anvil nodes of a worker vitest stopped at the first failure may outlive it: end the whole group.
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL')
  } catch {
    // Nothing left in the group.
  }
  const ms = Date.now() - started
  if (timedOut) return { outcome: 'timeout', ms }
  if (code === 0) return { outcome: 'passed', ms }
  const report = existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport) : {}
  const failure = firstFailure(report, sandbox) ?? `vitest exited ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 300)}`
  return { outcome: 'failed', failure, ms }
}
