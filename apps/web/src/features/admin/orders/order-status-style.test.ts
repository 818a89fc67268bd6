import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '@shop/shared/rules/order-status.ts'
import { isOrderStatus, orderStatusStyle } from './order-status-style.ts'

describe('orderStatusStyle', () => {
  it('gives every status its own colour and icon', () => {
    const styles = ORDER_STATUSES.map(orderStatusStyle)
    expect(new Set(styles.map((style) => style.tone)).size).toBe(ORDER_STATUSES.length)
    expect(new Set(styles.map((style) => style.icon)).size).toBe(ORDER_STATUSES.length)
  })

  it('shows a status it does not know like a pending one', () => {
    expect(orderStatusStyle('lost')).toBe(orderStatusStyle('pending'))
  })
})

describe('isOrderStatus', () => {
  it('accepts the six statuses exactly', () => {
    expect(ORDER_STATUSES.every(isOrderStatus)).toBe(true)
    expect(isOrderStatus('Pending')).toBe(false)
    expect(isOrderStatus('')).toBe(false)
  })
})
