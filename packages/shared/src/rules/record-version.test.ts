import { describe, expect, it } from 'vitest'
import { changedFields, formatEditTime, staleVersionMessage } from './record-version.ts'

describe('record versions', () => {
  it.each([
    ['2026-11-28T10:05:00Z', '28.11.2026. u 11:05'],
    ['2026-07-01T22:30:00Z', '02.07.2026. u 00:30'],
  ])('shows %s in the shop time as %s', (iso, shown) => {
    expect(formatEditTime(new Date(iso))).toBe(shown)
  })

  it('names the editor and the time of the newer version', () => {
    expect(staleVersionMessage('admin@demo.ba', new Date('2026-11-28T10:05:00Z'))).toBe(
      'Ovaj zapis je u međuvremenu promijenio admin@demo.ba (28.11.2026. u 11:05). Vaše izmjene nisu spremljene: učitajte najnoviju verziju.',
    )
    expect(staleVersionMessage(null, new Date('2026-11-28T10:05:00Z'))).toContain('drugi korisnik')
  })

  it('keeps only the fields the editor changed', () => {
    expect(changedFields({ name: 'A', price: 50, tags: ['x'] }, { name: 'B', price: 50, tags: ['x'] })).toEqual({
      name: 'B',
    })
    expect(changedFields({ tags: ['x'] }, { tags: ['x', 'y'] })).toEqual({ tags: ['x', 'y'] })
  })
})
