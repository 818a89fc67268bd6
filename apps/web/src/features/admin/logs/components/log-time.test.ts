import { describe, expect, it } from 'vitest'
import { formatLogTime } from './log-time.ts'

describe('formatLogTime', () => {
  it.each([
    ['2026-03-10T00:00:00.000Z', '10.03.2026. 00:00:00'],
    ['2026-12-31T23:59:59.999Z', '31.12.2026. 23:59:59'],
    ['not a time', 'not a time'],
  ])('%s -> %s', (iso, expected) => {
    expect(formatLogTime(iso)).toBe(expected)
  })
})
