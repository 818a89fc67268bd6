import { describe, expect, it } from 'vitest'
import { slideLinkLabel } from './slide-link.ts'

const categories = [
  { id: 'c1', name: 'Alati' },
  { id: 'c2', name: 'Vrt' },
]

describe('slideLinkLabel', () => {
  it('names the category of a slide that links to the filtered store', () => {
    expect(slideLinkLabel({ link: '/store?category=c2', categoryId: 'c2' }, categories)).toBe('Kategorija: Vrt')
  })

  it('shows a custom link as it is', () => {
    expect(slideLinkLabel({ link: '/about', categoryId: null }, categories)).toBe('/about')
  })

  it('falls back to the link while the categories load or when the category is gone', () => {
    expect(slideLinkLabel({ link: '/store?category=c1', categoryId: 'c1' }, undefined)).toBe('/store?category=c1')
    expect(slideLinkLabel({ link: '/store?category=c9', categoryId: 'c9' }, categories)).toBe('/store?category=c9')
  })

  it('says nothing for a slide without a link', () => {
    expect(slideLinkLabel({ link: null, categoryId: null }, categories)).toBeNull()
    expect(slideLinkLabel({ link: '', categoryId: null }, categories)).toBeNull()
  })
})
