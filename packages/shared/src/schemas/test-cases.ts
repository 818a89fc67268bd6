// Beside test-support.ts, not in it: that file's fixtures are also loaded outside Vitest (the API's fault and cluster tests).
import type { z } from 'zod'
import { itReturns } from '../rules/test-support.ts'
import { firstIssueMessage } from './test-support.ts'

/** A row: the input, then the message the schema answers it with (undefined: the input passes). */
export type RefusalCase = readonly [input: unknown, message: string | undefined]

/** One test a row: `schema` answers the row's input with the row's message, the first issue's as the API answers it. */
export function itRefuses(schema: z.ZodType, title: string, cases: readonly RefusalCase[]): void {
  itReturns((input: unknown) => firstIssueMessage(schema, input), title, cases)
}

/** The same for a valid input with one change a row: the row's first value is merged over `valid`. */
export function itRefusesChanges(
  schema: z.ZodType,
  valid: object,
  title: string,
  cases: ReadonlyArray<readonly [change: object, message: string | undefined]>,
): void {
  itReturns((change: object) => firstIssueMessage(schema, { ...valid, ...change }), title, cases)
}
