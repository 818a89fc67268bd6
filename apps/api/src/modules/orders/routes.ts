import { actorOf } from '../../platform/actor.ts'
import { messages } from '@shop/shared/messages/bs.ts'
import { buyerKindOf, orderSizeLimitsFor } from '@shop/shared/rules/order-limits.ts'
import { hasNoNul, cartQuoteInput, cartQuoteView } from '@shop/shared/schemas/checkout.ts'
import { callerOrderLimitsView } from '@shop/shared/schemas/order-limits.ts'
import {
  cancelOrderView,
  orderConfirmationView,
  orderListView,
  orderView,
  placeOrderInput,
} from '@shop/shared/schemas/orders.ts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { currentUser, requireRole } from '../../platform/auth.ts'
import { privateAnswer } from '../../platform/cache-control.ts'
import { badRequest, tooManyRequests } from '../../platform/errors.ts'
import { findOrderLimitSettings } from './repo.ts'
import { cancelOwnOrder, getOrderConfirmation, listOrdersByEmail, placeOrder, quoteCart } from './service.ts'

// ---- Checkout and order history ----
const IDEMPOTENCY_KEY_MAX = 200

/** The Idempotency-Key header wins over the body's idempotencyKey; an empty one counts as absent. */
function idempotencyKeyOf(request: FastifyRequest, fromBody: string | null | undefined): string | null {
  const header = request.headers['idempotency-key']
  const value = (Array.isArray(header) ? header[0] : header)?.trim() || fromBody?.trim() || null
  if (value && value.length > IDEMPOTENCY_KEY_MAX) {
    throw badRequest(messages.orders.idempotencyKeyInvalid, 'IDEMPOTENCY_KEY_INVALID')
  }
  return value
}

const orderIdParams = z.object({ id: z.string() })
const emailParams = z.object({
  email: z.string().max(300, messages.orders.emailInvalid).refine(hasNoNul, messages.orders.emailInvalid),
})

export async function checkoutRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const links = { publicUrl: app.config.publicUrl, shopEmail: app.config.shopEmail }

  // Guests (no token) and signed-in customers: DECISIONS, the guest route is POST /api/orders.
  routes.post(
    '/orders',
    {
      schema: { tags: ['orders'], body: placeOrderInput, response: { 200: orderView, 201: orderView } },
      config: {
        // Issue 13 (e), §4: orders per client address per hour, shared by every API process through
        // REDIS_URL. Counted after validation (preHandler), so a mistyped form costs nothing; the
        // operator's ORDERS_PER_ADDRESS_PER_HOUR wins over the staff setting. Wholesale and staff pass.
        rateLimit: {
          max: async () =>
            app.config.ordersPerAddressPerHour ?? (await findOrderLimitSettings(app.db)).maxOrdersPerAddressPerHour,
          timeWindow: '1 hour',
          hook: 'preHandler' as const,
          allowList: (request: FastifyRequest) => buyerKindOf(request.user?.roles ?? null) === 'exempt',
          errorResponseBuilder: () => tooManyRequests(messages.orderLimits.tooManyFromAddress, 'TOO_MANY_ORDERS'),
        },
      },
    },
    async (request, reply) => {
      const { order, isNew } = await placeOrder(app.db, links, {
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request, request.body.idempotencyKey),
        user: request.user,
        clientAddress: request.ip || null,
        now: app.now,
      })
      return reply.status(isNew ? 201 : 200).send(order)
    },
  )

  // Issue 13 (e): the limits on one order of the caller, so that the cart can tell before the submit.
  routes.get(
    '/orders/limits',
    { schema: { tags: ['orders'], response: { 200: callerOrderLimitsView } }, onSend: privateAnswer },
    async (request) => ({
      limits: orderSizeLimitsFor(await findOrderLimitSettings(app.db), buyerKindOf(request.user?.roles ?? null)),
    }),
  )

  routes.get(
    '/orders/:id',
    { schema: { tags: ['orders'], params: orderIdParams, response: { 200: orderConfirmationView } } },
    async (request) => getOrderConfirmation(app.db, request.params.id),
  )

  routes.get(
    '/users/orders/:email',
    {
      onRequest: requireRole(),
      schema: { tags: ['orders'], params: emailParams, response: { 200: orderListView } },
    },
    async (request) => ({ data: await listOrdersByEmail(app.db, currentUser(request), request.params.email) }),
  )

  routes.patch(
    '/orders/:id/cancel',
    {
      onRequest: requireRole(),
      schema: { tags: ['orders'], params: orderIdParams, response: { 200: cancelOrderView } },
    },
    async (request) => cancelOwnOrder(app.db, actorOf(request), currentUser(request), request.params.id),
  )
}

// ---- Cart quote ----
export async function cartRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/cart/quote',
    // Issue 13 (d): priced for this caller's role, stored by no cache.
    { schema: { tags: ['cart'], body: cartQuoteInput, response: { 200: cartQuoteView } }, onSend: privateAnswer },
    async (request) =>
      quoteCart(
        app.db,
        {
          lines: request.body.lines.map((line) => ({
            reference: line.productId,
            size: line.size,
            quantity: line.quantity,
          })),
          shippingOptionId: request.body.shippingOptionId,
          region: request.body.region,
        },
        request.user,
      ),
  )
}

/** Every public route of orders: checkout, history and the cart quote. */
export async function orderRoutes(app: FastifyInstance) {
  await app.register(checkoutRoutes)
  await app.register(cartRoutes)
}
