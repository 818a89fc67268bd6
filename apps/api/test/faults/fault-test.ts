import { it } from 'vitest'
import { TEST_DATABASE_SERVER } from '../support/scratch-database.ts'
import { reportFigures } from './support.ts'

// What every fault test does around its scenario (docs/decisions.md, Faults): it runs in the pass it
// can run in, or says once in the output why it is skipped; it prints the scenario's figures for the
// results table; and it checks them with the end of the servers' output at hand, which explains a
// failed check.

/** A scenario's figures: the output of its one server (`log`) or the last lines of its two (`logs`). */
type ScenarioFigures = { log: string } | { logs: string }

/** Why a fault test that needs the PostgreSQL pass's server (TEST_DATABASE_URL) is skipped; undefined in that pass. */
export const NO_POSTGRES_SERVER = TEST_DATABASE_SERVER ? undefined : 'TEST_DATABASE_URL is not set'

export type Fault = {
  /** The name its figures are printed under (reportFigures), and the line that says why it is skipped. */
  figures: string
  /** Why it cannot run here; undefined where it can. */
  skipReason?: string | undefined
  timeoutMs: number
}

/** One fault test: runs `scenario`, prints its figures and hands them to `check` with the end of the servers' output. */
export function itSurvives<F extends ScenarioFigures>(
  title: string,
  fault: Fault,
  scenario: () => Promise<F>,
  check: (figures: F, logs: string) => void,
): void {
  if (fault.skipReason) process.stdout.write(`fault test ${fault.figures} skipped: ${fault.skipReason}\n`)
  it.skipIf(fault.skipReason !== undefined)(
    title,
    async () => {
      const figures = await scenario()
      reportFigures(fault.figures, figures)
      check(figures, 'logs' in figures ? figures.logs : figures.log.slice(-3000))
    },
    fault.timeoutMs,
  )
}
