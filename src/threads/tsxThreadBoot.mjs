// Entry of a worker thread that runs a TypeScript module (under vitest or tsx, before `npm run build`):
// Node 20 cannot load `.ts` in a worker by itself, and `--import tsx` in a worker's execArgv registers
// its loader too late for the worker's own entry. Registers tsx's loader here, then imports the module
// whose URL is the thread's first argument (see createThread.ts).
import { register } from 'tsx/esm/api'

register()
await import(process.argv[2])
