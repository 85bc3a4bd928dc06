import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { expect, test } from 'vitest'
import { listensOn } from './listensOn.js'

test('tells which process holds a listening port: this one for its own server, not a child that does not listen', async () => {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as AddressInfo).port
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], { stdio: 'ignore' })
  try {
    expect(listensOn(process.pid, port)).toBe(true)
    expect(listensOn(child.pid!, port)).toBe(false)
    await new Promise<void>((r) => server.close(() => r()))
    expect(listensOn(process.pid, port)).toBe(false)
  } finally {
    child.kill('SIGKILL')
  }
})
