import { describe, expect, it } from 'vitest'
import { workHoursInput } from './work-hours.ts'
import { itRefuses } from './test-cases.ts'

const all = [
  { section: 'store', hours: 'Pon-Pet 08:00-20:00' },
  { section: 'restaurant', hours: 'Pon-Sub 08:00-22:00' },
  { section: 'wholesale', hours: 'Pon-Pet 08:00-16:30' },
]

describe('work hours form', () => {
  itRefuses(workHoursInput, 'refuses %j with %s', [
    [[], 'Potrebno je radno vrijeme barem jednog odjela'],
    ['store', 'Potrebno je radno vrijeme barem jednog odjela'],
    [[{ section: 'office', hours: '08-16' }], 'Odjel mora biti store, restaurant ili wholesale'],
    [[{ section: 'store', hours: ' ' }], 'Radno vrijeme je obavezno'],
    [[{ section: 'store' }], 'Radno vrijeme je obavezno'],
    [[{ section: 'store', hours: 'x'.repeat(1001) }], 'Radno vrijeme je predugo'],
    [[{ section: 'store', hours: '08\u0000-16' }], 'Unos sadrži nedozvoljene znakove.'],
    [[...all, { section: 'store', hours: 'x' }], 'Svaki odjel smije biti naveden samo jednom'],
  ])

  it('accepts the list, or the list wrapped as {hours}, trimmed', () => {
    expect(workHoursInput.parse(all)).toEqual(all)
    expect(workHoursInput.parse({ hours: [{ section: 'store', hours: ' Pon-Pet 08-20 ' }] })).toEqual([
      { section: 'store', hours: 'Pon-Pet 08-20' },
    ])
  })
})
