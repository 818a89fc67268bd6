import { describe, expect, it } from 'vitest'
import {
  addOptions,
  checkDraft,
  draftFromProduct,
  emptyDraft,
  saleDiscountNote,
  type ProductDraft,
  type SavedProduct,
} from './product-draft.ts'

const CATEGORY = '6f1c2a4e-8b1d-4c3e-9a7f-2b5d8e0c1a11'

function filled(changes: Partial<ProductDraft> = {}): ProductDraft {
  return {
    ...emptyDraft(),
    customId: 'KL-1',
    name: 'Klupa',
    price: '100',
    categoryId: CATEGORY,
    stock: '5',
    ...changes,
  }
}

function errorsOf(draft: ProductDraft): Record<string, string> {
  const result = checkDraft(draft)
  return result.ok ? {} : result.errors
}

describe('checkDraft (staff-and-content.md §5 Product form)', () => {
  it('answers an empty form with the required-field messages, verbatim', () => {
    expect(errorsOf(emptyDraft())).toMatchObject({
      customId: 'Šifra proizvoda je obavezna',
      name: 'Naziv proizvoda je obavezan',
      price: 'Cijena mora biti pozitivan broj veći od 0',
      categoryId: 'Kategorija je obavezna',
    })
  })

  it('shows every error at once: field errors with discount, stock and option errors (docs/decisions.md, Walk-through fixes)', () => {
    const draft = filled({
      name: '',
      is_discounted: true,
      discount_price: '150',
      stock: '',
    })
    expect(errorsOf(draft)).toEqual({
      name: 'Naziv proizvoda je obavezan',
      discount_price: 'Akcijska cijena mora biti manja od osnovne cijene',
      stock: 'Zaliha mora biti pozitivan broj',
    })
    const withOptions = filled({
      customId: '',
      has_sizes: true,
      size_stock: [
        {
          size: 'M',
          customId: '',
          stock: '-2',
          infinite: false,
          price: '10',
          discount_price: '',
          wholesale_price: '',
          weight_kg: '',
        },
      ],
    })
    expect(errorsOf(withOptions)).toEqual({
      customId: 'Šifra proizvoda je obavezna',
      'size_stock.0.stock': 'Nevažeća zaliha za opciju M',
    })
  })

  it('asks for stock when it is finite and there are no options', () => {
    expect(errorsOf(filled({ stock: '' }))).toEqual({ stock: 'Zaliha mora biti pozitivan broj' })
    expect(errorsOf(filled({ stock: '-1' }))).toEqual({ stock: 'Zaliha mora biti pozitivan broj' })
    expect(checkDraft(filled({ stock: '', infinite_stock: true })).ok).toBe(true)
  })

  it('checks a switched-on discount or wholesale price and clears a switched-off one', () => {
    expect(errorsOf(filled({ is_discounted: true }))).toEqual({
      discount_price: 'Akcijska cijena mora biti pozitivan broj veći od 0',
    })
    expect(errorsOf(filled({ is_discounted: true, discount_price: '100' }))).toEqual({
      discount_price: 'Akcijska cijena mora biti manja od osnovne cijene',
    })
    expect(errorsOf(filled({ is_wholesale: true, wholesale_price: '0' }))).toEqual({
      wholesale_price: 'Veleprodajna cijena mora biti pozitivan broj veći od 0',
    })
    expect(errorsOf(filled({ is_wholesale: true, wholesale_price: '120' }))).toEqual({
      wholesale_price: 'Veleprodajna cijena mora biti manja od osnovne cijene',
    })
    const off = checkDraft(
      filled({ is_discounted: false, discount_price: '80', is_wholesale: false, wholesale_price: '70' }),
    )
    expect(off.ok && [off.payload.discount_price, off.payload.wholesale_price]).toEqual([null, null])
  })

  it('never sends the switches', () => {
    const result = checkDraft(filled({ is_discounted: true, discount_price: '79,90' }))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.payload).not.toHaveProperty('is_discounted')
    expect(result.payload).not.toHaveProperty('is_wholesale')
    expect(result.payload.discount_price).toBe(79.9)
  })

  it('needs at least one option and checks each option by name', () => {
    expect(errorsOf(filled({ has_sizes: true }))).toEqual({ size_stock: 'Potrebna je barem jedna opcija' })
    const withOptions = addOptions(filled({ has_sizes: true }), 'XL')
    const option = withOptions.size_stock[0]!
    expect(errorsOf({ ...withOptions, size_stock: [{ ...option, stock: '' }] })).toEqual({
      'size_stock.0.stock': 'Nevažeća zaliha za opciju XL',
    })
    expect(errorsOf({ ...withOptions, size_stock: [{ ...option, price: '0' }] })).toEqual({
      'size_stock.0.price': 'Cijena za opciju XL mora biti pozitivan broj veći od 0',
    })
    expect(errorsOf({ ...withOptions, size_stock: [{ ...option, discount_price: '100' }] })).toEqual({
      'size_stock.0.discount_price': 'Akcijska cijena za opciju XL mora biti manja od cijene opcije',
    })
    expect(errorsOf({ ...withOptions, size_stock: [{ ...option, wholesale_price: '150' }] })).toEqual({
      'size_stock.0.wholesale_price': 'Veleprodajna cijena za opciju XL mora biti manja od cijene opcije',
    })
  })

  it('asks for both the name and the value of a specification', () => {
    expect(errorsOf(filled({ specifications: [{ name: 'Boja', value: ' ' }] }))).toEqual({
      'specifications.0': 'Both specification name and value are required',
    })
  })
})

