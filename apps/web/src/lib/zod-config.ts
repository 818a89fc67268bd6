// the first-load budget of bench/first-load.ts: zod 4 probes whether it may generate code with `new Function("")`, which a strict
// Content-Security-Policy reports as a violation (the shop's CSP has no 'unsafe-eval'). Without
// code generation zod validates the same, a little slower. It must be set before any schema is
// built, so the web entry imports this module before the app.
import { config } from 'zod/v4/core'

config({ jitless: true })
