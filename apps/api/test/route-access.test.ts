import { beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '@shop/shared/rules/roles.ts'
import { signInAs } from './helpers.ts'
import { documentedOperations, exampleUrl, type DocumentedOperation } from './support/openapi-document.ts'
import { useTestApp } from './support/use-test-app.ts'

// Every route of the OpenAPI document, walked with each kind of caller. A route that is in neither
// list below counts as a staff route, so a new route that forgets its guard fails here (fail closed).

/** Anyone may call these (customer-side.md §7, staff-and-content.md §7). */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'POST /api/auth/register',
  'POST /api/auth/verify-email/{token}',
  'POST /api/auth/resend-verification',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'GET /api/auth/reset-password/{token}',
  'POST /api/auth/reset-password/{token}',
  'GET /api/images/{*}',
  'POST /api/contact',
  'GET /api/products',
  'GET /api/products/{id}',
  'GET /api/products/{id}/recommendations',
  'GET /api/categories',
  'GET /api/brands',
  'GET /api/slides',
  'GET /api/sales/config',
  'GET /api/sales/products',
  'GET /api/work-hours',
  'GET /api/settings/shipping',
  'GET /api/settings/company',
  'GET /api/restaurant/menu',
  'GET /api/restaurant/categories',
  'GET /api/catalogs/{file}',
  'POST /api/cart/quote',
  // Quick order by code and postcode suggestions (docs/decisions.md ('Reorder, quick order and postcodes')): read-only, priced per caller.
  'POST /api/cart/quick-order',
  'GET /api/postcodes',
  'POST /api/orders',
  // The limits on one order of the caller, for the cart's own check (docs/decisions.md, Order
  // limits and suspicious orders).
  'GET /api/orders/limits',
  // The order confirmation is fetched without the token (customer-side.md §4); ids are random UUIDs.
  'GET /api/orders/{id}',
  // The private order page behind a mailed link, for guests too (docs/decisions.md, 'The private order page').
  'GET /api/order-status/{token}',
  'POST /api/order-status/{token}/cancel',
  // Complaints from the order page by its link (docs/decisions.md ('Complaints and returns')).
  'GET /api/order-status/{token}/returns',
  'POST /api/order-status/{token}/returns',
  // A complaint's photo by its signed link: the link is the permission (an <img> sends no session).
  'GET /api/returns/photos/{file}',
  // The account deletion's mailed link: the one-time token is the proof (docs/decisions.md, 'Their own data').
  'POST /api/account/delete/confirm',
  // Back-in-stock alerts and the links of their mails: the tokens are the proof (docs/decisions.md ('Back-in-stock alerts')).
  'POST /api/stock-alerts',
  'GET /api/stock-alerts/confirm/{token}',
  'GET /api/stock-alerts/unsubscribe/{token}',
  'POST /api/stock-alerts/unsubscribe/{token}',
])

/** Any signed-in user; the handlers check ownership themselves (tested in their modules). */
const SIGNED_IN = new Set([
  'GET /api/auth/me',
  'POST /api/auth/logout',
  'PATCH /api/auth/password',
  'GET /api/profile/{email}',
  'PUT /api/profile/{email}',
  'GET /api/users/orders/{email}',
  'PATCH /api/orders/{id}/cancel',
  'GET /api/orders/{id}/page',
  'GET /api/orders/{id}/returns',
  'POST /api/orders/{id}/returns',
  'GET /api/account/export',
  'POST /api/account/delete',
])

/** Routes only an admin may call; every other staff route admits store_manager and admin. */
const ADMIN_ONLY = new Set<string>([
  'DELETE /api/orders/{id}',
  'GET /api/logs',
  'GET /api/logs/filters',
  'GET /api/logs/{id}',
  'GET /api/users',
  'GET /api/users/search',
  'GET /api/users/data-requests',
  'POST /api/users/{id}/roles/{role}/{action}',
  'PUT /api/users/{email}/password',
  'POST /api/users/{id}/disable',
  'POST /api/users/{id}/enable',
])

const test = useTestApp()
let operations: DocumentedOperation[]
const tokens: Partial<Record<Role, Record<string, string>>> = {}

beforeAll(async () => {
  operations = await documentedOperations(test)
  for (const role of ['user', 'wholesale', 'store_manager', 'admin'] as const) tokens[role] = await signInAs(test, role)
})

async function call(operation: DocumentedOperation, headers: Record<string, string> = {}) {
  return test.app.inject({ method: operation.method as 'GET', url: exampleUrl(operation.path), headers })
}

describe('route access', () => {
  it('documents the routes it walks', () => {
    expect(operations.length).toBeGreaterThan(40)
    for (const key of [...PUBLIC, ...SIGNED_IN]) expect(operations.map((operation) => operation.key)).toContain(key)
  })

  it('answers 401 to an anonymous caller on every route that is not public', async () => {
    for (const operation of operations.filter((operation) => !PUBLIC.has(operation.key))) {
      const response = await call(operation)
      expect({ route: operation.key, status: response.statusCode }).toEqual({ route: operation.key, status: 401 })
    }
  })

  it('answers 403 to customers and wholesale buyers on every staff route', async () => {
    const staffRoutes = operations.filter((operation) => !PUBLIC.has(operation.key) && !SIGNED_IN.has(operation.key))
    expect(staffRoutes.length).toBeGreaterThan(15)
    for (const role of ['user', 'wholesale'] as const) {
      for (const operation of staffRoutes) {
        const response = await call(operation, tokens[role])
        expect({ route: operation.key, role, status: response.statusCode }).toEqual({
          route: operation.key,
          role,
          status: 403,
        })
      }
    }
  })

  it('lets store managers and admins past the guard of every staff route, and only admins on admin-only ones', async () => {
    const staffRoutes = operations.filter((operation) => !PUBLIC.has(operation.key) && !SIGNED_IN.has(operation.key))
    for (const operation of staffRoutes) {
      const admin = await call(operation, tokens.admin)
      expect({ route: operation.key, status: admin.statusCode }).not.toMatchObject({
        status: expect.toSatisfy((status: number) => status === 401 || status === 403),
      })
      const manager = await call(operation, tokens.store_manager)
      if (ADMIN_ONLY.has(operation.key)) expect(manager.statusCode).toBe(403)
      else expect([401, 403]).not.toContain(manager.statusCode)
    }
  })

  it('never answers 500 to any caller on any route', async () => {
    for (const operation of operations) {
      for (const headers of [{}, tokens.user, tokens.admin]) {
        const response = await call(operation, headers)
        expect({ route: operation.key, status: response.statusCode }).not.toEqual({ route: operation.key, status: 500 })
      }
    }
  })
})
