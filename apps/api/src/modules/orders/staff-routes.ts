import { actorOf } from '../../platform/actor.ts'
import { messages } from '@shop/shared/messages/bs.ts'
import { hasAnyRole, STAFF_ROLES } from '@shop/shared/rules/roles.ts'
import {
  adminOrderListQuery,
  adminOrderListView,
  deletedOrderView,
  orderStatusInput,
  staffOrderView,
} from '@shop/shared/schemas/admin-orders.ts'
import { orderLimitSettingsInput, orderLimitSettingsView } from '@shop/shared/schemas/order-limits.ts'
import { withVersion } from '@shop/shared/schemas/record-version.ts'
import { orderView } from '@shop/shared/schemas/orders.ts'
import { orderBulkStatusInput, orderBulkStatusView } from '@shop/shared/schemas/order-bulk-status.ts'
import {
  staffCustomerList,
  staffCustomerQuery,
  staffOrderInput,
  staffPlacedOrderView,
  staffQuoteInput,
  staffQuoteView,
} from '@shop/shared/schemas/staff-orders.ts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { BODY_ERRORS } from '../../platform/error-handler.ts'
import { staffRoute } from '../../platform/staff-route.ts'
import { idParams } from '../../platform/route-schemas.ts'
import { forbidden } from '../../platform/errors.ts'
import {
  changeOrderStatus,
  changeOrderStatuses,
  clearOrderSuspicion,
  deleteOrder,
  findStaffCustomers,
  listStaffOrders,
  placeStaffOrder,
  quoteStaffOrder,
  undoOrderStatus,
  getOrderLimitSettings,
  updateOrderLimitSettings,
} from './service.ts'
import { orderDocumentRoutes } from './documents/staff-routes.ts'
import { courierRoutes } from './courier/staff-routes.ts'

// ---- Order admin (staff) ----
const tags = ['admin: orders']
const params = idParams('Order id (UUID)')

/** §6: a store manager who tries to delete an order reads 'Only administrators can delete orders'. */
async function adminOnlyDelete(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!hasAnyRole(request.user?.roles, ['admin'])) throw forbidden(messages.admin.orders.adminOnlyDelete)
}

/**
 * Orders admin (staff-and-content.md §2 Orders admin, §4 Order status, §7 Orders): the staff
 * list, the status change (store managers and admins) and the delete (admins only). The
 * customer's own calls are modules/orders.
 */