describe('addOptions', () => {
  it('adds labels split by Enter or comma, ignoring blanks and duplicates, with stock 0, the price and the code', () => {
    const draft = addOptions(filled({ price: '12,50' }), 'S, M,,m\nS ')
    const added = (size: string, customId: string) => ({
      size,
      customId,
      stock: '0',
      infinite: false,
      price: '12.5',
      discount_price: '',
      wholesale_price: '',
      weight_kg: '',
    })
    expect(draft.size_stock).toEqual([added('S', 'KL-1-s'), added('M', 'KL-1-m')])
    expect(addOptions(draft, 's, L').size_stock.map((option) => option.size)).toEqual(['S', 'M', 'L'])
  })
})

describe('draftFromProduct', () => {
  it('derives the switches from the saved prices', () => {
    const saved: SavedProduct = {
      id: 'p1',
      customId: 'KL-1',
      name: 'Klupa',
      description: null,
      short_description: null,
      price: 100,
      discount_price: 80,
      wholesale_price: null,
      price_floor: 70,
      max_per_buyer_per_day: 4,
      unit: 'm',
      weight_kg: 1.25,
      no_line_limit: true,
      categoryId: CATEGORY,
      brandId: null,
      images: [{ url: '/api/images/products/a.webp', is_primary: true }],
      stock: 3,
      infinite_stock: false,
      has_sizes: false,
      sizes: [],
      size_stock: [],
      featured: true,
      recommended: false,
      specifications: [],
    }
    const draft = draftFromProduct(saved)
    expect([draft.is_discounted, draft.is_wholesale, draft.discount_price, draft.wholesale_price]).toEqual([
      true,
      false,
      '80',
      '',
    ])
    expect([draft.price_floor, draft.max_per_buyer_per_day]).toEqual(['70', '4'])
    expect(checkDraft(draft)).toMatchObject({ ok: true, payload: { price_floor: 70, max_per_buyer_per_day: 4 } })
  })

  it('keeps the unit and the exemption from the line limit, and starts a new product in pieces', () => {
    expect(emptyDraft()).toMatchObject({ unit: 'kom', no_line_limit: false })
    const draft = { ...emptyDraft(), customId: 'K-1', name: 'Kabel', price: '2', stock: '500', categoryId: CATEGORY }
    expect(checkDraft({ ...draft, unit: 'm', no_line_limit: true })).toMatchObject({
      ok: true,
      payload: { unit: 'm', no_line_limit: true },
    })
    expect(checkDraft({ ...draft, unit: 'cm' })).toEqual({
      ok: false,
      errors: { unit: 'Odaberite jedinicu mjere: kom, m, m², kg, l ili pak' },
    })
  })

  it('names the floor of a discount below the wholesale price, and clears an empty floor', () => {
    const draft = { ...emptyDraft(), customId: 'T-1', name: 'Tava', price: '40', stock: '3', categoryId: CATEGORY }
    const below = { ...draft, is_discounted: true, discount_price: '29', is_wholesale: true, wholesale_price: '30' }
    expect(checkDraft(below)).toEqual({
      ok: false,
      errors: { discount_price: 'Akcijska cijena ne smije biti niža od najniže dopuštene cijene 30,00 KM' },
    })
    expect(checkDraft({ ...below, price_floor: '25' })).toMatchObject({ ok: true, payload: { price_floor: 25 } })
    expect(checkDraft(draft)).toMatchObject({ ok: true, payload: { price_floor: null, max_per_buyer_per_day: null } })
  })
})

describe('saleDiscountNote (a discount price the running sale set)', () => {
  const saved = { discount_price: 80, sale_discount: { own_discount_price: 95 } }
  it("marks the sale's price as the sale's while the field still shows it", () => {
    expect(saleDiscountNote(saved, { is_discounted: true, discount_price: '80' })).toEqual({
      kind: 'sale',
      ownPrice: 95,
    })
    expect(saleDiscountNote(saved, { is_discounted: true, discount_price: '80,00' })).toEqual({
      kind: 'sale',
      ownPrice: 95,
    })
    expect(
      saleDiscountNote(
        { ...saved, sale_discount: { own_discount_price: null } },
        { is_discounted: true, discount_price: '80' },
      ),
    ).toEqual({ kind: 'sale', ownPrice: null })
  })

  it('says that a price changed by hand stays after the sale', () => {
    expect(saleDiscountNote(saved, { is_discounted: true, discount_price: '75' })).toEqual({ kind: 'changed' })
  })

  it('says nothing without a running sale, for a new product or with the discount switched off', () => {
    expect(
      saleDiscountNote({ discount_price: 80, sale_discount: null }, { is_discounted: true, discount_price: '80' }),
    ).toBeNull()
    expect(saleDiscountNote(null, { is_discounted: true, discount_price: '80' })).toBeNull()
    expect(saleDiscountNote(saved, { is_discounted: false, discount_price: '' })).toBeNull()
  })
})
