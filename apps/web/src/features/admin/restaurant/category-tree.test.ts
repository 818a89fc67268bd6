import { describe, expect, it } from 'vitest'
import type { MenuCategory } from '@shop/shared/schemas/restaurant.ts'
import { categoryOptions, categoryTree } from './category-tree.ts'

const category = (id: string, name: string, parentId: string | null = null): MenuCategory => ({
  id,
  _id: id,
  name,
  description: null,
  parentId,
  createdAt: '',
  updatedAt: '',
})

const categories = [
  category('hot', 'Topla pića', 'drinks'),
  category('drinks', 'Pića'),
  category('cold', 'Hladna pića', 'drinks'),
  category('food', 'Čorbe'),
  category('lost', 'Siroče', 'gone'),
]

describe('category tree', () => {
  it('groups subcategories under their main category, by name, keeping orphans at the top level', () => {
    expect(
      categoryTree(categories).map(({ category: main, children }) => [main.name, children.map((c) => c.name)]),
    ).toEqual([
      ['Čorbe', []],
      ['Pića', ['Hladna pića', 'Topla pića']],
      ['Siroče', []],
    ])
  })

  it('offers each main category followed by its subcategories', () => {
    expect(categoryOptions(categories).map((option) => option.label)).toEqual([
      'Čorbe',
      'Pića',
      'Pića › Hladna pića',
      'Pića › Topla pića',
      'Siroče',
    ])
  })
})
