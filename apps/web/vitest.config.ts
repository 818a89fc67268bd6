import { defineConfig } from 'vitest/config'

// Pure modules only (no DOM in the test environment): api client, storage parsing, rules of the pages.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
})
