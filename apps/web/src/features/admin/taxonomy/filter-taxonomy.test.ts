import { describe, expect, it } from 'vitest'
import { filterTaxonomy } from './filter-taxonomy.ts'

const items = [
  { name: 'Vrt', description: 'Sve za vrt i dvorište' },
  { name: 'Čavli', description: null },
  { name: 'Alati', description: 'Ručni i električni alati' },
  { name: 'Žarulje', description: 'Rasvjeta' },
]

describe('filterTaxonomy', () => {
  it('sorts by name in the order of the alphabet, Č after C and Ž last', () => {
    expect(filterTaxonomy(items, '').map((item) => item.name)).toEqual(['Alati', 'Čavli', 'Vrt', 'Žarulje'])
  })

  it('matches name and description, ignoring case and accents', () => {
    expect(filterTaxonomy(items, 'cavli').map((item) => item.name)).toEqual(['Čavli'])
    expect(filterTaxonomy(items, 'DVORISTE').map((item) => item.name)).toEqual(['Vrt'])
    expect(filterTaxonomy(items, 'rucni alati').map((item) => item.name)).toEqual(['Alati'])
    expect(filterTaxonomy(items, 'beton')).toEqual([])
  })
})
