import { readdirSync, readFileSync, readlinkSync } from 'node:fs'

/**
 * Whether process `pid` holds the listening IPv4 TCP socket on `port`, read from Linux's /proc (the
 * socket's inode in /proc/net/tcp, then among the process's file descriptors). Another process can
 * answer on a port we were told was free (two test processes picked the same one); only this tells
 * whose node answers. `undefined` where /proc cannot tell (not Linux).
 * @returns true / false, or undefined when unknown
 */
export function listensOn(pid: number, port: number): boolean | undefined {
  let table: string
  try {
    table = readFileSync('/proc/net/tcp', 'utf8')
  } catch {
    return undefined
  }
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0')
  const inodes = new Set<string>()
  for (const line of table.split('\n').slice(1)) {
    const f = line.trim().split(/\s+/)
    // local_address is IP:PORT in hex; state 0A is LISTEN; the inode is the tenth field.
    if (f.length > 9 && f[1]!.endsWith(`:${hexPort}`) && f[3] === '0A') inodes.add(f[9]!)
  }
  if (inodes.size === 0) return false
  let fds: string[]
  try {
    fds = readdirSync(`/proc/${pid}/fd`)
  } catch {
    return false
  }
  for (const fd of fds) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))
      if (m && inodes.has(m[1]!)) return true
    } catch {
      // closed meanwhile
    }
  }
  return false
}
