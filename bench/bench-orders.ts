import type { Queryable } from '../apps/api/src/platform/db.ts'

// What the order benchmarks (bench/orders.ts, bench/scale.ts) share: a guest's delivery address
// and the shop's shipping settings, written through SQL before the server starts; and the confirmed
// orders the staff document benchmarks (bench/courier-export.ts, bench/invoices.ts) start from.

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

/**
 * `count` confirmed orders (status processing, document numbers 2026-000001 on, issued now at 17 % VAT) of
 * guests kupac<g>@bench.ba, by courier to Grude with names and streets in č ć đ š ž; `total` is an SQL
 * expression of g, the order's number in the series.
 */
export async function insertConfirmedOrders(client: Queryable, count: number, total: string): Promise<void> {
  await client.query(
    `insert into orders (email, status, total, shipping_cost, shipping_method, shipping_address, created_at,
                         document_number, document_issued_at, document_vat_rate)
     select 'kupac' || g || '@bench.ba', 'processing', ${total}, 12,
            jsonb_build_object('id', 'courier', 'name', 'Brza pošta', 'basePrice', 12, 'description', ''),
            jsonb_build_object('full_name', 'Đorđe Šćekić ' || g, 'phone_number', '+387 63 000 ' || g,
                               'street_address', 'Čapljinska ' || g, 'city', 'Grude', 'zip_code', '88340',
                               'state', 'Zapadno-Hercegovački kanton', 'country', 'Bosna i Hercegovina'),
            now() - interval '1 day', '2026-' || lpad(g::text, 6, '0'), now(), 17
       from generate_series(1, $1) g`,
    [count],
  )
}

/**
 * A category 'Bench' and `count` products in it that never run out (infinite stock): their code, name and
 * price are SQL expressions of g, the product's number in the series.
 */
export async function insertBenchProducts(
  client: Queryable,
  count: number,
  columns: { customId: string; name: string; price: string },
): Promise<void> {
  await client.query(`insert into categories (name) values ('Bench')`)
  await client.query(
    `insert into products (custom_id, name, price, category_id, stock, infinite_stock)
     select ${columns.customId}, ${columns.name}, ${columns.price}, (select id from categories limit 1), 0, true
       from generate_series(1, $1) g`,
    [count],
  )
}
