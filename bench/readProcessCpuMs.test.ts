import { describe, expect, it } from 'vitest'
import { readProcessCpuMs } from './readProcessCpuMs.js'

describe('readProcessCpuMs', () => {
  it('grows by about the CPU this process burns, and is NaN for a process that does not exist', () => {
    const before = readProcessCpuMs(process.pid)
    const cpuBefore = process.cpuUsage()
    const until = performance.now() + 300
    let x = 0
    while (performance.now() < until) x += Math.sqrt(x + 1)
    const burnt = process.cpuUsage(cpuBefore)
    const after = readProcessCpuMs(process.pid)
    expect(x).toBeGreaterThan(0)
    // /proc counts in 10 ms ticks; process.cpuUsage in µs.
    expect(after - before).toBeGreaterThan((burnt.user + burnt.system) / 1000 - 40)
    expect(after - before).toBeLessThan((burnt.user + burnt.system) / 1000 + 40)
    expect(readProcessCpuMs(2 ** 22 + 17)).toBeNaN()
  })
})
