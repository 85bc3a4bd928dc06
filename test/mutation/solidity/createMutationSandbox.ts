import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'

/** Parameters of {@link createMutationSandbox}. */
export type CreateMutationSandboxParameters = {
  /** The project to copy. */
  root: string
  /** Where the copy goes; its `.switchyard/` (devnet cache, vitest cache) is kept between runs. */
  sandbox: string
  /**
   * `HEAD`: the committed project (`git archive HEAD`), so nobody's work in progress in the checkout reaches
   * the tests; `working-tree`: the files as they are, uncommitted changes included (as StrykerJS copies).
   */
  from: 'HEAD' | 'working-tree'
}

/** Top-level entries never copied from the working tree: dependencies (linked instead), git, caches, build output. */
const skipped = new Set(['node_modules', '.git', '.switchyard', 'dist', 'coverage'])
/** Top-level entries of the sandbox kept when it is refreshed. */
const kept = new Set(['node_modules', '.switchyard'])

/**
 * Copies the project into a scratch directory where mutants are written, compiled and tested, so the
 * project's own sources and artifacts (which other people's tests read) are never touched.
 * `node_modules` is a symlink to the project's.
 *
 * @param params - the project, the sandbox directory and which version of the project to copy
 * @returns the sandbox directory
 */
export function createMutationSandbox({ root, sandbox, from }: CreateMutationSandboxParameters): string {
  mkdirSync(sandbox, { recursive: true })
  for (const entry of readdirSync(sandbox)) if (!kept.has(entry)) rmSync(join(sandbox, entry), { recursive: true, force: true })
  if (from === 'HEAD') {
    const archive = execFileSync('git', ['-C', root, 'archive', '--format=tar', 'HEAD'], { maxBuffer: 1 << 30 })
    execFileSync('tar', ['-x', '-C', sandbox], { input: archive })
  } else {
    // Entry by entry: the sandbox may live inside the project (under .switchyard/, which is skipped).
    for (const entry of readdirSync(root)) {
      if (!skipped.has(entry)) cpSync(join(root, entry), join(sandbox, entry), { recursive: true })
    }
  }
  const modules = join(sandbox, 'node_modules')
  if (!existsSync(modules)) symlinkSync(join(root, 'node_modules'), modules, 'dir')
  return sandbox
}
