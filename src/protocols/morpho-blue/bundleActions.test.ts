import type { Address, Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { useBundleHarness } from '../../service/testing/startBundleHarness.js'
import { morphoBlueAbi } from './abi.js'

const user: Address = '0x00000000000000000000000000000000000b0b01'

const h = useBundleHarness(user)

const morpho = () => h.chain.addressBook.morphoBlue!
const market = (symbol: string) => morpho().markets.find((m) => m.symbol === symbol)!
const position = (id: Hex, who: Address) => h.chain.client.readContract({ address: morpho().morpho, abi: morphoBlueAbi, functionName: 'position', args: [id, who] })

describe('Morpho Blue through bundles, executed on the devnet', () => {
  test('a wallet posts WETH collateral, borrows USDC, repays part and takes some collateral back', async () => {
    const wallet = await h.createWallet()
    const m = market('WETH/USDC-86')
    await h.devnet.fund({ chainId: 1, address: wallet, token: 'WETH', amount: 2n * 10n ** 18n })
    const answer = await h.bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'morpho-blue', action: 'deposit', args: { tokenIn: h.tok('WETH'), amountIn: (2n * 10n ** 18n).toString(), primaryAddress: morpho().morpho, positionId: m.id } },
      { protocol: 'morpho-blue', action: 'borrow', args: { tokenOut: h.tok('USDC'), amountOut: '2000000000', primaryAddress: morpho().morpho, positionId: m.id } },
      { protocol: 'morpho-blue', action: 'repay', args: { tokenIn: h.tok('USDC'), amountIn: '500000000', primaryAddress: morpho().morpho, positionId: m.id } },
      { protocol: 'morpho-blue', action: 'withdraw', args: { tokenOut: h.tok('WETH'), amountOut: (5n * 10n ** 17n).toString(), primaryAddress: morpho().morpho, positionId: m.id } },
    ])
    await h.sendThroughWallet(wallet, answer)
    const [, borrowShares, collateral] = await position(m.id, wallet)
    expect(collateral).toBe(15n * 10n ** 17n)
    expect(borrowShares).toBeGreaterThan(0n)
    expect(await h.balance(h.tok('USDC'), wallet)).toBe(1_500_000_000n)
    expect(await h.balance(h.tok('WETH'), wallet)).toBe(5n * 10n ** 17n)
  })

  test('an EOA supplies USDC to a market under the router: the position is the EOA\'s, the executor keeps nothing', async () => {
    const m = market('WETH/USDC-86')
    await h.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 10_000n * 10n ** 6n })
    const answer = await h.bundle({ fromAddress: user }, [
      { protocol: 'morpho-blue', action: 'deposit', args: { tokenIn: h.tok('USDC'), amountIn: '10000000000', primaryAddress: morpho().morpho, positionId: m.id } },
    ])
    await h.sendAsEoa(answer)
    const [supplyShares] = await position(m.id, user)
    expect(supplyShares).toBeGreaterThan(0n)
    expect(await h.balance(h.tok('USDC'), h.chain.addressBook.switchyard!.executor as Address)).toBe(0n)
  })

  test('borrowing under the router is refused; an unknown market is a clear 400', async () => {
    await expect(h.bundle({ fromAddress: user }, [
      { protocol: 'morpho-blue', action: 'borrow', args: { tokenOut: h.tok('USDC'), amountOut: '1', primaryAddress: morpho().morpho } },
    ])).rejects.toMatchObject({ code: 'DELEGATE_ONLY' })
    await expect(h.bundle({ fromAddress: user }, [
      { protocol: 'morpho-blue', action: 'deposit', args: { tokenIn: h.tok('USDC'), amountIn: '1', primaryAddress: morpho().morpho, positionId: `0x${'00'.repeat(32)}` } },
    ])).rejects.toMatchObject({ code: 'INVALID_ACTION' })
  })
})
