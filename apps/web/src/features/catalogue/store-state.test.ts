import { describe, expect, it } from 'vitest'
import { STORE_FILTERS_KEY } from '../../app/layout/store-filters.ts'
import {
  changeFilters,
  countActiveFilters,
  DEFAULT_STORE_FILTERS,
  filtersFromQuery,
  hasActiveFilters,
  readStoreFilters,
  saveReturnPoint,
  saveStoreFilters,
  STORE_INACTIVITY_MS,
  STORE_RETURN_KEY,
  readReturnPoint,
  forgetReturnPoint,
  storeAddress,
  type SessionStore,
} from './store-state.ts'

function memoryStorage(entries: Record<string, string> = {}): SessionStore & { entries: Map<string, string> } {
  const map = new Map(Object.entries(entries))
  return {
    entries: map,
    get length() {
      return map.size
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
}

const chosen = { category: 'c1', brand: 'b1', search: 'busilica', sort: 'price-asc', page: 3 } as const

describe('store filters in session storage', () => {
  it('reads back what was saved while the shopper is active', () => {
    const storage = memoryStorage()
    saveStoreFilters(storage, chosen, 1_000)
    expect(readStoreFilters(storage, 1_000 + STORE_INACTIVITY_MS - 1)).toEqual(chosen)
  })

  it('forgets filters, scroll and image index after 30 minutes of inactivity', () => {
    const storage = memoryStorage({ 'cart.other': 'kept' })
    saveStoreFilters(storage, chosen, 1_000)
    saveReturnPoint(storage, { scrollY: 900, imageIndex: 4 })
    expect(readStoreFilters(storage, 1_000 + STORE_INACTIVITY_MS)).toEqual(DEFAULT_STORE_FILTERS)
    expect([...storage.entries.keys()]).toEqual(['cart.other'])
  })

  it.each([
    ['nothing saved', null],
    ['broken JSON', '{'],
    ['no activity time', JSON.stringify({ ...chosen })],
  ])('starts from the defaults with %s', (_case, raw) => {
    const storage = memoryStorage(raw === null ? {} : { [STORE_FILTERS_KEY]: raw })
    expect(readStoreFilters(storage, 5)).toEqual(DEFAULT_STORE_FILTERS)
  })

  it('repairs damaged fields one by one', () => {
    const storage = memoryStorage({
      [STORE_FILTERS_KEY]: JSON.stringify({
        category: 5,
        brand: 'b',
        search: 'x',
        sort: 'cheapest',
        page: -2,
        touchedAt: 0,
      }),
    })
    expect(readStoreFilters(storage, 10)).toEqual({
      category: '',
      brand: 'b',
      search: 'x',
      sort: 'recommended',
      page: 1,
    })
  })
})

describe('return point', () => {
  it('is read until it is forgotten', () => {
    const storage = memoryStorage()
    saveReturnPoint(storage, { scrollY: 1200, imageIndex: 7 })
    expect(readReturnPoint(storage)).toEqual({ scrollY: 1200, imageIndex: 7 })
    forgetReturnPoint(storage)
    expect(readReturnPoint(storage)).toBeNull()
    expect(storage.getItem(STORE_RETURN_KEY)).toBeNull()
  })

  it('ignores a damaged one', () => {
    expect(readReturnPoint(memoryStorage({ [STORE_RETURN_KEY]: '[1]' }))).toBeNull()
    expect(readReturnPoint(memoryStorage({ [STORE_RETURN_KEY]: '{"scrollY":-4}' }))).toEqual({
      scrollY: 0,
      imageIndex: 0,
    })
  })
})

describe('filtersFromQuery', () => {
  it.each([
    ['', null],
    ['?page=2', null],
    ['?category=c9', { ...DEFAULT_STORE_FILTERS, category: 'c9' }],
    ['?search=%C4%8Deki%C4%87', { ...DEFAULT_STORE_FILTERS, search: 'čekić' }],
    ['?brand=b2&sort=price-asc', { ...DEFAULT_STORE_FILTERS, brand: 'b2', sort: 'price-asc' }],
    ['?category=&brand=&search=&sort=nonsense', DEFAULT_STORE_FILTERS],
  ])('%s', (query, expected) => {
    expect(filtersFromQuery(new URLSearchParams(query))).toEqual(expected)
  })
})

describe('storeAddress', () => {
  it('keeps the chosen filters and names the page, leaving the defaults out', () => {
    expect(storeAddress(DEFAULT_STORE_FILTERS, 1)).toBe('/store')
    expect(storeAddress(DEFAULT_STORE_FILTERS, 3)).toBe('/store?page=3')
    expect(storeAddress({ ...chosen, search: ' čekić ' }, 2)).toBe(
      `/store?category=${chosen.category}&brand=${chosen.brand}&search=%C4%8Deki%C4%87&sort=${chosen.sort}&page=2`,
    )
  })

  it('reads back as the same filters', () => {
    const address = storeAddress({ ...chosen, page: 4 }, 4)
    const query = new URLSearchParams(address.slice(address.indexOf('?')))
    expect(filtersFromQuery(query)).toEqual({ ...chosen, page: 1 })
    expect(query.get('page')).toBe('4')
  })
})

describe('changeFilters', () => {
  it('goes back to page 1 on any filter or sort change', () => {
    expect(changeFilters(chosen, { sort: 'name-desc' })).toEqual({ ...chosen, sort: 'name-desc', page: 1 })
    expect(changeFilters(chosen, { brand: '' })).toEqual({ ...chosen, brand: '', page: 1 })
  })

  it('knows when anything is filtered', () => {
    expect(hasActiveFilters(DEFAULT_STORE_FILTERS)).toBe(false)
    expect(hasActiveFilters({ ...DEFAULT_STORE_FILTERS, page: 4 })).toBe(false)
    expect(hasActiveFilters({ ...DEFAULT_STORE_FILTERS, search: ' ' })).toBe(false)
    expect(hasActiveFilters({ ...DEFAULT_STORE_FILTERS, brand: 'b' })).toBe(true)
  })

  it('counts the filter sheet choices that are set (the search has its own box)', () => {
    expect(countActiveFilters(DEFAULT_STORE_FILTERS)).toBe(0)
    expect(countActiveFilters({ ...DEFAULT_STORE_FILTERS, search: 'bosch', page: 3 })).toBe(0)
    expect(countActiveFilters({ ...DEFAULT_STORE_FILTERS, category: 'c' })).toBe(1)
    expect(countActiveFilters({ ...DEFAULT_STORE_FILTERS, category: 'c', brand: 'b', sort: 'name-desc' })).toBe(3)
  })
})
