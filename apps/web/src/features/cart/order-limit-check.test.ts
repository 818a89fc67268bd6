import { describe, expect, it } from 'vitest'
import { orderLimits as text } from '@shop/shared/messages/bs/order-limits.ts'
import type { CartViewLine } from './cart-view.ts'
import { checkCartLimits } from './order-limit-check.ts'

const line = (key: string, name: string, quantity: number) => ({ key, name, quantity }) as CartViewLine
const limits = { maxQuantityPerLine: 5, maxLinesPerOrder: 2, maxOrderTotal: 100 }

describe('checkCartLimits', () => {
  it('puts a line over its pieces on the line and the rest on the order', () => {
    const check = checkCartLimits([line('a', 'Čekić', 6), line('b', 'Kliješta', 1), line('c', 'Pila', 1)], 120, limits)
    expect([...check.lineProblems]).toEqual([
      ['a', text.quantityPerLine.replace('{unit}', 'kom').replace('{name}', 'Čekić').replace('{max}', '5')],
    ])
    expect(check.orderProblems).toEqual([
      text.linesPerOrder.replace('{max}', '2').replace('{count}', '3'),
      text.orderTotal.replace('{total}', '120,00 KM').replace('{max}', '100,00 KM'),
    ])
    expect(check.isWithinLimits).toBe(false)
  })

  it('finds nothing within the limits, or when none apply (wholesale, staff) or none are known yet', () => {
    expect(checkCartLimits([line('a', 'Čekić', 5)], 100, limits).isWithinLimits).toBe(true)
    expect(checkCartLimits([line('a', 'Čekić', 500)], 1e6, null).isWithinLimits).toBe(true)
    expect(checkCartLimits([line('a', 'Čekić', 500)], 1e6, undefined).isWithinLimits).toBe(true)
  })

  it('names the unit of a line in metres and lets a product without a line limit through', () => {
    const rope = { ...line('a', 'Uže', 6), unit: 'm' }
    expect([...checkCartLimits([rope], 10, limits).lineProblems]).toEqual([
      ['a', 'Najviše 5 m. proizvoda "Uže" po narudžbi. Za veću količinu nazovite nas ili pišite nam.'],
    ])
    const cable = { ...line('a', 'Kabel', 51), unit: 'm', noLineLimit: true }
    expect(checkCartLimits([cable], 51, limits).isWithinLimits).toBe(true)
  })
})
