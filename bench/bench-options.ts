import { parseArgs, type ParseArgsOptionsConfig } from 'node:util'

/** The local PostgreSQL server, without a database: the benches that make databases of their own name theirs. */
export const POSTGRES_SERVER = 'postgres://postgres@127.0.0.1:5432'

/** An option's default: a number makes a numeric option, a string a text option, a boolean a flag. */
export type OptionDefault = number | string | boolean | undefined

type OptionValue<Default> = Default extends number
  ? number
  : Default extends boolean
    ? boolean
    : Default extends string
      ? string
      : string | undefined

export type BenchOptions<Defaults> = { [Name in keyof Defaults]: OptionValue<Defaults[Name]> }

/**
 * The bench's command line (`--seconds 5`, `--keep`), each option named with its default: a number makes a
 * numeric option (read with Number, as the benches did), a string a text option, a boolean a flag, and
 * `undefined` a text option without a default. An option not named is refused (node:util parseArgs).
 */
export function benchOptions<const Defaults extends Record<string, OptionDefault>>(
  defaults: Defaults,
): BenchOptions<Defaults> {
  const config: ParseArgsOptionsConfig = {}
  for (const [name, value] of Object.entries(defaults)) {
    if (typeof value === 'boolean') config[name] = { type: 'boolean', default: value }
    else config[name] = value === undefined ? { type: 'string' } : { type: 'string', default: String(value) }
  }
  const { values } = parseArgs({ options: config })
  const parsed = Object.entries(defaults).map(([name, value]) => [
    name,
    typeof value === 'number' ? Number(values[name]) : values[name],
  ])
  return Object.fromEntries(parsed) as BenchOptions<Defaults>
}
