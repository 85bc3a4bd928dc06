import { encodeErrorResult, type Abi, type Address, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { switchyardCheckHelperAbi, switchyardDelegateAbi } from '../contracts/generated/abis.js'
import { missedPlanMinimum } from './missedPlanMinimum.js'

const check: Address = '0xD41C44b2EC089F5e1b062FF4Cd8B7575f6A0331D'
const pool: Address = '0x000000000000000000000000000000000000b001'
// The VM carries a failed call's custom error as its hex text (WeirollVM._revertMessage).
const failed = (target: Address, message: string): Hex =>
  encodeErrorResult({ abi: switchyardDelegateAbi as Abi, errorName: 'ExecutionFailed', args: [9n, target, message] })
const minimumMissed = encodeErrorResult({ abi: switchyardCheckHelperAbi as Abi, errorName: 'MinAmountOutNotMet', args: [985n, 990n] })

describe('missedPlanMinimum', () => {
  test('the check helper failing MinAmountOutNotMet inside the plan', () => {
    expect(missedPlanMinimum(failed(check, minimumMissed), check)).toBe(true)
    expect(missedPlanMinimum(failed(check, minimumMissed), check.toLowerCase() as Address)).toBe(true)
  })
  test('anything else is not: another target, another error of the helper, a string reason, no data', () => {
    expect(missedPlanMinimum(failed(pool, minimumMissed), check)).toBe(false)
    const checkFailed = encodeErrorResult({ abi: switchyardCheckHelperAbi as Abi, errorName: 'CheckFailed' })
    expect(missedPlanMinimum(failed(check, checkFailed), check)).toBe(false)
    expect(missedPlanMinimum(failed(check, 'BAL#304'), check)).toBe(false)
    expect(missedPlanMinimum(minimumMissed, check)).toBe(false)
    expect(missedPlanMinimum(undefined, check)).toBe(false)
    expect(missedPlanMinimum('0x', check)).toBe(false)
  })
})
