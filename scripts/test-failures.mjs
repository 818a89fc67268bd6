// The failures of a test run, read back from the runners' JSON reports (scripts/test-all.mjs prints them
// after the summary).
import fs from 'node:fs'
import path from 'node:path'

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')
/** A failure's first lines, without colours: enough to read the assertion and what it found. */
function firstLines(message, lines = 16) {
  return String(message ?? '')
    .replace(ANSI, '')
    .split('\n')
    .slice(0, lines)
    .join('\n')
}

/** The failed tests of a Vitest or Playwright JSON report: a name to find each by and its first lines. */
export function failuresIn(file, root) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'))
  if ('numPassedTests' in report) {
    return report.testResults.flatMap((testFile) => {
      const failed = testFile.assertionResults.filter((test) => test.status === 'failed')
      if (failed.length === 0 && testFile.status === 'failed')
        return [{ name: path.relative(root, testFile.name), message: firstLines(testFile.message) }]
      return failed.map((test) => ({
        name: `${path.relative(root, testFile.name)} › ${test.fullName}`,
        message: firstLines(test.failureMessages?.[0]),
      }))
    })
  }
  const found = []
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue
        const result = (test.results ?? []).find((each) => each.error) ?? {}
        found.push({
          name: `${spec.file}:${spec.line} [${test.projectName}] › ${[...titles, spec.title].join(' › ')}`,
          message: firstLines(result.error?.message),
        })
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title])
  }
  // The top suites are the files; the titles below them are describe blocks.
  for (const suite of report.suites ?? []) walk(suite, [])
  return found
}
