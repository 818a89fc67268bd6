import { describe, expect, it } from 'vitest'
import { escapeLikePattern, foldForSearch, normaliseSearchQuery, significantSearchWords } from './search.ts'

describe('foldForSearch', () => {
  it.each([
    ['Bušilica', 'busilica'],
    ['ČEKIĆ', 'cekic'],
    ['čćšžđ', 'ccszdj'],
    ['ČĆŠŽĐ', 'ccszdj'],
    ['Đurđevak', 'djurdjevak'],
    ['Žaluzina 120×80', 'zaluzina 120×80'],
    ['Crème brûlée', 'creme brulee'],
    ['Łódź', 'lodz'],
    ['ABC-123', 'abc-123'],
    ['бушилица', 'busilica'],
    ['БУШИЛИЦА', 'busilica'],
    ['Ђурђевак', 'djurdjevak'],
    ['чекић жути', 'cekic zuti'],
    ['љиљан њива џеп', 'ljiljan njiva dzep'],
    ['Џ Љ Њ Ћ Ј', 'dz lj nj c j'],
    ['', ''],
  ])('foldForSearch(%j) is %j', (value, expected) => {
    expect(foldForSearch(value)).toBe(expected)
  })
})

describe('normaliseSearchQuery', () => {
  it.each([
    ['  Aku   Bušilica ', 'aku busilica'],
    ['\tčekić\n', 'cekic'],
    ['   ', ''],
  ])('normaliseSearchQuery(%j) is %j', (value, expected) => {
    expect(normaliseSearchQuery(value)).toBe(expected)
  })
})

describe('significantSearchWords', () => {
  it.each([
    ['aku busilica makita', ['busilica', 'makita']],
    ['cekic', ['cekic']],
    ['set za pec', []],
    ['majica majica crna', ['majica', 'crna']],
  ])('significantSearchWords(%j) is %j', (query, expected) => {
    expect(significantSearchWords(query)).toEqual(expected)
  })
})

describe('escapeLikePattern', () => {
  it.each([
    ['50%', '50\\%'],
    ['a_b', 'a\\_b'],
    ['c:\\x', 'c:\\\\x'],
    ['plain', 'plain'],
  ])('escapeLikePattern(%j) is %j', (value, expected) => {
    expect(escapeLikePattern(value)).toBe(expected)
  })
})
