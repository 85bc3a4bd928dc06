import { describe, expect, test } from 'vitest'
import type { Explanation } from '../types.js'
import { renderCandidates } from './renderCandidates.js'
import { renderPlan } from './renderPlan.js'
import { renderReplay } from './renderReplay.js'

const explanation: Explanation = {
  quoteId: 'q1', chainId: 1, blockNumber: '342', blockHash: '0xabc', steps: [],
  plan: [{
    index: 0, target: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', function: 'transfer(address,uint256)', selector: '0xa9059cbb',
    args: [{ type: 'address', name: 'to', value: '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640', slot: 0 }, { type: 'uint256', name: 'amount', value: null, slot: 1, fromCommand: 0 }],
    reads: [0, 1], writes: null, callType: 'call', flags: 1, gas: '29000',
  }],
  candidates: [
    { rank: 1, description: 'WETH → USDC (uniswap-v3 0x88e6…)', kind: 'waterFill', paths: [], estimatedAmountOut: '300', simulatedAmountOut: '300', gas: '200000', score: '290', chosen: true },
    { rank: 2, description: '<b>WETH → USDC</b>', kind: 'single', paths: [], estimatedAmountOut: '280', chosen: false },
  ],
  winner: { reason: 'Best output net of gas.', marginBps: 714, gasDifference: '-5000' },
}

describe('the explanation\'s parts', () => {
  test('the decoded plan: target, function, arguments with their slots or the command that fills them, writes, gas', () => {
    const html = renderPlan(explanation.plan)
    expect(html).toContain('transfer(address,uint256)')
    expect(html).toContain('to: address = &quot;0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640&quot; [slot 0]')
    expect(html).toContain('amount: uint256 = output of command 0 [slot 1]')
    expect(html).toContain('<td>0, 1</td><td>—</td><td>29000</td>')
    expect(renderPlan(undefined)).toContain('No decoded plan')
  })

  test('candidates best first, the chosen one marked, why it won; their text escaped', () => {
    const html = renderCandidates(explanation)
    expect(html).toContain('Best output net of gas. Margin: 714 bps. Gas difference: -5000.')
    expect(html).toMatch(/<tr data-candidate="1" class="chosen"><td>1 ✓<\/td><td>waterFill<\/td>/)
    expect(html).toContain('&lt;b&gt;WETH → USDC&lt;/b&gt;')
    expect(renderCandidates(undefined)).toContain('did not explain')
  })

  test('a replay: reproduced, or every difference with its code', () => {
    expect(renderReplay({ same: true, chainId: 1, blockNumber: '342', amountOut: '300', expectedAmountsOut: ['300'], differences: [] })).toContain('data-replay="same">Reproduced: block 342 on chain 1 gives exactly 300 again')
    const differs = renderReplay({ same: false, chainId: 1, blockNumber: '342', amountOut: '299', expectedAmountsOut: ['300'], differences: [{ code: 'AMOUNT_DIFFERS', field: 'amountOut[0]', expected: '300', actual: '299', difference: '-1', message: 'the amount differs by -1' }] })
    expect(differs).toContain('data-replay="differs"')
    expect(differs).toContain('<strong>AMOUNT_DIFFERS</strong> <code>amountOut[0]</code>: the amount differs by -1 (expected 300, got 299)')
  })
})
