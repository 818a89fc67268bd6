import { describe, expect, it } from 'vitest'
import { STAFF_PAGES } from './staff-pages.ts'

describe('STAFF_PAGES (docs/decisions.md, Walk-through fixes)', () => {
  it('gives every staff section its own icon, so that no two tiles look alike', () => {
    const icons = STAFF_PAGES.map((page) => page.icon)
    expect(new Set(icons).size).toBe(icons.length)
  })
})
