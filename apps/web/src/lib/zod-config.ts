// zod 4 probes whether it may generate code with `new Function("")`, which a strict Content-Security-Policy
// reports as a violation (the shop's CSP has no 'unsafe-eval'). Without code generation zod validates the
// same, a little slower. It must be set before any schema is built, so the web entry imports this module
// before the app. zod keeps its settings in globalThis.__zod_globalConfig and takes an object already there
// (zod/v4/core/core.js), so setting it here keeps zod itself out of the first load (docs/decisions.md,
// 'First load back under budget'); e2e/first-load-requests.spec.ts fails if a violation comes back.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true }

export {}
