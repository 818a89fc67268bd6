/**
 * A UUID as PostgreSQL's uuid type reads it: 32 hex digits in the 8-4-4-4-12 groups, any version,
 * either case. For a larger pattern (a URL, a quoted id) build on UUID_PATTERN.
 */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i')

/**
 * Whether the value can be compared with a uuid column: anything else would make PostgreSQL fail
 * (22P02) where the shop means 'not found'.
 */
export function isUuid(value: unknown): boolean {
  return typeof value === 'string' && UUID.test(value)
}
