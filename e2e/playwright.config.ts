import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts'

const PORT = Number(process.env.E2E_PORT ?? 3100)
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526)
export const MAIL_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? 3199)
// Per port, so that several runs (helpers, CI) never share a data directory.
const dataDir = path.resolve(import.meta.dirname, '..', '.tmp', `e2e-data-${PORT}`)

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(dataDir, '..', 'e2e-report.json') }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'bs-BA',
    trace: 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } }],
  webServer: [
    {
      // A real SMTP server that keeps what the shop sends (read through e2e/support.ts).
      command: 'node --import tsx mail-sink.ts',
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { E2E_SMTP_PORT: String(SMTP_PORT), E2E_MAIL_HTTP_PORT: String(MAIL_HTTP_PORT) },
    },
    {
      // A fresh embedded database with the demo shop for every run.
      command: `rm -rf "${dataDir}" && node --import tsx ../apps/api/src/main.ts`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED: 'demo',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        DATABASE_URL: '',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // Every browser test registers from 127.0.0.1; the limit itself is tested in the API suite.
        REGISTRATIONS_PER_HOUR: '1000',
        SEARCHES_PER_MINUTE: '10000',
        ORDERS_PER_ADDRESS_PER_HOUR: '100000',
        // E2E_WEB_DIST serves another build of the web app (default: apps/web/dist).
        ...(process.env.E2E_WEB_DIST ? { WEB_DIST: path.resolve(process.env.E2E_WEB_DIST) } : {}),
      },
    },
  ],
})
