import { describe, expect, it } from 'vitest'
import { orderLimits as text } from '../messages/bs/order-limits.ts'
import { toOrderLimitSettings } from '../schemas/order-limits.ts'
import {
  DEFAULT_ORDER_LIMITS,
  buyerKindOf,
  findOrderLimitViolations,
  formatKm,
  orderLimitMessage,
  orderSizeLimitsFor,
  suspicionReasons,
  type OrderSizeLimits,
} from './order-limits.ts'
import { itReturns } from './test-support.ts'

const limits: OrderSizeLimits = { maxQuantityPerLine: 50, maxLinesPerOrder: 30, maxOrderTotal: 3000 }
const lines = (count: number, quantity = 1) =>
  Array.from({ length: count }, (_, index) => ({ name: `P${index}`, quantity }))

describe('buyerKindOf and orderSizeLimitsFor', () => {
  it.each([
    [null, 'guest', 3000],
    [['user'], 'customer', 5000],
    [['USER'], 'customer', 5000],
    [['user', 'wholesale'], 'exempt', null],
    [['store_manager'], 'exempt', null],
    [['Admin'], 'exempt', null],
  ] as const)('roles %j are a %s buyer with a total limit of %s', (roles, kind, total) => {
    expect(buyerKindOf(roles)).toBe(kind)
    expect(orderSizeLimitsFor(DEFAULT_ORDER_LIMITS, buyerKindOf(roles))?.maxOrderTotal ?? null).toBe(total)
  })
})

describe('findOrderLimitViolations', () => {
  it('lets a family order through: 30 products, 50 of one, 3,000 KM exactly', () => {
    expect(findOrderLimitViolations([...lines(29), { name: 'Vijci', quantity: 50 }], 3000, limits)).toEqual([])
  })

  it.each([
    [
      [{ name: 'Čekić', quantity: 51 }],
      10,
      [{ kind: 'quantity', index: 0, name: 'Čekić', quantity: 51, max: 50, unit: 'kom' }],
    ],
    [lines(31), 31, [{ kind: 'lines', count: 31, max: 30 }]],
    [lines(1), 3000.01, [{ kind: 'total', total: 3000.01, max: 3000 }]],
  ])('%j for %d KM breaks %j', (orderLines, total, expected) => {
    expect(findOrderLimitViolations(orderLines, total, limits)).toEqual(expected)
  })

  it('the 100-line prank breaks every limit; an exempt buyer breaks none', () => {
    const prank = lines(100, 60)
    const found = findOrderLimitViolations(prank, 300_634, limits)
    expect(found.map((violation) => violation.kind)).toEqual([...Array(100).fill('quantity'), 'lines', 'total'])
    expect(findOrderLimitViolations(prank, 300_634, null)).toEqual([])
  })
})

describe('units of measure and lines without a limit', () => {
  it('names the unit of a line above the limit', () => {
    const [violation] = findOrderLimitViolations([{ name: 'Kabel', quantity: 51, unit: 'm' }], 100, limits)
    expect(violation).toEqual({ kind: 'quantity', index: 0, name: 'Kabel', quantity: 51, max: 50, unit: 'm' })
  })

  it('does not hold an exempt product to the per-line limit, nor flag it as near it', () => {
    const cable = { name: 'Kabel', quantity: 500, unit: 'm', noLineLimit: true }
    expect(findOrderLimitViolations([cable], 100, limits)).toEqual([])
    const flagged = suspicionReasons({
      lines: [cable],
      total: 100,
      limits,
      ordersFromAddress: 1,
      ordersFromEmail: 1,
      averageTotal: null,
    })
    expect(flagged).toEqual([])
  })

  it('still counts an exempt line among the lines and in the total', () => {
    const cable = { name: 'Kabel', quantity: 500, unit: 'm', noLineLimit: true }
    const found = findOrderLimitViolations([cable, ...lines(30)], 3500, limits)
    expect(found.map((violation) => violation.kind)).toEqual(['lines', 'total'])
  })
})

