import { describe, expect, it } from 'vitest'
import { lineTotal, orderTotals } from './order-totals.ts'

describe('orderTotals', () => {
  it.each([
    [
      'one line and shipping',
      [{ unitPrice: 19.99, quantity: 3 }],
      12,
      { subtotal: 59.97, shippingCost: 12, total: 71.97, itemCount: 3 },
    ],
    [
      'float sums are rounded',
      [
        { unitPrice: 0.1, quantity: 1 },
        { unitPrice: 0.2, quantity: 1 },
      ],
      0,
      { subtotal: 0.3, shippingCost: 0, total: 0.3, itemCount: 2 },
    ],
    [
      'half cents round up',
      [{ unitPrice: 1.005, quantity: 1 }],
      0.005,
      { subtotal: 1.01, shippingCost: 0.01, total: 1.02, itemCount: 1 },
    ],
    ['empty cart', [], 12, { subtotal: 0, shippingCost: 12, total: 12, itemCount: 0 }],
    [
      'many lines',
      [
        { unitPrice: 4.35, quantity: 7 },
        { unitPrice: 120, quantity: 2 },
      ],
      0,
      { subtotal: 270.45, shippingCost: 0, total: 270.45, itemCount: 9 },
    ],
  ])('%s', (_name, lines, shipping, expected) => {
    expect(orderTotals(lines, shipping)).toEqual(expected)
  })

  it('rounds each line', () => {
    expect(lineTotal({ unitPrice: 33.333, quantity: 3 })).toBe(100)
  })
})
