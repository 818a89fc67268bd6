import { expect, it } from 'vitest'

/** A row of a rule's table: the arguments, then what the rule returns for them. */
export type RuleCase<Args extends readonly unknown[], Result> = readonly [...Args, Result]

/**
 * One test a row for a pure rule (STYLE.md §9: rules get table-driven cases). The title is it.each's,
 * formatted with the row. What the rule returns must be the row's last value: the same value when that
 * is a primitive (toBe), an equal one when it is an object or an array (toEqual).
 */
export function itReturns<Args extends readonly unknown[], Result>(
  rule: (...args: Args) => Result,
  title: string,
  cases: ReadonlyArray<RuleCase<Args, Result>>,
): void {
  it.each(cases.map((row) => [...row]))(title, (...row: unknown[]) => {
    const expected = row.at(-1)
    const actual = rule(...(row.slice(0, -1) as unknown as Args))
    if (typeof expected === 'object' && expected !== null) expect(actual).toEqual(expected)
    else expect(actual).toBe(expected)
  })
}

/**
 * Rows for a table in which several inputs give the same result, written once: one row an input, `result`
 * last. For a one-argument rule's table (itReturns) or a refusal table (schemas/test-cases.ts).
 */
export function allGive<Input, Result>(inputs: readonly Input[], result: Result): Array<readonly [Input, Result]> {
  return inputs.map((input) => [input, result] as const)
}
