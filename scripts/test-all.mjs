// The README's test command: every suite, one closing line 'N passed, N failed'.
//   1. unit tests (packages/shared rules, apps/web pure modules)
//   2. API tests on the embedded database (PGlite)
//   3. the same API tests on a PostgreSQL server, when DATABASE_URL is set
//   4. browser tests (Playwright driving Debian's Chromium) against the built server
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { failuresIn } from './test-failures.mjs'

const root = path.resolve(import.meta.dirname, '..')
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-reports-'))
const totals = { passed: 0, failed: 0, skipped: 0 }
const suites = []
// Test files that failed before their tests ran (a setup, an import): each counts as a failure, by name.
const brokenFiles = []
// Every failed test with the start of its message, printed again after the summary: the end of a long
// run's output says why it failed, not only how many.
const failures = []

function run(name, command, args, { cwd = root, env = {}, report } = {}) {
  console.log(`\n=== ${name} ===`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' })
  const seconds = Math.round((Date.now() - started) / 1000)
  const counts = report ? readReport(report) : undefined
  if (counts) {
    totals.passed += counts.passed
    totals.failed += counts.failed + counts.broken.length
    totals.skipped += counts.skipped
    brokenFiles.push(...counts.broken)
    failures.push(...failuresIn(report, root))
  }
  // A runner that crashed before reporting still counts as a failure.
  if (result.status !== 0 && (!counts || counts.failed + counts.broken.length === 0)) totals.failed += 1
  suites.push({ name, status: result.status, counts, seconds })
}

function readReport(file) {
  if (!fs.existsSync(file)) return undefined
  const report = JSON.parse(fs.readFileSync(file, 'utf8'))
  if ('numPassedTests' in report) {
    // Vitest reports the tests of a file whose setup failed as skipped: that file failed, and its
    // tests did not run; only tests marked skip (in files that ran) count as skipped.
    const broken = report.testResults
      .filter((file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'))
      // Its tests that passed ran (a failed setup of one describe block leaves the others running).
      .map((file) => ({
        name: path.relative(root, file.name),
        notRun: file.assertionResults.filter((test) => test.status !== 'passed').length,
      }))
    const notRun = broken.reduce((sum, file) => sum + file.notRun, 0)
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + (report.numTodoTests ?? 0) - notRun,
      broken,
    }
  }
  const stats = report.stats ?? {}
  return {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0),
    skipped: stats.skipped ?? 0,
    // Playwright counts a failed beforeAll as failed tests already; a file that cannot load is an error.
    broken: (report.errors ?? []).map((error) => ({ name: error.location?.file ?? 'a browser test file', notRun: 0 })),
  }
}

const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs')
function vitestRun(name, workspace, reportName, env) {
  const report = path.join(reports, `${reportName}.json`)
  run(name, process.execPath, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: path.join(root, workspace),
    env,
    report,
  })
}

const only = process.argv[2]
if (!only || only === 'unit') {
  vitestRun('unit: shared rules', 'packages/shared', 'shared')
  if (fs.existsSync(path.join(root, 'apps/web/vitest.config.ts'))) vitestRun('unit: web', 'apps/web', 'web')
}
if (!only || only === 'api') {
  vitestRun('api: PGlite', 'apps/api', 'api-pglite', { TEST_DATABASE_URL: '' })
  if (process.env.DATABASE_URL) {
    vitestRun('api: PostgreSQL', 'apps/api', 'api-postgres', { TEST_DATABASE_URL: process.env.DATABASE_URL })
  } else {
    console.log('\n(DATABASE_URL not set: the API tests on a PostgreSQL server are skipped)')
  }
}
if (!only || only === 'e2e') {
  run('build: web', 'npm', ['run', 'build', '-w', 'apps/web'])
  const report = path.join(reports, 'e2e.json')
  run('e2e: Chromium', process.execPath, [path.join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test'], {
    cwd: path.join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report, DATABASE_URL: '' },
    report,
  })
}

if (failures.length > 0) {
  console.log('\n=== failures ===')
  for (const failure of failures) console.log(`\n--- ${failure.name}\n${failure.message}`)
}

console.log('\n=== summary ===')
for (const suite of suites) {
  const counts = suite.counts
    ? `${suite.counts.passed} passed, ${suite.counts.failed + suite.counts.broken.length} failed`
    : 'no report'
  console.log(`${suite.status === 0 ? 'ok  ' : 'FAIL'} ${suite.name}: ${counts} (${suite.seconds} s)`)
}
for (const file of brokenFiles)
  console.log(`FAIL ${file.name}: failed before its tests ran (${file.notRun} tests did not run)`)
const broken =
  brokenFiles.length > 0 ? ` (${brokenFiles.map((file) => `${file.name} failed before its tests ran`).join('; ')})` : ''
console.log(`${totals.passed} passed, ${totals.failed} failed${broken}, ${totals.skipped} skipped`)
process.exit(totals.failed > 0 ? 1 : 0)
