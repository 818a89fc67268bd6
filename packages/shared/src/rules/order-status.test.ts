import { describe, expect, it } from 'vitest'
import {
  adminStatusLabel,
  canCustomerCancel,
  customerStatusLabel,
  customerStatusNote,
  expectedDeliveryDate,
  shortOrderId,
} from './order-status.ts'
import { itReturns } from './test-support.ts'

describe('order status labels', () => {
  it.each([
    ['pending', 'Na čekanju', 'Na čekanju'],
    ['processing', 'U obradi', 'U obradi'],
    ['shipped', 'Poslano', 'Poslano'],
    ['completed', 'Dovršeno', 'Završeno'],
    ['cancelled', 'Otkazano', 'Otkazano'],
    ['ready_for_pickup', 'Spremno za preuzimanje', 'Spremno za preuzimanje'],
    ['returned', 'Returned', 'Returned'],
  ])('%s -> customer %s, admin %s', (status, customer, admin) => {
    expect(customerStatusLabel(status)).toBe(customer)
    expect(adminStatusLabel(status)).toBe(admin)
  })

  itReturns(customerStatusNote, 'note for %s', [
    ['pending', 'Vaša narudžba čeka na obradu'],
    ['processing', 'Vaša narudžba se priprema za dostavu'],
    ['shipped', undefined],
  ])

  itReturns(canCustomerCancel, 'customer may cancel %s: %s', [
    ['pending', true],
    ['processing', false],
    ['shipped', false],
    ['cancelled', false],
    ['completed', false],
    ['ready_for_pickup', false],
  ])
})

describe('expectedDeliveryDate', () => {
  it.each([
    ['2024-03-01T10:00:00.000Z', '2024-03-08T10:00:00.000Z'],
    ['2024-12-28T23:30:00.000Z', '2025-01-04T23:30:00.000Z'],
  ])('%s + 7 days = %s', (created, expected) => {
    expect(expectedDeliveryDate(created).toISOString()).toBe(expected)
  })
})

describe('shortOrderId', () => {
  it('shows the first 8 characters', () => {
    expect(shortOrderId('3f2a9c1e-0000-4000-8000-000000000000')).toBe('3f2a9c1e')
  })
})
