import { describe, expect, it } from 'vitest'
import { containsUnstorableText, hasUnstorableCharacters } from './storable-text.ts'

describe('hasUnstorableCharacters', () => {
  it('finds NUL and lone surrogates', () => {
    expect(hasUnstorableCharacters('a\u0000b')).toBe(true)
    expect(hasUnstorableCharacters('\ud800')).toBe(true)
    expect(hasUnstorableCharacters('x\udc00')).toBe(true)
    expect(hasUnstorableCharacters('\udc00\ud800')).toBe(true)
  })

  it('accepts proper text: diacritics, emoji (surrogate pairs), other control characters', () => {
    expect(hasUnstorableCharacters('Šime Đurić 😀')).toBe(false)
    expect(hasUnstorableCharacters('tab\tnew\nline')).toBe(false)
    expect(hasUnstorableCharacters('')).toBe(false)
  })
})

describe('containsUnstorableText', () => {
  it('walks arrays, objects and keys', () => {
    expect(containsUnstorableText({ a: [1, { b: 'ok' }] })).toBe(false)
    expect(containsUnstorableText({ a: [1, { b: 'x\u0000' }] })).toBe(true)
    expect(containsUnstorableText({ ['k\ud800']: 1 })).toBe(true)
    expect(containsUnstorableText(['\udfff'])).toBe(true)
    expect(containsUnstorableText(null)).toBe(false)
    expect(containsUnstorableText(42)).toBe(false)
  })

  it('survives very deep nesting', () => {
    let deep: unknown = 'a\u0000'
    for (let level = 0; level < 100_000; level += 1) deep = [deep]
    expect(containsUnstorableText(deep)).toBe(true)
  })
})
