import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.js'

describe('SWITCHYARD_REDIS_URL', () => {
  it('is unset by default (in-process store) and read from the environment', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined()
    expect(loadConfig({ SWITCHYARD_REDIS_URL: 'redis://redis:6379/0' }).redisUrl).toBe('redis://redis:6379/0')
    expect(loadConfig({ SWITCHYARD_REDIS_URL: 'rediss://u:p@cache.example:6380' }).redisUrl).toBe('rediss://u:p@cache.example:6380')
  })

  it('refuses anything but a redis:// or rediss:// URL', () => {
    expect(() => loadConfig({ SWITCHYARD_REDIS_URL: 'http://redis:6379' })).toThrow(/redis:\/\/ or rediss:\/\//)
  })
})
