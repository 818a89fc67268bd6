import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    // A file's setup (a database, migrations, an app) on a loaded 2-core machine: minutes, not seconds.
    hookTimeout: 180_000,
    pool: 'forks',
    // Each file opens its own database; two at a time keeps PGlite's start-up cost bounded.
    maxWorkers: 2,
  },
})
