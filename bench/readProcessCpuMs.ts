import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 on Linux unless the kernel says otherwise). */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

/**
 * CPU time a process has used so far, user plus system, of all its threads, in ms (from `/proc/<pid>/stat`,
 * fields 14 and 15; resolution one clock tick, 10 ms). For the benchmark's per-row accounting: read it
 * before and after a row and divide the difference by the row's answers.
 * @param pid - a live process
 * @returns ms of CPU, or NaN when the process is gone or /proc is missing
 */
export function readProcessCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces: count fields from after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
  } catch {
    return Number.NaN
  }
}
