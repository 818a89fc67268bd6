import { describe, expect, it } from 'vitest'
import type { MenuItem } from '@shop/shared/schemas/restaurant.ts'
import { matchesMenuSearch } from './menu-search.ts'

const item: MenuItem = {
  id: '1',
  _id: '1',
  name: 'Ćevapi (10 kom)',
  description: 'Sa lukom i kajmakom',
  price: 12,
  image: null,
  isAvailable: true,
  categoryId: 'c',
  ingredients: ['junetina', 'somun'],
  allergens: ['gluten', 'mlijeko'],
  featured: false,
  createdAt: '',
  updatedAt: '',
  version: 1,
}

describe('matchesMenuSearch', () => {
  it('matches every field ignoring case and accents', () => {
    expect(matchesMenuSearch(item, 'Roštilj', 'cevapi')).toBe(true)
    expect(matchesMenuSearch(item, 'Roštilj', 'KAJMAK')).toBe(true)
    expect(matchesMenuSearch(item, 'Roštilj', 'rostilj')).toBe(true)
    expect(matchesMenuSearch(item, 'Roštilj', 'somun')).toBe(true)
    expect(matchesMenuSearch(item, 'Roštilj', 'mlijeko')).toBe(true)
  })

  it('needs every word, and an empty query matches everything', () => {
    expect(matchesMenuSearch(item, 'Roštilj', 'cevapi gluten')).toBe(true)
    expect(matchesMenuSearch(item, 'Roštilj', 'cevapi riba')).toBe(false)
    expect(matchesMenuSearch(item, 'Roštilj', '   ')).toBe(true)
  })
})
