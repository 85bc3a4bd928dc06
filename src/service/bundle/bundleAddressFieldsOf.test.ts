import { describe, expect, test } from 'vitest'
import type { BundleParams } from '../../schemas/bundleRequest.js'
import { bundleAddressFieldsOf } from './bundleAddressFieldsOf.js'

type Base = { spender: `0x${string}` | undefined; receiver: `0x${string}`; refundReceiver: `0x${string}` }
const base: Base = { spender: '0xs', receiver: '0xr', refundReceiver: '0xf' }
const of = (actions: unknown[], p: { spender?: Base['spender'] } = {}) => bundleAddressFieldsOf({ ...base, ...p, actions: actions as BundleParams['actions'] })

describe('bundleAddressFieldsOf', () => {
  test('the bundle\'s spender first, then receiver and refundReceiver (undefined kept: the check skips it)', () => {
    expect(of([], { spender: undefined })).toEqual({
      receivers: [{ field: 'spender', address: undefined }, { field: 'receiver', address: '0xr' }, { field: 'refundReceiver', address: '0xf' }],
      transfers: [],
    })
  })

  test('receiver, feeReceiver and refundReceiver of every action with their path; other keys and non-strings ignored', () => {
    const r = of([
      { protocol: 'enso', action: 'route', args: { receiver: '0x1', feeReceiver: '0x2', refundReceiver: '0x3', tokenOut: '0x4', spender: '0x5' } },
      { protocol: 'enso', action: 'fee', args: { feeReceiver: { useOutputOfCallAt: 0 }, receiver: 5 } },
    ])
    expect(r.receivers.slice(3)).toEqual([
      { field: 'actions[0].args.receiver', address: '0x1' },
      { field: 'actions[0].args.feeReceiver', address: '0x2' },
      { field: 'actions[0].args.refundReceiver', address: '0x3' },
    ])
    expect(r.transfers).toEqual([])
  })

  test('transfers (erc20 transfer and transferfrom, permit2 permittransferfrom) go apart; an approve or another protocol\'s transfer does not', () => {
    const r = of([
      { protocol: 'erc20', action: 'transfer', args: { receiver: '0xa' } },
      { protocol: 'erc20', action: 'transferfrom', args: { receiver: '0xb' } },
      { protocol: 'permit2', action: 'permittransferfrom', args: { receiver: '0xc' } },
      { protocol: 'erc20', action: 'approve', args: { receiver: '0xd' } },
      { protocol: 'enso', action: 'transfer', args: { receiver: '0xe' } },
      { protocol: 'permit2', action: 'transfer', args: { receiver: '0xg' } },
    ])
    expect(r.transfers).toEqual([
      { field: 'actions[0].args.receiver', address: '0xa' },
      { field: 'actions[1].args.receiver', address: '0xb' },
      { field: 'actions[2].args.receiver', address: '0xc' },
    ])
    expect(r.receivers.slice(3)).toEqual([
      { field: 'actions[3].args.receiver', address: '0xd' },
      { field: 'actions[4].args.receiver', address: '0xe' },
      { field: 'actions[5].args.receiver', address: '0xg' },
    ])
  })

  test('callbacks are walked with their own path, nested ones too', () => {
    const r = of([
      { protocol: 'enso', action: 'route', args: { receiver: '0x0' } },
      {
        protocol: 'stargate', action: 'bridge', args: {
          refundReceiver: '0x1',
          callback: [
            { protocol: 'erc20', action: 'transfer', args: { receiver: '0x2' } },
            { protocol: 'across', action: 'bridge', args: { callback: [{ protocol: 'enso', action: 'route', args: { receiver: '0x3' } }] } },
          ],
        },
      },
      { protocol: 'enso', action: 'route', args: { callback: 'not a list', receiver: '0x4' } },
    ])
    expect(r.receivers.slice(3)).toEqual([
      { field: 'actions[0].args.receiver', address: '0x0' },
      { field: 'actions[1].args.refundReceiver', address: '0x1' },
      { field: 'actions[1].args.callback[1].args.callback[0].args.receiver', address: '0x3' },
      { field: 'actions[2].args.receiver', address: '0x4' },
    ])
    expect(r.transfers).toEqual([{ field: 'actions[1].args.callback[0].args.receiver', address: '0x2' }])
  })
})
