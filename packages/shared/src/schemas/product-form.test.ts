import { describe, expect, it } from 'vitest'
import {
  addOptionLabels,
  deriveSwitches,
  findDuplicateCode,
  normaliseImages,
  optionCode,
  productForm,
  productPatch,
} from './product-form.ts'
import { firstIssueMessage } from './test-support.ts'
import { itReturns } from '../rules/test-support.ts'

const CATEGORY = '0f8a5a52-8a3c-4c1e-9a57-6a2c3c0e1d11'
const valid = { customId: '1001', name: 'Čekić 500 g', price: 20, categoryId: CATEGORY, stock: 5 }
const option = { size: 'M', customId: '1001-m', stock: 3, infinite: false, price: 20 }

const firstError = (input: unknown) => firstIssueMessage(productForm, input)

describe('product form: every message of staff-and-content.md §5', () => {
  it.each([
    ['missing code', { ...valid, customId: undefined }, 'Šifra proizvoda je obavezna'],
    ['blank code', { ...valid, customId: '   ' }, 'Šifra proizvoda je obavezna'],
    ['missing name', { ...valid, name: undefined }, 'Naziv proizvoda je obavezan'],
    ['blank name', { ...valid, name: '' }, 'Naziv proizvoda je obavezan'],
    ['missing price', { ...valid, price: undefined }, 'Cijena mora biti pozitivan broj veći od 0'],
    ['zero price', { ...valid, price: 0 }, 'Cijena mora biti pozitivan broj veći od 0'],
    ['negative price', { ...valid, price: -3 }, 'Cijena mora biti pozitivan broj veći od 0'],
    ['price that rounds to 0', { ...valid, price: 0.004 }, 'Cijena mora biti pozitivan broj veći od 0'],
    ['price as text', { ...valid, price: 'abc' }, 'Cijena mora biti pozitivan broj veći od 0'],
    ['empty price field', { ...valid, price: '' }, 'Cijena mora biti pozitivan broj veći od 0'],
    ['price too high', { ...valid, price: 1e11 }, 'Cijena je prevelika'],
    ['missing category', { ...valid, categoryId: undefined }, 'Kategorija je obavezna'],
    ['empty category', { ...valid, categoryId: '' }, 'Kategorija je obavezna'],
    ['category not an id', { ...valid, categoryId: 'alati' }, 'Kategorija je obavezna'],
    ['brand not an id', { ...valid, brandId: 'x' }, 'Odabrani brend nije ispravan'],
    ['zero discount', { ...valid, discount_price: 0 }, 'Akcijska cijena mora biti pozitivan broj veći od 0'],
    ['negative discount', { ...valid, discount_price: -1 }, 'Akcijska cijena mora biti pozitivan broj veći od 0'],
    [
      'discount switched on, empty',
      { ...valid, is_discounted: true, discount_price: '' },
      'Akcijska cijena mora biti pozitivan broj veći od 0',
    ],
    ['discount equal to price', { ...valid, discount_price: 20 }, 'Akcijska cijena mora biti manja od osnovne cijene'],
    ['discount above price', { ...valid, discount_price: 25 }, 'Akcijska cijena mora biti manja od osnovne cijene'],
    ['zero wholesale', { ...valid, wholesale_price: 0 }, 'Veleprodajna cijena mora biti pozitivan broj veći od 0'],
    [
      'wholesale switched on, empty',
      { ...valid, is_wholesale: true, wholesale_price: null },
      'Veleprodajna cijena mora biti pozitivan broj veći od 0',
    ],
    [
      'wholesale equal to price',
      { ...valid, wholesale_price: 20 },
      'Veleprodajna cijena mora biti manja od osnovne cijene',
    ],
    ['missing stock', { ...valid, stock: undefined }, 'Zaliha mora biti pozitivan broj'],
    ['empty stock field', { ...valid, stock: '' }, 'Zaliha mora biti pozitivan broj'],
    ['negative stock', { ...valid, stock: -1 }, 'Zaliha mora biti pozitivan broj'],
    ['fractional stock', { ...valid, stock: 1.5 }, 'Zaliha mora biti pozitivan broj'],
    [
      'negative stock with infinite stock',
      { ...valid, stock: -1, infinite_stock: true },
      'Zaliha mora biti pozitivan broj',
    ],
    [
      'options switched on, none given',
      { ...valid, has_sizes: true, size_stock: [], sizes: [] },
      'Potrebna je barem jedna opcija',
    ],
    [
      'options switched on, only blank labels',
      { ...valid, has_sizes: true, sizes: [' '] },
      'Potrebna je barem jedna opcija',
    ],
    [
      'option without stock',
      { ...valid, has_sizes: true, size_stock: [{ ...option, stock: undefined }] },
      'Nevažeća zaliha za opciju M',
    ],
    [
      'option with negative stock',
      { ...valid, has_sizes: true, size_stock: [{ ...option, stock: -2 }] },
      'Nevažeća zaliha za opciju M',
    ],
    [
      'option with text stock',
      { ...valid, has_sizes: true, size_stock: [{ ...option, stock: 'x' }] },
      'Nevažeća zaliha za opciju M',
    ],
    [
      'option without price',
      { ...valid, has_sizes: true, size_stock: [{ ...option, price: undefined }] },
      'Cijena za opciju M mora biti pozitivan broj veći od 0',
    ],
    [
      'option with zero price',
      { ...valid, has_sizes: true, size_stock: [{ ...option, size: 'XL', price: 0 }] },
      'Cijena za opciju XL mora biti pozitivan broj veći od 0',
    ],
    [
      'option discount zero',
      { ...valid, has_sizes: true, size_stock: [{ ...option, discount_price: 0 }] },
      'Akcijska cijena za opciju M mora biti pozitivan broj veći od 0',
    ],
    [
      'option discount not below',
      { ...valid, has_sizes: true, size_stock: [{ ...option, discount_price: 20 }] },
      'Akcijska cijena za opciju M mora biti manja od cijene opcije',
    ],
    [
      'option wholesale zero',
      { ...valid, has_sizes: true, size_stock: [{ ...option, wholesale_price: -5 }] },
      'Veleprodajna cijena za opciju M mora biti pozitivan broj veći od 0',
    ],
    [
      'option wholesale not below',
      { ...valid, has_sizes: true, size_stock: [{ ...option, wholesale_price: 21 }] },
      'Veleprodajna cijena za opciju M mora biti manja od cijene opcije',
    ],
    [
      'option without a name',
      { ...valid, has_sizes: true, size_stock: [{ ...option, size: ' ' }] },
      'Naziv opcije je obavezan',
    ],
    [
      'option twice',
      { ...valid, has_sizes: true, size_stock: [option, { ...option, size: 'm' }] },
      'Opcija m je navedena više puta',
    ],
    [
      'specification without value',
      { ...valid, specifications: [{ name: 'Težina', value: ' ' }] },
      'Both specification name and value are required',
    ],
    [
      'specification without name',
      { ...valid, specifications: [{ name: '', value: '500 g' }] },
      'Both specification name and value are required',
    ],
    [
      'specification missing a field',
      { ...valid, specifications: [{ name: 'Težina' }] },
      'Both specification name and value are required',
    ],
    [
      'image with a script address',
      { ...valid, images: [{ url: 'javascript:alert(1)', is_primary: true }] },
      'Neispravna adresa slike',
    ],
    [
      'too many images',
      { ...valid, images: Array.from({ length: 31 }, (_, index) => ({ url: `/api/images/p/${index}.webp` })) },
      'Proizvod može imati najviše 30 slika',
    ],
    ['name too long', { ...valid, name: 'x'.repeat(301) }, 'Tekst je predug'],
    ['NUL in the name', { ...valid, name: 'Če\u0000kić' }, 'Unos sadrži nedozvoljene znakove.'],
    ['NUL in the code', { ...valid, customId: '10\u000001' }, 'Unos sadrži nedozvoljene znakove.'],
    ['NUL in the description', { ...valid, description: 'a\u0000' }, 'Unos sadrži nedozvoljene znakove.'],
    [
      'NUL in a specification',
      { ...valid, specifications: [{ name: 'Boja', value: 'Crvena\u0000' }] },
      'Unos sadrži nedozvoljene znakove.',
    ],
    [
      'NUL in an option label',
      { ...valid, has_sizes: true, size_stock: [{ ...option, size: 'M\u0000' }] },
      'Unos sadrži nedozvoljene znakove.',
    ],
    [
      'NUL in an option code',
      { ...valid, has_sizes: true, size_stock: [{ ...option, customId: 'x\u0000' }] },
      'Unos sadrži nedozvoljene znakove.',
    ],
    [
      'NUL in sizes',
      { ...valid, has_sizes: true, sizes: ['L\u0000'], size_stock: [option] },
      'Unos sadrži nedozvoljene znakove.',
    ],
    ['NUL in an image address', { ...valid, images: [{ url: '/a\u0000.webp' }] }, 'Neispravna adresa slike'],
  ])('%s: %s', (_case, input, message) => {
    expect(firstError(input)).toBe(message)
  })

  it('accepts a minimal product and fills every field', () => {
    expect(productForm.parse(valid)).toEqual({
      customId: '1001',
      name: 'Čekić 500 g',
      description: null,
      short_description: null,
      price: 20,
      discount_price: null,
      wholesale_price: null,
      price_floor: null,
      max_per_buyer_per_day: null,
      unit: 'kom',
      no_line_limit: false,
      weight_kg: null,
      categoryId: CATEGORY,
      brandId: null,
      images: [],
      stock: 5,
      infinite_stock: false,
      has_sizes: false,
      sizes: [],
      size_stock: [],
      featured: false,
      recommended: false,
      specifications: [],
    })
  })

  it('reads form text: decimal comma, trimmed texts, empty optional texts as null, prices rounded', () => {
    const parsed = productForm.parse({
      ...valid,
      customId: ' 1001 ',
      price: '12,505',
      discount_price: '9.999',
      wholesale_price: '',
      stock: '7',
      description: '  ',
      short_description: ' Kratko ',
    })
    expect(parsed).toMatchObject({
      customId: '1001',
      price: 12.51,
      discount_price: 10,
      wholesale_price: null,
      stock: 7,
    })
    expect(parsed).toMatchObject({ description: null, short_description: 'Kratko' })
  })

  it('never keeps the form-only switches and derives nothing from them', () => {
    const parsed = productForm.parse({ ...valid, is_discounted: false, discount_price: 15, is_wholesale: false })
    expect(parsed).not.toHaveProperty('is_discounted')
    expect(parsed).not.toHaveProperty('is_wholesale')
    expect(parsed.discount_price).toBe(15)
  })

  it('does not ask for stock with infinite stock or with options', () => {
    expect(productForm.parse({ ...valid, stock: undefined, infinite_stock: true }).stock).toBe(0)
    const withOptions = productForm.parse({ ...valid, stock: '', has_sizes: true, size_stock: [option] })
    expect(withOptions.stock).toBe(0)
    expect(withOptions.sizes).toEqual(['M'])
  })

  it('lets an infinite option go without stock', () => {
    const parsed = productForm.parse({
      ...valid,
      has_sizes: true,
      size_stock: [{ ...option, stock: '', infinite: true }],
    })
    expect(parsed.size_stock).toEqual([
      {
        size: 'M',
        customId: '1001-m',
        stock: 0,
        infinite: true,
        price: 20,
        discount_price: null,
        wholesale_price: null,
        weight_kg: null,
      },
    ])
  })

  it('turns labels sent only in sizes into new options and drops options when has_sizes is off', () => {
    const parsed = productForm.parse({ ...valid, has_sizes: true, sizes: ['M', 'L'], size_stock: [option] })
    expect(parsed.size_stock.map((entry) => [entry.size, entry.customId, entry.stock, entry.price])).toEqual([
      ['M', '1001-m', 3, 20],
      ['L', '1001-l', 0, 20],
    ])
    expect(productForm.parse({ ...valid, has_sizes: false, sizes: ['M'], size_stock: [option] })).toMatchObject({
      sizes: [],
      size_stock: [],
    })
  })

  it('makes exactly one image primary', () => {
    const parsed = productForm.parse({
      ...valid,
      images: [{ url: '/a.webp' }, { url: 'https://cdn.example.ba/b.webp' }],
    })
    expect(parsed.images).toEqual([
      { url: '/a.webp', is_primary: true },
      { url: 'https://cdn.example.ba/b.webp', is_primary: false },
    ])
  })

  it('lets a PATCH body leave out any field without filling defaults', () => {
    expect(productPatch.parse({})).toEqual({})
    expect(productPatch.parse({ featured: true })).toEqual({ featured: true })
    expect(productPatch.parse({ discount_price: null })).toEqual({ discount_price: null })
  })
})

