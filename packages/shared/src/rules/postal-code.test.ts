import { describe, expect, it } from 'vitest'
import { isCheckoutPostalCode, isProfilePostalCode } from './postal-code.ts'

describe('postal codes', () => {
  it.each([
    // value, checkout, profile
    ['71000', true, true],
    [' 88220 ', true, true],
    ['71000-1234', true, false],
    ['7100', false, false],
    ['710000', false, false],
    ['71000-123', false, false],
    ['71000-', false, false],
    ['7I000', false, false],
    ['', false, false],
    ['71 000', false, false],
  ])('%j: checkout %s, profile %s', (value, checkout, profile) => {
    expect(isCheckoutPostalCode(value)).toBe(checkout)
    expect(isProfilePostalCode(value)).toBe(profile)
  })
})
