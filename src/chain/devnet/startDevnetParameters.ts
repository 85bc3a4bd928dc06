/** Parameters of `startDevnet`. */
export type StartDevnetParameters = {
  /** Chains to start; defaults to every chain in the scenario. */
  chains?: readonly number[] | undefined
  /** Scenario file; defaults to the shipped `scenarios/default.json`. */
  scenarioPath?: string | undefined
  /** Fixed ports per chain; chains without one get a free port. */
  ports?: Readonly<Record<number, number>> | undefined
  /** Directory for the built-state cache; defaults to `<project>/.switchyard/cache`. */
  cacheDir?: string | undefined
  /** Set false to always build from scratch (never read or write the cache). */
  useCache?: boolean | undefined
  /** Progress messages. */
  log?: ((message: string) => void) | undefined
  /**
   * Restart a node that dies (kill -9, crash) on the same port from its recent state, dumped to
   * `stateDir` whenever the head moves (at most every `dumpIntervalMs`, default 5 s); see `superviseAnvil`.
   */
  supervise?: { stateDir: string; dumpIntervalMs?: number | undefined } | undefined
}
