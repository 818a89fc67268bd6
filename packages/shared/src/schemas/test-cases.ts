// Beside test-support.ts, not in it: that file's fixtures are also loaded outside Vitest (the API's fault and cluster tests).
import type { z } from 'zod'
import { allGive, itReturns } from '../rules/test-support.ts'
import { firstIssueMessage } from './test-support.ts'

/** A row: the input, then the message the schema answers it with (undefined: the input passes). */
export type RefusalCase = readonly [input: unknown, message: string | undefined]

/** A row of `itRefusesChanges`: the change merged over the valid input, then the message. */
export type RefusalChange = readonly [change: object, message: string | undefined]

/** One test a row: `schema` answers the row's input with the row's message, the first issue's as the API answers it. */
export function itRefuses(schema: z.ZodType, title: string, cases: readonly RefusalCase[]): void {
  itReturns((input: unknown) => firstIssueMessage(schema, input), title, cases)
}

/** The same for a valid input with one change a row: the row's first value is merged over `valid`. */
export function itRefusesChanges(
  schema: z.ZodType,
  valid: object,
  title: string,
  cases: readonly RefusalChange[],
): void {
  itReturns((change: object) => firstIssueMessage(schema, { ...valid, ...change }), title, cases)
}

/** The day the schema tests check dates of birth on: someone born on 2006-05-10 is exactly 18. */
export const today = () => '2024-05-10'

/**
 * How any schema that takes a 'YYYY-MM-DD' date of birth (`dateOfBirthField` in schemas/profile.ts) refuses one
 * on `today`; only the too-young message is the schema's own (registration or profile).
 */
export function isoDateOfBirthRefusals(tooYoung: string): RefusalChange[] {
  return [
    ...allGive([{ date_of_birth: undefined }, { date_of_birth: '' }], 'Datum rođenja je obavezan'),
    ...allGive(
      [{ date_of_birth: '15/06/1990' }, { date_of_birth: '1890-06-15' }],
      'Datum rođenja mora biti u formatu DD/MM/GGGG',
    ),
    ...allGive([{ date_of_birth: '2000-02-31' }, { date_of_birth: '2001-02-29' }], 'Unesite važeći datum'),
    [{ date_of_birth: '2006-05-11' }, tooYoung],
  ]
}
