/** Value and gradient of an objective at a point. */
export type ObjectiveSample = { value: number; gradient: Float64Array }

/** Context of {@link minimizeLbfgs}: the objective (evaluated at points the minimizer owns; do not keep them). */
export type MinimizeLbfgsContext = { objective: (x: Float64Array) => ObjectiveSample }

/** Parameters of {@link minimizeLbfgs}. */
export type MinimizeLbfgsParameters = {
  /** Starting point (not mutated). */
  x0: Float64Array
  /** Iterations (accepted steps) at most. */
  maxIterations: number
  /** Curvature pairs kept. Default 12. */
  memory?: number | undefined
  /** Largest coordinate change of the first step (before any curvature is known). Default 1e-3. */
  firstStep?: number | undefined
  /** Stop when the gradient's largest coordinate falls below this. Default 0. */
  gradientTolerance?: number | undefined
  /** Called after every accepted step; return true to stop. */
  onIteration?: ((state: { iteration: number; x: Float64Array; sample: ObjectiveSample }) => boolean) | undefined
}

/** Result of {@link minimizeLbfgs}. */
export type MinimizeLbfgsReturnType = {
  /** Last accepted point and its sample. */
  x: Float64Array
  sample: ObjectiveSample
  iterations: number
  evaluations: number
  /** Why it stopped. */
  reason: 'maxIterations' | 'gradient' | 'callback' | 'lineSearch'
}

const dot = (a: Float64Array, b: Float64Array): number => {
  let s = 0
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!
  return s
}
const maxAbs = (a: Float64Array): number => {
  let m = 0
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]!))
  return m
}

/**
 * Limited-memory BFGS (Nocedal & Wright, Algorithm 7.4, two-loop recursion) with a strong-Wolfe line search
 * (Algorithms 3.5 and 3.6, bisection zoom). Unconstrained; a failed line search drops the memory and retries
 * along the steepest descent once before giving up. Works on the piecewise-smooth duals of the reference
 * (continuously differentiable for strictly convex pools), where it is what Diamandis et al. use.
 *
 * @example
 * minimizeLbfgs({ objective: (x) => ({ value: x[0]! ** 2, gradient: Float64Array.of(2 * x[0]!) }) }, { x0: Float64Array.of(3), maxIterations: 50 })
 */
export function minimizeLbfgs({ objective }: MinimizeLbfgsContext, parameters: MinimizeLbfgsParameters): MinimizeLbfgsReturnType {
  const memory = parameters.memory ?? 12
  const n = parameters.x0.length
  let x: Float64Array = Float64Array.from(parameters.x0)
  let sample = objective(x)
  let evaluations = 1
  const history: { s: Float64Array; y: Float64Array; rho: number }[] = []
  let steepestRetry = false
  for (let iteration = 1; iteration <= parameters.maxIterations; iteration++) {
    const g = sample.gradient
    if (maxAbs(g) <= (parameters.gradientTolerance ?? 0)) return { x, sample, iterations: iteration - 1, evaluations, reason: 'gradient' }
    // Two-loop recursion: d = −H g.
    const d = Float64Array.from(g, (v) => -v)
    const alphas: number[] = []
    for (let k = history.length - 1; k >= 0; k--) {
      const h = history[k]!
      const a = h.rho * dot(h.s, d)
      alphas[k] = a
      for (let i = 0; i < n; i++) d[i] = d[i]! - a * h.y[i]!
    }
    let initial = 1
    if (history.length > 0) {
      const last = history[history.length - 1]!
      const gamma = dot(last.s, last.y) / dot(last.y, last.y)
      for (let i = 0; i < n; i++) d[i] = d[i]! * gamma
    } else initial = (parameters.firstStep ?? 1e-3) / Math.max(maxAbs(d), 1e-300)
    for (let k = 0; k < history.length; k++) {
      const h = history[k]!
      const b = h.rho * dot(h.y, d)
      for (let i = 0; i < n; i++) d[i] = d[i]! + h.s[i]! * (alphas[k]! - b)
    }
    let slope = dot(g, d)
    if (!(slope < 0)) {
      // Not a descent direction (the curvature pairs went stale on a kink): restart from steepest descent.
      history.length = 0
      for (let i = 0; i < n; i++) d[i] = -g[i]!
      slope = dot(g, d)
      initial = (parameters.firstStep ?? 1e-3) / Math.max(maxAbs(d), 1e-300)
    }
    const search = lineSearch(objective, { x, sample, d, slope, initial })
    evaluations += search.evaluations
    if (search.point === undefined) {
      if (history.length === 0 || steepestRetry) return { x, sample, iterations: iteration - 1, evaluations, reason: 'lineSearch' }
      history.length = 0
      steepestRetry = true
      iteration--
      continue
    }
    steepestRetry = false
    const s = new Float64Array(n)
    const y = new Float64Array(n)
    for (let i = 0; i < n; i++) {
      s[i] = search.point.x[i]! - x[i]!
      y[i] = search.point.sample.gradient[i]! - g[i]!
    }
    const sy = dot(s, y)
    if (sy > 1e-12 * Math.sqrt(dot(s, s) * dot(y, y))) {
      history.push({ s, y, rho: 1 / sy })
      if (history.length > memory) history.shift()
    }
    x = search.point.x
    sample = search.point.sample
    if (parameters.onIteration?.({ iteration, x, sample })) return { x, sample, iterations: iteration, evaluations, reason: 'callback' }
  }
  return { x, sample, iterations: parameters.maxIterations, evaluations, reason: 'maxIterations' }
}