describe('orderLimitMessage', () => {
  itReturns(orderLimitMessage, '%j reads %s', [
    [
      { kind: 'quantity', index: 0, name: 'Čekić', quantity: 51, max: 50, unit: 'kom' } as const,
      'Najviše 50 kom. proizvoda "Čekić" po narudžbi. Za veću količinu nazovite nas ili pišite nam.',
    ],
    [
      { kind: 'quantity', index: 0, name: 'Kabel PP/Y 3x1,5', quantity: 51, max: 50, unit: 'm' } as const,
      'Najviše 50 m. proizvoda "Kabel PP/Y 3x1,5" po narudžbi. Za veću količinu nazovite nas ili pišite nam.',
    ],
    [
      { kind: 'lines', count: 31, max: 30 } as const,
      text.linesPerOrder.replace('{max}', '30').replace('{count}', '31'),
    ],
    [
      { kind: 'total', total: 3500, max: 3000 } as const,
      text.orderTotal.replace('{total}', '3.500,00 KM').replace('{max}', '3.000,00 KM'),
    ],
  ])

  it('formats KM the shop way', () => {
    expect(formatKm(300634)).toBe('300.634,00 KM')
    expect(formatKm(12.5)).toBe('12,50 KM')
  })
})

describe('suspicionReasons', () => {
  const ordinary = {
    lines: lines(3, 2),
    total: 120,
    limits,
    ordersFromAddress: 1,
    ordersFromEmail: 1,
    averageTotal: 100,
  }

  it('has none for an ordinary order', () => {
    expect(suspicionReasons(ordinary)).toEqual([])
  })

  it('names a line, the line count and the total at 80% of their limits', () => {
    expect(
      suspicionReasons({
        ...ordinary,
        lines: [...lines(23), { name: 'Vijci', quantity: 40 }],
        total: 2400,
        averageTotal: null,
      }),
    ).toEqual([
      'Količina blizu granice: "Vijci" 40 kom. (granica 50)',
      'Mnogo stavki: 24 (granica 30)',
      'Iznos blizu granice: 2.400,00 KM (granica 3.000,00 KM)',
    ])
    expect(
      suspicionReasons({ ...ordinary, lines: [{ name: 'Vijci', quantity: 39 }], total: 2399.99, averageTotal: null }),
    ).toEqual([])
  })

  it('names a total ten times the average, and the third order of an hour from one address or e-mail', () => {
    expect(suspicionReasons({ ...ordinary, total: 1000, averageTotal: 100 })).toEqual([
      'Iznos 1.000,00 KM je 10 puta veći od prosječne narudžbe (100,00 KM)',
    ])
    expect(suspicionReasons({ ...ordinary, total: 999, averageTotal: 100 })).toEqual([])
    expect(suspicionReasons({ ...ordinary, ordersFromAddress: 3, ordersFromEmail: 3 })).toEqual([
      '3. narudžba s iste internetske adrese u sat vremena',
      '3. narudžba s iste e-mail adrese u sat vremena',
    ])
    expect(suspicionReasons({ ...ordinary, ordersFromAddress: 2, ordersFromEmail: 2 })).toEqual([])
  })
})

describe('toOrderLimitSettings', () => {
  it('keeps good stored fields and puts the default in place of missing or broken ones', () => {
    expect(toOrderLimitSettings(null)).toEqual(DEFAULT_ORDER_LIMITS)
    expect(toOrderLimitSettings({ maxQuantityPerLine: 5, maxLinesPerOrder: 0, maxOrderTotalGuest: 'x' })).toEqual({
      ...DEFAULT_ORDER_LIMITS,
      maxQuantityPerLine: 5,
    })
  })

  it('reads the daily cap per buyer: a whole number, else none (settings saved before it existed)', () => {
    expect(toOrderLimitSettings({ maxPerProductPerBuyerPerDay: 4 }).maxPerProductPerBuyerPerDay).toBe(4)
    expect(toOrderLimitSettings({ maxPerProductPerBuyerPerDay: 0 }).maxPerProductPerBuyerPerDay).toBeNull()
    expect(toOrderLimitSettings({ maxQuantityPerLine: 5 }).maxPerProductPerBuyerPerDay).toBeNull()
  })
})