describe('product form: the price floor (docs/decisions.md, Money rules)', () => {
  it.each([
    [
      'a discount below the wholesale price, the default floor',
      { ...valid, discount_price: 11, wholesale_price: 12.5 },
      'Akcijska cijena ne smije biti niža od najniže dopuštene cijene 12,50 KM',
    ],
    [
      'a discount below the own floor',
      { ...valid, discount_price: 11, price_floor: 12.5 },
      'Akcijska cijena ne smije biti niža od najniže dopuštene cijene 12,50 KM',
    ],
    [
      'a price below the own floor',
      { ...valid, price_floor: 25 },
      'Cijena ne smije biti niža od najniže dopuštene cijene 25,00 KM',
    ],
    [
      'a wholesale price below the own floor',
      { ...valid, wholesale_price: 10, price_floor: 12 },
      'Veleprodajna cijena ne smije biti niža od najniže dopuštene cijene 12,00 KM',
    ],
    [
      "an option's discount below its wholesale price",
      { ...valid, has_sizes: true, size_stock: [{ ...option, discount_price: 14, wholesale_price: 15 }] },
      'Akcijska cijena za opciju M ne smije biti niža od najniže dopuštene cijene 15,00 KM',
    ],
    [
      "an option's price below the own floor",
      { ...valid, price_floor: 18, has_sizes: true, size_stock: [{ ...option, price: 17 }] },
      'Cijena za opciju M ne smije biti niža od najniže dopuštene cijene 18,00 KM',
    ],
    ['a floor of 0', { ...valid, price_floor: 0 }, 'Najniža dopuštena cijena mora biti pozitivan broj veći od 0'],
    ['a floor as text', { ...valid, price_floor: 'x' }, 'Najniža dopuštena cijena mora biti pozitivan broj veći od 0'],
  ])('%s: %s', (_case, input, message) => {
    expect(firstError(input)).toBe(message)
  })

  it('lets an own floor below the wholesale price allow a discount below it', () => {
    const product = productForm.parse({ ...valid, discount_price: 11, wholesale_price: 12.5, price_floor: '10,00' })
    expect(product).toMatchObject({ discount_price: 11, wholesale_price: 12.5, price_floor: 10 })
  })

  it('keeps a discount equal to the floor, and an empty floor as none', () => {
    expect(productForm.parse({ ...valid, discount_price: 12.5, wholesale_price: 12.5, price_floor: '' })).toMatchObject(
      {
        discount_price: 12.5,
        price_floor: null,
      },
    )
  })
})

