import { describe, expect, it } from 'vitest'
import { categoryOptions, categoryTree } from './category-tree.ts'
import { menuCategory } from '../../../lib/menu-category-fixture.ts'

const categories = [
  menuCategory('hot', 'Topla pića', 'drinks'),
  menuCategory('drinks', 'Pića'),
  menuCategory('cold', 'Hladna pića', 'drinks'),
  menuCategory('food', 'Čorbe'),
  menuCategory('lost', 'Siroče', 'gone'),
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
