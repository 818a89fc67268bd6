import { describe, expect, it } from 'vitest'
import type { MenuItem } from '@shop/shared/schemas/restaurant.ts'
import { categoryLabel, filterMenu, mainCategories, subcategoriesOf } from './menu-view.ts'
import { menuCategory } from '../../lib/menu-category-fixture.ts'

const item = (name: string, categoryId: string | null, featured = false): MenuItem => ({
  id: name,
  _id: name,
  name,
  description: null,
  price: 5,
  image: null,
  isAvailable: true,
  categoryId,
  ingredients: [],
  allergens: [],
  featured,
  createdAt: '',
  updatedAt: '',
  version: 1,
})

const categories = [
  menuCategory('drinks', 'Pića'),
  menuCategory('hot', 'Topla pića', 'drinks'),
  menuCategory('cold', 'Hladna pića', 'drinks'),
  menuCategory('food', 'Jela'),
]
const items = [
  item('Voda', 'cold'),
  item('Čaj', 'hot'),
  item('Kava', 'hot', true),
  item('Sarma', 'food'),
  item('Cijeđeni sok', 'drinks'),
  item('Stari kruh', 'gone'),
]

describe('menu view', () => {
  it('lists the main categories and the subcategories of one, by name', () => {
    expect(mainCategories(categories).map((entry) => entry.name)).toEqual(['Jela', 'Pića'])
    expect(subcategoriesOf(categories, 'drinks').map((entry) => entry.name)).toEqual(['Hladna pića', 'Topla pića'])
  })

  it('puts featured items first, then sorts by name the Bosnian way', () => {
    expect(filterMenu(items, categories, { category: null, subcategory: null }).map((entry) => entry.name)).toEqual([
      'Kava',
      'Cijeđeni sok',
      'Čaj',
      'Sarma',
      'Stari kruh',
      'Voda',
    ])
  })

  it('keeps a main category with its subcategories, and a subcategory alone', () => {
    expect(filterMenu(items, categories, { category: 'drinks', subcategory: null }).map((entry) => entry.name)).toEqual(
      ['Kava', 'Cijeđeni sok', 'Čaj', 'Voda'],
    )
    expect(
      filterMenu(items, categories, { category: 'drinks', subcategory: 'hot' }).map((entry) => entry.name),
    ).toEqual(['Kava', 'Čaj'])
  })

  it("labels an item by its category path, and one with an unknown category 'Uncategorized'", () => {
    expect(categoryLabel(items[1]!, categories, 'Uncategorized')).toBe('Pića › Topla pića')
    expect(categoryLabel(items[3]!, categories, 'Uncategorized')).toBe('Jela')
    expect(categoryLabel(items[5]!, categories, 'Uncategorized')).toBe('Uncategorized')
    expect(categoryLabel(item('Bez', null), categories, 'Uncategorized')).toBe('Uncategorized')
  })
})