describe('product form: the daily cap per buyer', () => {
  it.each([
    ['zero', 0],
    ['a fraction', 2.5],
    ['text', 'mnogo'],
    ['too many', 100_001],
  ])('refuses %s', (_case, value) => {
    expect(firstError({ ...valid, max_per_buyer_per_day: value })).toBe(
      'Unesite cijeli broj od 1 do 100000 ili ostavite prazno',
    )
  })

  it('reads a number field and keeps an empty one as none', () => {
    expect(productForm.parse({ ...valid, max_per_buyer_per_day: '5' }).max_per_buyer_per_day).toBe(5)
    expect(productForm.parse({ ...valid, max_per_buyer_per_day: '' }).max_per_buyer_per_day).toBeNull()
  })
})

describe('normaliseImages', () => {
  it.each([
    [[], []],
    [[{ url: '/a' }], [true]],
    [
      [{ url: '/a' }, { url: '/b', is_primary: true }],
      [false, true],
    ],
    [
      [
        { url: '/a', is_primary: true },
        { url: '/b', is_primary: true },
      ],
      [true, false],
    ],
    [
      [
        { url: '/a', is_primary: false },
        { url: '/b', is_primary: false },
      ],
      [true, false],
    ],
  ])('%j -> %j', (images, primary) => {
    expect(normaliseImages(images).map((image) => image.is_primary)).toEqual(primary)
  })
})

