import type { OrderStatus } from '@shop/shared/rules/order-status.ts'
import type { SlidePicture } from '../pictures.ts'
import type { CategoryKey } from './categories.ts'

/** A slide's picture, and where its button leads: the store page, or the store filtered to `category`. */
export type SlideSeed = SlidePicture & { category?: CategoryKey }

export const SLIDES: SlideSeed[] = [
  {
    title: 'Jesenska akcija: popusti do 30%',
    description: 'Odabrani alati, oprema za vrt i rasvjeta po akcijskim cijenama.',
    callToAction: 'Pogledaj ponudu',
    colour: '#ea580c',
    kinds: ['drill', 'shears', 'floodlight'],
  },
  {
    title: 'Električni alati za svaki posao',
    description: 'Bušilice, brusilice i pile marki Bosch, Makita i Einhell.',
    callToAction: 'Električni alati',
    category: 'elektricni-alati',
    colour: '#2563eb',
    kinds: ['circular-saw', 'drill', 'grinder'],
  },
  {
    title: 'Vrt spreman za sezonu',
    description: 'Kosilice, trimeri, crijeva i alati za uređenje okućnice.',
    callToAction: 'Oprema za vrt',
    category: 'vrt',
    colour: '#16a34a',
    kinds: ['mower', 'hose', 'shovel'],
  },
  {
    title: 'Terasa za uživanje',
    description: 'Suncobrani, vrtne stolice i stolovi za dom i ugostitelje.',
    callToAction: 'Suncobrani',
    category: 'suncobrani',
    colour: '#0891b2',
    kinds: ['parasol', 'chair', 'table'],
  },
]

/** The running sale: 'Jesenska akcija', from three days ago to thirty days ahead. */
export const SALE = {
  title: 'Jesenska akcija',
  description:
    'Popusti do 30% na odabrane alate, opremu za vrt i rasvjetu. Akcija vrijedi do kraja akcijskog razdoblja ili do isteka zaliha.',
  startsDaysAgo: 3,
  endsInDays: 30,
  products: [
    { code: '100104', discountPercentage: 20 },
    { code: '100121', discountPercentage: 15 },
    { code: '100202', discountPercentage: 20 },
    { code: '100701', discountPercentage: 25 },
    { code: '100741', discountPercentage: 15 },
    { code: '100813', discountPercentage: 30 },
    { code: '100442', discountPercentage: 20 },
    { code: '101011', discountPercentage: 10 },
  ],
}

export type OrderSeed = {
  status: OrderStatus
  daysAgo: number
  shippingOptionId: 'courier' | 'express' | 'pickup'
  lines: { code: string; size?: string; quantity: number }[]
}

/** Past orders of kupac@demo.ba, so that order history and the staff pages have content. */
export const DEMO_ORDERS: OrderSeed[] = [
  {
    status: 'completed',
    daysAgo: 64,
    shippingOptionId: 'courier',
    lines: [
      { code: '100101', quantity: 1 },
      { code: '100321', quantity: 1 },
    ],
  },
  {
    status: 'cancelled',
    daysAgo: 41,
    shippingOptionId: 'courier',
    lines: [{ code: '100732', quantity: 1 }],
  },
  {
    status: 'completed',
    daysAgo: 23,
    shippingOptionId: 'express',
    lines: [
      { code: '101301', size: '15 L', quantity: 2 },
      { code: '101321', size: '25 cm', quantity: 2 },
      { code: '101311', size: '50 mm', quantity: 3 },
    ],
  },
  {
    status: 'shipped',
    daysAgo: 5,
    shippingOptionId: 'courier',
    lines: [
      { code: '100801', size: '20 m', quantity: 1 },
      { code: '100811', quantity: 2 },
    ],
  },
  {
    status: 'processing',
    daysAgo: 2,
    shippingOptionId: 'courier',
    lines: [
      { code: '101001', size: 'Antracit', quantity: 4 },
      { code: '101012', size: '180 cm', quantity: 1 },
    ],
  },
  {
    status: 'ready_for_pickup',
    daysAgo: 1,
    shippingOptionId: 'pickup',
    lines: [{ code: '100303', quantity: 1 }],
  },
  {
    status: 'pending',
    daysAgo: 0,
    shippingOptionId: 'courier',
    lines: [
      { code: '100431', size: '2700K', quantity: 6 },
      { code: '100421', size: '3 m', quantity: 1 },
    ],
  },
]