export async function orderAdminRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const route = staffRoute({ roles: STAFF_ROLES, tags })
  const privateRoute = staffRoute({ roles: STAFF_ROLES, tags, isPrivate: true })
  const links = { publicUrl: app.config.publicUrl, shopEmail: app.config.shopEmail }

  api.get(
    '/orders',
    route({ querystring: adminOrderListQuery, response: { 200: adminOrderListView } }),
    async (request) => listStaffOrders(app.db, request.query),
  )
  // docs/decisions.md, 'Orders entered by staff': an order taken by phone, Viber, e-mail or at the counter,
  // placed through the checkout's placeOrder. 400 CUSTOMER_NOT_FOUND, SIZE_REQUIRED, ...; 409 INSUFFICIENT_STOCK.
  api.post(
    '/orders/staff',
    route(
      {
        description: 'An order entered by staff for a registered customer (customerEmail) or a guest.',
        body: staffOrderInput,
        response: { 201: staffPlacedOrderView },
      },
      409,
      ...BODY_ERRORS,
    ),
    async (request, reply) => {
      const order = await placeStaffOrder(app.db, links, { body: request.body, actor: actorOf(request), now: app.now })
      return reply.status(201).send(order)
    },
  )
  // Registered customers by name, e-mail or phone, for the new-order page: the users admin's search is for
  // admins alone and knows no phone (docs/decisions.md, 'Orders entered by staff').
  api.get(
    '/orders/staff/customers',
    privateRoute({ querystring: staffCustomerQuery, response: { 200: staffCustomerList } }),
    async (request) => findStaffCustomers(app.db, request.query.query),
  )
  // The cart quote priced for the order's customer (wholesale prices for a wholesale buyer), with live stock.
  api.post(
    '/orders/staff/quote',
    privateRoute({ body: staffQuoteInput, response: { 200: staffQuoteView } }, ...BODY_ERRORS),
    async (request) =>
      quoteStaffOrder(app.db, {
        lines: request.body.lines.map((line) => ({
          reference: line.productId,
          size: line.size || null,
          quantity: line.quantity,
          ...(line.discountPercent ? { discountPercent: line.discountPercent } : {}),
        })),
        shippingOptionId: request.body.shippingOptionId,
        region: request.body.region,
        customerEmail: request.body.customerEmail,
      }),
  )
  api.patch(
    '/orders/:id/status',
    // 409 INSUFFICIENT_STOCK when reopening a cancelled order whose stock is gone.
    route({ params, body: orderStatusInput, response: { 200: orderView } }, 404, 409, ...BODY_ERRORS),
    async (request) => changeOrderStatus(app.db, links, actorOf(request), request.params.id, request.body.status),
  )
  // docs/decisions.md, 'Orders admin as a working list': the selected orders' status, each as PATCH
  // /orders/{id}/status would change it; the answer reports per order what changed and what was refused.
  api.post(
    '/orders/status',
    route(
      {
        description:
          'Changes the status of several orders, each in its own transaction through the single change; ' +
          'answers per order changed, unchanged or refused (with the Bosnian reason and its code).',
        body: orderBulkStatusInput,
        response: { 200: orderBulkStatusView },
      },
      ...BODY_ERRORS,
    ),
    async (request) => changeOrderStatuses(app.db, links, actorOf(request), request.body.ids, request.body.status),
  )
  // The latest status change, taken back while its customer mail is still held; 409 UNDO_EXPIRED
  // after (docs/decisions.md, Staff kit and staff orders).
  api.post('/orders/:id/status/undo', route({ params, response: { 200: orderView } }, 404, 409), async (request) =>
    undoOrderStatus(app.db, actorOf(request), request.params.id),
  )
  // A flagged order that staff checked and found genuine loses its flag (docs/decisions.md, Order
  // limits and suspicious orders).
  api.delete('/orders/:id/suspicion', route({ params, response: { 200: staffOrderView } }, 404), async (request) =>
    clearOrderSuspicion(app.db, actorOf(request), request.params.id),
  )
  api.delete(
    '/orders/:id',
    { ...route({ params, response: { 200: deletedOrderView } }, 404), onRequest: [route.guard, adminOnlyDelete] },
    async (request) => deleteOrder(app.db, actorOf(request), request.params.id),
  )
}

// ---- Order limits (staff settings) ----

/**
 * The limits on one order and one client (docs/decisions.md, Order limits and suspicious orders), for
 * store managers and admins, in the shipping settings' route style (/api/settings/{name}). The shopper's side is GET /api/orders/limits.
 */
export async function orderLimitRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const route = staffRoute({ roles: STAFF_ROLES, tags: ['admin: order limits'], isPrivate: true })

  api.get('/settings/order-limits', route({ response: { 200: withVersion(orderLimitSettingsView) } }), async () =>
    getOrderLimitSettings(app.db, app.config),
  )
  api.put(
    '/settings/order-limits',
    route(
      { body: withVersion(orderLimitSettingsInput), response: { 200: withVersion(orderLimitSettingsView) } },
      409,
      ...BODY_ERRORS,
    ),
    async (request) => updateOrderLimitSettings(app.db, app.config, actorOf(request), request.body),
  )
}

/** Every staff route of orders: the order admin, its documents, the courier hand-off and the order limits. */
export async function orderStaffRoutes(app: FastifyInstance) {
  await app.register(orderAdminRoutes)
  await app.register(orderDocumentRoutes)
  await app.register(courierRoutes)
  await app.register(orderLimitRoutes)
}