describe('deriveSwitches', () => {
  itReturns(deriveSwitches, '%j -> %j', [
    [
      { discount_price: 10, wholesale_price: 8 },
      { is_discounted: true, is_wholesale: true },
    ],
    [
      { discount_price: null, wholesale_price: 8 },
      { is_discounted: false, is_wholesale: true },
    ],
    [{ discount_price: 10 }, { is_discounted: true, is_wholesale: false }],
    [{}, { is_discounted: false, is_wholesale: false }],
  ])
})

describe('findDuplicateCode', () => {
  const products = [
    { id: 'a', customId: '1001' },
    { id: 'b', customId: '2002' },
  ]
  it.each([
    ['1001', null, 'Proizvod sa šifrom "1001" već postoji!'],
    [' 2002 ', undefined, 'Proizvod sa šifrom "2002" već postoji!'],
    ['1001', 'a', null],
    ['1001', 'b', 'Proizvod sa šifrom "1001" već postoji!'],
    ['3003', null, null],
    ['', null, null],
  ])('code %j while editing %j -> %j', (code, editingId, warning) => {
    expect(findDuplicateCode(code, products, editingId)).toBe(warning)
  })
})

describe('addOptionLabels', () => {
  const product = { customId: '1001', price: 20 }
  const existing = [{ size: 'M' }]
  it.each([
    ['L', ['M', 'L']],
    ['L, XL', ['M', 'L', 'XL']],
    ['L\nXL\r\n2XL', ['M', 'L', 'XL', '2XL']],
    ['m', ['M']],
    ['  ,  ,', ['M']],
    ['L, L, l', ['M', 'L']],
    ['', ['M']],
  ])('%j -> %j', (input, sizes) => {
    expect(addOptionLabels(existing, input, product).map((option) => option.size)).toEqual(sizes)
  })

  it('starts a new option with stock 0, the product price and the code {code}-{option in lowercase}', () => {
    expect(addOptionLabels([], 'XL', product)).toEqual([
      {
        size: 'XL',
        customId: '1001-xl',
        stock: 0,
        infinite: false,
        price: 20,
        discount_price: null,
        wholesale_price: null,
        weight_kg: null,
      },
    ])
    expect(addOptionLabels([], 'XL', { customId: '1001', price: null })[0]?.price).toBeNull()
  })

  itReturns(optionCode, 'optionCode(%j, %j) = %j', [
    ['1001', 'XL', '1001-xl'],
    [' 1001 ', 'Crvena', '1001-crvena'],
    ['', 'XL', 'xl'],
  ])
})

describe('fields of the wrong type', () => {
  it.each([
    [{ ...valid, featured: 'da' }],
    [{ ...valid, has_sizes: 1 }],
    [{ ...valid, sizes: 'S,M' }],
    [{ ...valid, images: [{ url: '/a.webp', is_primary: 'yes' }] }],
  ])('refuses %j with the general message', (input) => {
    expect(firstError(input)).toBe('Neispravni podaci.')
  })
})
