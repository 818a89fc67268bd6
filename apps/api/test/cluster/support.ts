import { DELIVERY_ADDRESS, SHIPPING_SETTINGS, setShippingSettings } from '../../src/modules/orders/test-fixtures.ts'
import { callApi, type ApiProcess } from '../support/api-process.ts'
import { startTwoProcessShop, type TwoProcessShop } from '../support/two-processes.ts'

// Helpers of the cluster tests that are not the harness's (real processes, the SMTP sink and
// the Redis probe come from ../support/). Kept apart so that the test files read as the list of
// what they show.

/**
 * Processes A and B for tests that place orders: no demo data, the test's client addresses trusted
 * (X-Forwarded-For), the per-address order limit out of the way, SHIPPING_SETTINGS stored; `env` adds to that.
 */
export async function startOrderingShop(name: string, env: Record<string, string> = {}): Promise<TwoProcessShop> {
  const shop = await startTwoProcessShop(name, {
    SEED: 'none',
    TRUST_PROXY: '127.0.0.1',
    ORDERS_PER_ADDRESS_PER_HOUR: '100000',
    ...env,
  })
  await setShippingSettings(shop.db, SHIPPING_SETTINGS)
  return shop
}

/** POST /api/orders through one process: the lines to DELIVERY_ADDRESS by courier, as `token` or a guest `email`. */
export function postOrder<T>(
  api: ApiProcess,
  products: { product_id: string; quantity: number; expectedPrice?: number }[],
  { token, email, ip }: { token?: string; email?: string; ip?: string } = {},
) {
  return callApi<T>(api, '/api/orders', {
    method: 'POST',
    token,
    ip,
    body: { email, products, shippingAddress: DELIVERY_ADDRESS, shippingMethod: { id: 'courier' } },
  })
}

/** Counts of each value. */
export function tally(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1
  return counts
}

export async function until<T>(
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (isDone(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
