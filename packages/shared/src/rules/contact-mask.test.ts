import { describe, expect, it } from 'vitest'
import { maskEmail, maskPhone } from './contact-mask.ts'
import { itReturns } from './test-support.ts'

describe('maskEmail', () => {
  itReturns(maskEmail, '%j -> %j', [
    ['amela.hodzic@gmail.com', 'am***@gmail.com'],
    ['AMELA@Example.BA', 'AM***@Example.BA'],
    ['ana@example.ba', 'a***@example.ba'],
    ['a@b.ba', 'a***@b.ba'],
    ['  kupac@example.ba  ', 'ku***@example.ba'],
    ['čedomir@pošta.ba', 'če***@pošta.ba'],
    ['"a@b"@example.ba', '"a***@example.ba'],
    ['bez-majmuna', 'b***'],
    ['@example.ba', '@***'],
    ['', ''],
  ])

  it('never shows more of a long name than two characters', () => {
    const masked = maskEmail(`${'x'.repeat(60)}@example.ba`)
    expect(masked).toBe('xx***@example.ba')
  })
})

describe('maskPhone', () => {
  itReturns(maskPhone, '%j -> %j', [
    ['063 123 456', '063 *** *56'],
    ['063123456', '063****56'],
    ['+387 63 123 456', '+387 ** *** *56'],
    ['00387 61/234-567', '003** **/***-*67'],
    ['036 / 322-111', '036 / ***-*11'],
    ['1234567', '*****67'],
    ['12', '12'],
    ['Nije navedeno', '***'],
    ['', ''],
    ['   ', ''],
  ])

  it('keeps five digits at most, however long the number', () => {
    const masked = maskPhone('0123456789012345')
    expect(masked.replace(/\D/g, '')).toBe('01245')
  })
})
