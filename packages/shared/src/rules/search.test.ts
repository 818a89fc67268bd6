import { describe } from 'vitest'
import { escapeLikePattern, foldForSearch, normaliseSearchQuery, significantSearchWords } from './search.ts'
import { itReturns } from './test-support.ts'

describe('foldForSearch', () => {
  itReturns(foldForSearch, 'foldForSearch(%j) is %j', [
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
  ])
})

describe('normaliseSearchQuery', () => {
  itReturns(normaliseSearchQuery, 'normaliseSearchQuery(%j) is %j', [
    ['  Aku   Bušilica ', 'aku busilica'],
    ['\tčekić\n', 'cekic'],
    ['   ', ''],
  ])
})

describe('significantSearchWords', () => {
  itReturns(significantSearchWords, 'significantSearchWords(%j) is %j', [
    ['aku busilica makita', ['busilica', 'makita']],
    ['cekic', ['cekic']],
    ['set za pec', []],
    ['majica majica crna', ['majica', 'crna']],
  ])
})

describe('escapeLikePattern', () => {
  itReturns(escapeLikePattern, 'escapeLikePattern(%j) is %j', [
    ['50%', '50\\%'],
    ['a_b', 'a\\_b'],
    ['c:\\x', 'c:\\\\x'],
    ['plain', 'plain'],
  ])
})
