import { describe, expect, it } from 'vitest'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { DEFAULT_SITE_INFO, mergeCompany, mergeWorkHours, safeLink, splitHours } from './site-info.ts'

describe('mergeWorkHours', () => {
  it('starts from the defaults of staff-and-content.md §9', () => {
    expect(mergeWorkHours(undefined)).toEqual({
      store: 'Pon-Pet 08:00-20:00, Sub 08:00-15:00, Ned zatvoreno',
      restaurant: 'Pon-Sub 08:00-22:00, Ned zatvoreno',
      wholesale: 'Pon-Pet 08:00-16:30, vikend zatvoreno',
    })
  })

  it.each([
    ['a list', [{ section: 'restaurant', hours: 'Svaki dan 07-23' }]],
    ['a wrapped list', { workHours: [{ section: 'restaurant', hours: 'Svaki dan 07-23' }] }],
    [
      'a list with junk',
      [
        { section: 'restaurant', hours: 'Svaki dan 07-23' },
        { section: 'garage', hours: 'x' },
        { section: 'store', hours: '' },
        5,
      ],
    ],
  ])('takes the sections of %s and keeps the defaults of the others', (_case, body) => {
    expect(mergeWorkHours(body)).toEqual({ ...DEFAULT_SITE_INFO.workHours, restaurant: 'Svaki dan 07-23' })
  })
})

describe('mergeCompany', () => {
  it('keeps the defaults for anything missing and reads social links under social', () => {
    const merged = mergeCompany({
      name: 'Obrt Test',
      phone: '+387 39 111 222',
      email: '',
      social: { facebook: 'https://facebook.com/test', instagram: 'javascript:alert(1)' },
      mapUrl: 'https://maps.example/?q=Sovici',
    })
    expect(merged).toEqual({
      ...shell.defaultCompany,
      name: 'Obrt Test',
      phone: '+387 39 111 222',
      facebook: 'https://facebook.com/test',
      mapUrl: 'https://maps.example/?q=Sovici',
    })
  })

  it('answers the defaults for a body that is not an object', () => {
    expect(mergeCompany(null)).toEqual(shell.defaultCompany)
  })
})

describe('safeLink', () => {
  it.each([
    ['https://www.olx.ba/shops/x', 'https://www.olx.ba/shops/x'],
    ['http://example.ba/', 'http://example.ba/'],
    ['javascript:alert(1)', undefined],
    ['/relative', undefined],
    [undefined, undefined],
  ])('%s -> %s', (value, expected) => {
    expect(safeLink(value)).toBe(expected)
  })
})

describe('splitHours', () => {
  it('puts each day range on its own line', () => {
    expect(splitHours('Pon-Pet 08:00-20:00, Sub 08:00-15:00,Ned zatvoreno')).toEqual([
      'Pon-Pet 08:00-20:00',
      'Sub 08:00-15:00',
      'Ned zatvoreno',
    ])
  })
})
