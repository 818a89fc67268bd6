import { describe, expect, it } from 'vitest'
import { isEmail, normaliseEmail } from './email.ts'

describe('email', () => {
  it.each([
    ['  Ana.Kovac@Example.BA ', 'ana.kovac@example.ba'],
    ['x@y.ba', 'x@y.ba'],
    ['\tKUPAC+shop@mail.com\n', 'kupac+shop@mail.com'],
  ])('normaliseEmail(%j) is %j', (value, expected) => {
    expect(normaliseEmail(value)).toBe(expected)
  })

  it.each([
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
  ])('isEmail(%j) is %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected)
  })
})
