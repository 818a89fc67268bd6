import { describe, expect, it } from 'vitest'
import {
  buyerIdentifiersOf,
  dailyCapMessage,
  dailyCapOf,
  findDailyCapViolation,
  normalisePhone,
} from './buyer-daily-cap.ts'
import { itReturns } from './test-support.ts'

describe('dailyCapOf', () => {
  it.each([
    [5, 20, 5],
    [50, 20, 50],
    [null, 20, 20],
    [undefined, null, null],
    [0, null, null],
  ])("a product's own cap %s and the shop's %s give %s", (own, shop, expected) => {
    expect(dailyCapOf(own, shop)).toBe(expected)
  })
})

describe('normalisePhone', () => {
  itReturns(normalisePhone, '%s is %s', [
    ['+387 61 234 567', '61234567'],
    ['00387 61 234-567', '61234567'],
    ['061/234-567', '61234567'],
    ['(033) 123 456', '33123456'],
    ['12 34', null],
    ['', null],
    [null, null],
  ])
})

describe('buyerIdentifiersOf', () => {
  it('normalises the e-mail and phone and drops what is missing', () => {
    expect(buyerIdentifiersOf({ address: ' 10.0.0.1 ', email: ' Kupac@Demo.BA ', phone: '061 234 567' })).toEqual({
      address: '10.0.0.1',
      email: 'kupac@demo.ba',
      phone: '61234567',
    })
    expect(buyerIdentifiersOf({ address: null, email: '', phone: undefined })).toEqual({
      address: null,
      email: null,
      phone: null,
    })
  })
})

describe('findDailyCapViolation and dailyCapMessage', () => {
  const line = (quantity: number, orderedToday: number, cap: number | null, name = 'TV') => ({
    name,
    quantity,
    orderedToday,
    cap,
  })

  it('lets an order reach the cap exactly, and ignores products without one', () => {
    expect(findDailyCapViolation([line(2, 3, 5), line(500, 500, null)])).toBeNull()
  })

  it('names the first product past its cap and how many are still allowed today', () => {
    const violation = findDailyCapViolation([line(1, 0, 5, 'Kabel'), line(3, 3, 5, 'TV')])
    expect(violation).toEqual({ name: 'TV', max: 5, remaining: 2 })
    expect(dailyCapMessage(violation!)).toBe(
      'Proizvod "TV" danas možete naručiti još najviše 2 kom. (najviše 5 kom. dnevno po kupcu). Za veću količinu nazovite nas ili pišite nam.',
    )
  })

  it('says when nothing more is allowed today, also when a lowered cap is already passed', () => {
    const violation = findDailyCapViolation([line(1, 7, 5)])
    expect(violation).toEqual({ name: 'TV', max: 5, remaining: 0 })
    expect(dailyCapMessage(violation!)).toBe(
      'Proizvod "TV" danas više ne možete naručiti (najviše 5 kom. dnevno po kupcu). Pokušajte sutra ili nas nazovite.',
    )
  })
})
