import { describe, expect, test } from 'vitest'
import { loadConfig } from './config.js'

describe('loadConfig', () => {
  test('defaults: chains 1 and 8453 on the devnet, gateway 8080, gRPC 50051', () => {
    const c = loadConfig({})
    expect(c.chains).toEqual([1, 8453])
    expect(c.rpc).toEqual({})
    expect(c.httpPort).toBe(8080)
    expect(c.grpcPort).toBe(50051)
    expect(c.devnetPorts).toEqual({ '1': 8545, '8453': 8546 })
  })

  test('SWITCHYARD_RPC_<id> selects an external node; ports and keys from env', () => {
    const c = loadConfig({
      SWITCHYARD_RPC_1: 'http://127.0.0.1:9999',
      SWITCHYARD_CHAINS: '1',
      PORT: '9090',
      SWITCHYARD_DEVNET_PORT_8453: '9546',
      SWITCHYARD_API_KEYS: 'k1:acct1, k2',
    })
    expect(c.rpc).toEqual({ '1': 'http://127.0.0.1:9999' })
    expect(c.chains).toEqual([1])
    expect(c.httpPort).toBe(9090)
    expect(c.devnetPorts['8453']).toBe(9546)
    expect(c.apiKeys).toEqual(['k1:acct1', 'k2'])
  })

  test('SWITCHYARD_WS_<id> names an external node\'s WebSocket endpoint; an http URL there is refused', () => {
    expect(loadConfig({ SWITCHYARD_RPC_1: 'http://127.0.0.1:9999', SWITCHYARD_WS_1: 'ws://127.0.0.1:9999' }).ws).toEqual({ '1': 'ws://127.0.0.1:9999' })
    expect(loadConfig({}).ws).toEqual({})
    expect(() => loadConfig({ SWITCHYARD_WS_1: 'http://127.0.0.1:9999' })).toThrow(/ws:\/\/ or wss:\/\//)
  })

  test('invalid settings are rejected with a clear error', () => {
    expect(() => loadConfig({ SWITCHYARD_RPC_1: 'not a url' })).toThrow()
    expect(() => loadConfig({ PORT: 'abc' })).toThrow()
    expect(() => loadConfig({ SWITCHYARD_CHAINS: '1,x' })).toThrow()
  })

  test('issue 12: gateway secret, in-flight bound and node retry from env; a short secret is refused without echoing it', () => {
    const secret = 'a-gateway-secret-of-at-least-32-chars'
    const c = loadConfig({ SWITCHYARD_GATEWAY_SECRET: secret, SWITCHYARD_MAX_INFLIGHT: '48', SWITCHYARD_NODE_RETRY_MS: '2500' })
    expect([c.gatewaySecret, c.maxInflight, c.nodeRetryMs]).toEqual([secret, 48, 2500])
    const defaults = loadConfig({})
    expect([defaults.gatewaySecret, defaults.maxInflight, defaults.nodeRetryMs]).toEqual([undefined, undefined, 5000])
    expect(defaults.gatewayThread).toBe(true)
    expect(['0', 'false', 'OFF', 'no'].map((v) => loadConfig({ SWITCHYARD_GATEWAY_THREAD: v }).gatewayThread)).toEqual([false, false, false, false])
    expect(loadConfig({ SWITCHYARD_GATEWAY_THREAD: '1' }).gatewayThread).toBe(true)
    expect([defaults.idleGc, loadConfig({ SWITCHYARD_IDLE_GC: 'off' }).idleGc, loadConfig({ SWITCHYARD_IDLE_GC: 'on' }).idleGc]).toEqual([true, false, true])
    let message = ''
    try {
      loadConfig({ SWITCHYARD_GATEWAY_SECRET: 'short-secret-xyz' })
    } catch (err) {
      message = String(err)
    }
    expect(message).toMatch(/gatewaySecret/)
    expect(message).not.toContain('short-secret-xyz')
    expect(() => loadConfig({ SWITCHYARD_MAX_INFLIGHT: '0' })).toThrow()
  })

  test('issue 20: discovery settings from env: floor, start block per chain, log range, token list', () => {
    const c = loadConfig({ SWITCHYARD_MIN_POOL_TVL_USD: '2500.5', SWITCHYARD_DISCOVERY_START_BLOCK_1: '12000000', SWITCHYARD_DISCOVERY_START_BLOCK_8453: '0', SWITCHYARD_LOG_BLOCK_RANGE: '2000', SWITCHYARD_TOKEN_LIST: '/etc/tokens.json' })
    expect([c.minPoolTvlUsd, c.discoveryStartBlocks, c.logBlockRange, c.tokenListPath]).toEqual([2500.5, { '1': 12_000_000, '8453': 0 }, 2000, '/etc/tokens.json'])
    const defaults = loadConfig({})
    expect([defaults.minPoolTvlUsd, defaults.discoveryStartBlocks, defaults.logBlockRange, defaults.tokenListPath]).toEqual([10_000, {}, 10_000, undefined])
    expect(() => loadConfig({ SWITCHYARD_MIN_POOL_TVL_USD: '-1' })).toThrow(/minPoolTvlUsd/)
    expect(() => loadConfig({ SWITCHYARD_LOG_BLOCK_RANGE: '0' })).toThrow(/logBlockRange/)
  })
  test('issue 26: JSON-RPC batching of batches and re-quotes: auto by default, numbers or auto from env, nonsense refused', () => {
    const defaults = loadConfig({})
    expect([defaults.rpcBatchSize, defaults.rpcBatchInFlight]).toEqual(['auto', 'auto'])
    const c = loadConfig({ SWITCHYARD_RPC_BATCH_SIZE: '25', SWITCHYARD_RPC_BATCH_IN_FLIGHT: '0' })
    expect([c.rpcBatchSize, c.rpcBatchInFlight]).toEqual([25, 0])
    expect(loadConfig({ SWITCHYARD_RPC_BATCH_IN_FLIGHT: 'auto' }).rpcBatchInFlight).toBe('auto')
    expect(() => loadConfig({ SWITCHYARD_RPC_BATCH_SIZE: '0' })).toThrow(/rpcBatchSize/)
    expect(() => loadConfig({ SWITCHYARD_RPC_BATCH_IN_FLIGHT: 'many' })).toThrow(/rpcBatchInFlight/)
  })
})
