import { describe, expect, it } from 'vitest'
import { addListEntries, cleanList, menuCategoryInput, menuItemInput, menuItemPatch } from './restaurant.ts'
import { firstIssueMessage } from './test-support.ts'
import { allGive } from '../rules/test-support.ts'
import { itRefusesChanges } from './test-cases.ts'

const CATEGORY = '0b7c7b4e-8f61-4f0e-9d55-3f7d1c2a9e10'

/** A menu item with only what it needs: a name and a price. */
const minimalItem = { name: 'Sarma', price: 10 }

describe('menuItemInput', () => {
  it('fills the defaults of a minimal item and rounds the price to the fen', () => {
    expect(menuItemInput.parse({ name: '  Ćevapi  ', price: '12,499' })).toEqual({
      name: 'Ćevapi',
      description: null,
      price: 12.5,
      image: null,
      isAvailable: true,
      categoryId: null,
      ingredients: [],
      allergens: [],
      featured: false,
    })
  })

  it('keeps every field of a full item, cleaning the lists', () => {
    const item = menuItemInput.parse({
      name: 'Sarma',
      description: 'Kisela kupus',
      price: 14,
      image: '/api/images/restaurant/a.webp',
      isAvailable: false,
      categoryId: CATEGORY,
      ingredients: [' kupus ', 'meso', 'Kupus', ''],
      allergens: ['celer'],
      featured: true,
    })
    expect(item).toMatchObject({ isAvailable: false, featured: true, categoryId: CATEGORY })
    expect(item.ingredients).toEqual(['kupus', 'meso'])
  })

  itRefusesChanges(menuItemInput, minimalItem, 'refuses %j with its message', [
    ...allGive([{ name: '' }, { name: '   ' }, { name: undefined }], 'Naziv je obavezan'),
    ...allGive([{ price: 0 }, { price: -3 }, { price: 'abc' }, { price: '' }], 'Cijena mora biti pozitivan broj'),
    [{ categoryId: 'jela' }, 'Odabrana kategorija nije ispravna'],
    [{ image: 'javascript:alert(1)' }, 'Neispravna adresa slike'],
    [{ ingredients: Array.from({ length: 51 }, (_, index) => `s${index}`) }, 'Popis je predug'],
  ])

  it('treats an empty category as none', () => {
    expect(menuItemInput.parse({ ...minimalItem, categoryId: '' }).categoryId).toBeNull()
  })
})

describe('menuItemPatch', () => {
  it('keeps only the fields sent, with the same rules', () => {
    expect(menuItemPatch.parse({ isAvailable: false })).toEqual({ isAvailable: false })
    expect(firstIssueMessage(menuItemPatch, { price: 0 })).toBe('Cijena mora biti pozitivan broj')
    expect(firstIssueMessage(menuItemPatch, { name: ' ' })).toBe('Naziv je obavezan')
  })
})

describe('menuCategoryInput', () => {
  it('needs a name and stores an empty description and parent as null', () => {
    expect(menuCategoryInput.parse({ name: ' Pića ', description: '', parentId: '' })).toEqual({
      name: 'Pića',
      description: null,
      parentId: null,
    })
    expect(firstIssueMessage(menuCategoryInput, { name: '' })).toBe('Naziv kategorije je obavezan')
    expect(firstIssueMessage(menuCategoryInput, { name: 'Pića', parentId: 'x' })).toBe(
      'Odabrana glavna kategorija nije ispravna',
    )
  })
})

describe('ingredient and allergen lists', () => {
  it('drops blanks and repeats, ignoring case', () => {
    expect(cleanList(['Luk', ' luk', '', 'Češnjak'])).toEqual(['Luk', 'Češnjak'])
  })

  it('adds every comma-separated part of what was typed', () => {
    expect(addListEntries(['sir'], 'jaja, mlijeko,,Sir')).toEqual(['sir', 'jaja', 'mlijeko'])
  })
})
