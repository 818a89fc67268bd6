import { describe, expect, it } from 'vitest'
import { cartQuantities, planReorder, type QuotedLine } from './reorder.ts'

const past = (name: string, price: number, quantity: number, size: string | null = null) => ({
  productId: `uuid-${name}`,
  name,
  price,
  size,
  quantity,
})
const quoted = (
  code: string,
  price: number | null,
  availableStock: number | null,
  status = 'ok',
  size: string | null = null,
): QuotedLine => ({
  productCustomId: code,
  name: `Danas ${code}`,
  image: `/img/${code}.webp`,
  size,
  price,
  availableStock,
  status,
})

describe('reorder plan', () => {
  it('takes every line at today’s price and says which prices changed', () => {
    const plan = planReorder(
      [past('Čekić', 25, 2), past('Košulja', 40, 1, 'M')],
      [quoted('CEK', 27.5, 10), quoted('KOS', 40, null, 'ok', 'M')],
      new Map(),
    )
    expect(plan.lines).toEqual([
      { productId: 'CEK', name: 'Danas CEK', price: 27.5, image: '/img/CEK.webp', size: null, quantity: 2 },
      { productId: 'KOS', name: 'Danas KOS', price: 40, image: '/img/KOS.webp', size: 'M', quantity: 1 },
    ])
    expect(plan.changes).toEqual([{ kind: 'priceChanged', name: 'Čekić', oldPrice: 25, newPrice: 27.5 }])
  })

  it('leaves out what is gone or sold out and lowers what stock cannot cover', () => {
    const plan = planReorder(
      [
        past('Stari', 5, 1),
        past('Pila', 60, 1),
        past('Vijci', 1, 10),
        past('Majica', 9, 1, 'XL'),
        past('Obrisan', 3, 1),
      ],
      [
        quoted('STA', null, 0, 'product_not_found'),
        quoted('PIL', 60, 0, 'out_of_stock'),
        quoted('VIJ', 1, 4, 'insufficient_stock'),
        quoted('MAJ', null, 0, 'size_not_found', 'XL'),
        null,
      ],
      new Map(),
    )
    expect(plan.lines).toEqual([expect.objectContaining({ productId: 'VIJ', quantity: 4 })])
    expect(plan.changes).toEqual([
      { kind: 'gone', name: 'Stari' },
      { kind: 'soldOut', name: 'Pila' },
      { kind: 'reduced', name: 'Vijci', quantity: 10, available: 4 },
      { kind: 'gone', name: 'Majica (XL)' },
      { kind: 'gone', name: 'Obrisan' },
    ])
  })

  it('counts what the cart already holds against the stock', () => {
    const inCart = cartQuantities([
      { productId: 'CEK', size: null, quantity: 3 },
      { productId: 'PIL', size: null, quantity: 2 },
    ])
    const plan = planReorder(
      [past('Čekić', 25, 2), past('Pila', 60, 1)],
      [quoted('CEK', 25, 4), quoted('PIL', 60, 2)],
      inCart,
    )
    expect(plan.lines).toEqual([expect.objectContaining({ productId: 'CEK', quantity: 1 })])
    expect(plan.changes).toEqual([
      { kind: 'reduced', name: 'Čekić', quantity: 2, available: 1 },
      { kind: 'alreadyInCart', name: 'Pila' },
    ])
  })
})
