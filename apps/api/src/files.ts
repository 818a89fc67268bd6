import { fileURLToPath } from 'node:url'

// Where the API finds the files it reads at run time, relative to this module. It sits directly in src/, and the
// build (apps/api/build.mjs) writes its bundles directly in dist/, with the migrations and the PGlite worker at the
// same places below it, so these paths hold for the sources (tsx, Vitest) and for the build alike
// (docs/decisions.md, 'A production build without dev tools').

/** The plain SQL migrations, applied in name order. */
export const MIGRATIONS_DIRECTORY = fileURLToPath(new URL('./db/migrations/', import.meta.url))

/** The worker thread that runs the embedded database (plain JavaScript, loaded as it is). */
export const PGLITE_WORKER = new URL('./platform/pglite-worker.js', import.meta.url)

/** The built web app, unless WEB_DIST names another. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url))
