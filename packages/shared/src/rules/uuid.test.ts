import { describe, expect, it } from 'vitest'
import { isUuid, UUID_PATTERN } from './uuid.ts'
import { itReturns } from './test-support.ts'

describe('isUuid', () => {
  itReturns(isUuid, 'isUuid(%j) is %s', [
    ['0b6f4c2e-8d1a-4f3b-9c5d-7e2a1b3c4d5e', true],
    ['0B6F4C2E-8D1A-4F3B-9C5D-7E2A1B3C4D5E', true],
    // PostgreSQL takes every version and variant, so the check does too.
    ['00000000-0000-0000-0000-000000000000', true],
    ['0b6f4c2e8d1a4f3b9c5d7e2a1b3c4d5e', false],
    [' 0b6f4c2e-8d1a-4f3b-9c5d-7e2a1b3c4d5e', false],
    ['0b6f4c2e-8d1a-4f3b-9c5d-7e2a1b3c4d5e\n', false],
    ['0b6f4c2e-8d1a-4f3b-9c5d-7e2a1b3c4d5g', false],
    ['not-a-uuid', false],
    ['123456', false],
    ['', false],
    [undefined, false],
    [42, false],
  ])

  it('builds larger patterns', () => {
    const quoted = new RegExp(`"(${UUID_PATTERN})"`)
    expect(quoted.exec('{"id":"0b6f4c2e-8d1a-4f3b-9c5d-7e2a1b3c4d5e"}')?.[1]).toBe(
      '0b6f4c2e-8d1a-4f3b-9c5d-7e2a1b3c4d5e',
    )
  })
})
