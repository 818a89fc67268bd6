import { describe, expect, it } from 'vitest'
import { format } from './format.ts'

describe('format fills the placeholders of a message', () => {
  it.each([
    ['Nevažeća zaliha za opciju {size}', { size: 'XL' }, 'Nevažeća zaliha za opciju XL'],
    ['{name} ({count})', { name: 'Vodoinstalacije', count: 207 }, 'Vodoinstalacije (207)'],
    ['{count} od {count}', { count: 3 }, '3 od 3'],
    ['Bez zamjena', {}, 'Bez zamjena'],
    ['{missing} ostaje', {}, '{missing} ostaje'],
    ['{a}{b}', { a: 1, b: 0 }, '10'],
    ['{not-a-name} i {x}', { x: 'y' }, '{not-a-name} i y'],
  ])('format(%j, %j) is %j', (template, values: Record<string, string | number>, expected) => {
    expect(format(template, values)).toBe(expected)
    // The second call reads the template split once and gives the same text.
    expect(format(template, values)).toBe(expected)
  })
})
