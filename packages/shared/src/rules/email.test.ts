import { describe, expect, it } from 'vitest'
import { hasOnlyPlainCharacters, isEmail, normaliseEmail } from './email.ts'
import { itReturns } from './test-support.ts'

describe('email', () => {
  itReturns(normaliseEmail, 'normaliseEmail(%j) is %j', [
    ['  Ana.Kovac@Example.BA ', 'ana.kovac@example.ba'],
    ['x@y.ba', 'x@y.ba'],
    ['\tKUPAC+shop@mail.com\n', 'kupac+shop@mail.com'],
    // Fullwidth letters and a ligature are the plain letters they look like (NFKC).
    ['\uff4bupac@demo.ba', 'kupac@demo.ba'],
    ['KUPAC@DEMO\uff0eBA', 'kupac@demo.ba'],
    ['\ufb01lip@demo.ba', 'filip@demo.ba'],
  ])

  itReturns(isEmail, 'isEmail(%j) is %s', [
    ['ana@example.ba', true],
    [' Ana@Example.ba ', true],
    ['kupac+shop@mail.co.uk', true],
    ['', false],
    ['ana', false],
    ['ana@', false],
    ['ana@example', false],
    ['ana@example.', false],
    ['ana @example.ba', false],
    ['ana@@example.ba', false],
    [`${'a'.repeat(250)}@x.ba`, false],
  ])

  it.each([
    ['kupac@demo.ba', true],
    ['\uff4bupac@demo.ba', true],
    ['ku\u200bpac@demo.ba', false],
    ['kupac@de\u200dmo.ba', false],
    ['\u202ekupac@demo.ba', false],
    ['kupac\u2066@demo.ba', false],
    ['ku\u00adpac@demo.ba', false],
    ['kup\u0430c@demo.ba', false],
    ['kupac@dem\u043e.ba', false],
    ['\u0131van@demo.ba', false],
    ['kupac@\u010devapi.ba', false],
  ])('hasOnlyPlainCharacters(%j) is %s, and isEmail agrees', (value, expected) => {
    expect(hasOnlyPlainCharacters(value)).toBe(expected)
    expect(isEmail(value)).toBe(expected)
  })
})