type Point = { x: Float64Array; sample: ObjectiveSample; alpha: number }

/** Strong-Wolfe line search (c1 = 1e-4, c2 = 0.9), at most 30 evaluations; undefined when no decrease was found. */
function lineSearch(
  objective: (x: Float64Array) => ObjectiveSample,
  { x, sample, d, slope, initial }: { x: Float64Array; sample: ObjectiveSample; d: Float64Array; slope: number; initial: number },
): { point: Point | undefined; evaluations: number } {
  const c1 = 1e-4
  const c2 = 0.9
  let evaluations = 0
  const at = (alpha: number): Point => {
    const p = Float64Array.from(x, (v, i) => v + alpha * d[i]!)
    evaluations++
    return { x: p, sample: objective(p), alpha }
  }
  const slopeOf = (p: Point): number => dot(p.sample.gradient, d)
  // Strict decrease: once the objective is flat to float precision, the search fails and the minimizer stops.
  const armijo = (p: Point): boolean => Number.isFinite(p.sample.value) && p.sample.value < sample.value && p.sample.value <= sample.value + c1 * p.alpha * slope
  let best: Point | undefined
  const consider = (p: Point): void => {
    if (armijo(p) && (best === undefined || p.sample.value < best.sample.value)) best = p
  }
  const zoom = (lo: Point, hi: Point): Point | undefined => {
    while (evaluations < 30) {
      const p = at((lo.alpha + hi.alpha) / 2)
      consider(p)
      if (!armijo(p) || p.sample.value >= lo.sample.value) hi = p
      else {
        const s = slopeOf(p)
        if (Math.abs(s) <= -c2 * slope) return p
        if (s * (hi.alpha - lo.alpha) >= 0) hi = lo
        lo = p
      }
    }
    return best
  }
  let previous: Point = { x, sample, alpha: 0 }
  let alpha = initial
  while (evaluations < 30) {
    const p = at(alpha)
    consider(p)
    if (!armijo(p) || (previous.alpha > 0 && p.sample.value >= previous.sample.value)) return { point: zoom(previous, p), evaluations }
    const s = slopeOf(p)
    if (Math.abs(s) <= -c2 * slope) return { point: p, evaluations }
    if (s >= 0) return { point: zoom(p, previous), evaluations }
    previous = p
    alpha *= 4
  }
  return { point: best, evaluations }
}
