import type { Queryable } from '../apps/api/src/platform/db.ts'

// What the order benchmarks (bench/orders.ts, bench/scale.ts) share: a guest's delivery address
// and the shop's shipping settings, written through SQL before the server starts.

export const BENCH_ADDRESS = {
  full_name: 'Bench Kupac',
  phone_number: '+387 61 000 000',
  street_address: 'Testna 1',
  city: 'Mostar',
  state: 'Hercegovačko-neretvanski kanton',
  zip_code: '88000',
}

/** Courier delivery (12 KM, free from 300 KM) and pick-up in the shop: every order needs a method. */
export async function setBenchShipping(db: Queryable): Promise<void> {
  await db.query(
    `insert into settings (key, value) values ('shipping', $1) on conflict (key) do update set value = excluded.value`,
    [
      JSON.stringify({
        freeShippingThreshold: 300,
        options: [
          { id: 'courier', name: 'Brza pošta', description: '2-7 radnih dana', basePrice: 12, isActive: true },
          { id: 'pickup', name: 'Osobno preuzimanje', description: 'U trgovini', basePrice: 0, isActive: true },
        ],
      }),
    ],
  )
}

/** The body of a guest's order of one product (or one size of it), delivered by courier. */
export function benchOrderBody(order: { email: string; productId: string; quantity?: number; size?: string }): string {
  return JSON.stringify({
    email: order.email,
    products: [
      {
        product_id: order.productId,
        quantity: order.quantity ?? 1,
        ...(order.size ? { custom_size: order.size } : {}),
      },
    ],
    shippingAddress: BENCH_ADDRESS,
    shippingMethod: { id: 'courier' },
  })
}
