import { describe, expect, test } from 'vitest'
import { minimizeLbfgs } from './minimizeLbfgs.js'

describe('minimizeLbfgs', () => {
  test('Rosenbrock in 2 and 20 dimensions reaches the minimum at 1', () => {
    for (const n of [2, 20]) {
      const objective = (x: Float64Array) => {
        let value = 0
        const gradient = new Float64Array(n)
        for (let i = 0; i < n - 1; i++) {
          const a = x[i + 1]! - x[i]! ** 2
          const b = 1 - x[i]!
          value += 100 * a * a + b * b
          gradient[i] = gradient[i]! - 400 * x[i]! * a - 2 * b
          gradient[i + 1] = gradient[i + 1]! + 200 * a
        }
        return { value, gradient }
      }
      const result = minimizeLbfgs({ objective }, { x0: new Float64Array(n).fill(-1.2), maxIterations: 2_000, firstStep: 0.1, gradientTolerance: 1e-10 })
      for (const v of result.x) expect(v).toBeCloseTo(1, 6)
      expect(result.reason).toBe('gradient')
    }
  })

  // Log-spaced spectra are hard for limited memory (SciPy's L-BFGS-B also needs thousands of iterations at 1e6).
  test('an ill-conditioned quadratic (condition 1e4) in 50 dimensions', () => {
    const n = 50
    const scale = Float64Array.from({ length: n }, (_, i) => 10 ** ((4 * i) / (n - 1)))
    const objective = (x: Float64Array) => ({
      value: x.reduce((s, v, i) => s + 0.5 * scale[i]! * (v - 1) ** 2, 0),
      gradient: Float64Array.from(x, (v, i) => scale[i]! * (v - 1)),
    })
    const result = minimizeLbfgs({ objective }, { x0: new Float64Array(n), maxIterations: 2_000, memory: 20, gradientTolerance: 1e-8 })
    expect(result.reason).toBe('gradient')
    expect(result.sample.value).toBeLessThan(1e-12)
  })

  test('the callback stops it, and a non-decreasing objective stops on the line search', () => {
    const objective = (x: Float64Array) => ({ value: x[0]! ** 2, gradient: Float64Array.of(2 * x[0]!) })
    const stopped = minimizeLbfgs({ objective }, { x0: Float64Array.of(3), maxIterations: 50, onIteration: ({ iteration }) => iteration === 2 })
    expect(stopped).toMatchObject({ iterations: 2, reason: 'callback' })
    // A gradient that lies (points uphill) never yields a decrease.
    const liar = (x: Float64Array) => ({ value: x[0]!, gradient: Float64Array.of(-1) })
    expect(minimizeLbfgs({ objective: liar }, { x0: Float64Array.of(0), maxIterations: 50 }).reason).toBe('lineSearch')
  })
})
