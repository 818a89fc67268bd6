import { describe, expect, it } from 'vitest'
import { isCommonPassword, isGuessablePassword } from './common-password.ts'

describe('isCommonPassword', () => {
  it('finds the most common passwords in any letter case', () => {
    for (const password of ['password', '12345678', 'qwertyuiop', 'PASSWORD', 'Password1', 'iloveyou', 'lozinka123']) {
      expect(isCommonPassword(password), password).toBe(true)
    }
  })

  it('lets passwords that are not on the list through', () => {
    for (const password of ['Demo1234!', 'Kiseli-kupus-2026', 'tri konja u trku']) {
      expect(isCommonPassword(password), password).toBe(false)
    }
  })
})

describe('isGuessablePassword', () => {
  it.each([
    ['aaaaaaaa', 'one character repeated'],
    ['12121212', 'a short piece repeated'],
    ['abcdefgh', 'a sequence'],
    ['87654321', 'a sequence down'],
    ['qwertzui', 'a keyboard row'],
    ['abcd1234', 'letters and digits each in a row'],
    ['Password1!', 'a common password, capitalised, with a digit and a symbol'],
    ['iloveyou1', 'a common password with a digit'],
    ['!!monkey2026', 'a short common word with symbols and digits around it'],
    ['P@ssw0rd!', 'leetspeak'],
    ['Sarajevo2024', 'a town with a year'],
    ['Sovići2026!', "the shop's town with diacritics"],
    ['TrgovinaSovici1', "the shop's name"],
    ['Grude88340', "the shop's town and postcode"],
    ['Demo1234!', "the shop's published demo password"],
  ])('%s: %s', (password) => {
    expect(isGuessablePassword(password)).toBe(true)
  })

  it.each([
    'Kiseli-kupus-2026',
    'tri konja u trku',
    'Ana1990Marko',
    'x8#k29!q0',
    'Zelena-Jabuka-71',
    'NovaLozinka2026',
  ])('lets %s through', (password) => {
    expect(isGuessablePassword(password)).toBe(false)
  })
})
