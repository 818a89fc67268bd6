import { actorOf } from '../../platform/actor.ts'
import { messages } from '@shop/shared/messages/bs.ts'
import { buyerKindOf, orderSizeLimitsFor } from '@shop/shared/rules/order-limits.ts'
import { hasNoNul, cartQuoteInput, cartQuoteView } from '@shop/shared/schemas/checkout.ts'
import { quickOrderInput, quickOrderView } from '@shop/shared/schemas/quick-order.ts'
import { callerOrderLimitsView } from '@shop/shared/schemas/order-limits.ts'
import {
  cancelOrderPageView,
  cancelOrderView,
  orderConfirmationView,
  orderListView,
  orderPageTokenParams,
  orderPageView,
  buyerOrderView,
  placeOrderInput,
} from '@shop/shared/schemas/orders.ts'
import { priceChangedErrorResponse, priceChangesView } from '@shop/shared/schemas/price-changes.ts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { currentUser, requireRole } from '../../platform/auth.ts'
import { privateAnswer } from '../../platform/cache-control.ts'
import { BODY_ERRORS, routeErrors } from '../../platform/error-handler.ts'
import { badRequest, tooManyRequests } from '../../platform/errors.ts'
import { findOrderLimitSettings } from './repo.ts'
import {
  cancelOrderByToken,
  cancelOwnOrder,
  getOrderConfirmation,
  getOrderPageByToken,
  getOwnOrderPage,
  listOrdersByEmail,
  placeOrder,
  quoteCart,
  quoteQuickOrder,
} from './service.ts'

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

/**
 * A new order also says which prices were lower than the buyer saw (docs/decisions.md, Prices the buyer
 * saw), and carries the token of its private page for the confirmation page (docs/decisions.md, 'The
 * private order page'); a repeated submit answers the first order with a token of its own.
 */
const replayedOrderView = buyerOrderView.extend({ orderPageToken: z.string() })
const placedOrderView = replayedOrderView.extend({ loweredPrices: priceChangesView.optional() })
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
      // 409 INSUFFICIENT_STOCK or PRICE_CHANGED (with the changed prices), 422 ORDER_LIMIT_EXCEEDED,
      // 429 TOO_MANY_ORDERS (per address or per e-mail).
      schema: {
        tags: ['orders'],
        body: placeOrderInput,
        response: {
          200: replayedOrderView,
          201: placedOrderView,
          ...routeErrors(422, 429, ...BODY_ERRORS),
          409: priceChangedErrorResponse,
        },
      },
      config: {
        // Orders per client address per hour (docs/decisions.md, Order limits and suspicious orders),
        // shared by every API process through REDIS_URL. Counted after validation (preHandler), so a mistyped form costs nothing; the
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
      const { order, isNew, loweredPrices, orderPageToken } = await placeOrder(app.db, links, {
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request, request.body.idempotencyKey),
        user: request.user,
        clientAddress: request.ip || null,
        now: app.now,
      })
      if (!isNew) return reply.status(200).send({ ...order, orderPageToken })
      return reply.status(201).send({ ...order, orderPageToken, ...(loweredPrices ? { loweredPrices } : {}) })
    },
  )

  // The limits on one order of the caller, so that the cart can tell before the submit.
  routes.get(
    '/orders/limits',
    { schema: { tags: ['orders'], response: { 200: callerOrderLimitsView, ...routeErrors() } }, onSend: privateAnswer },
    async (request) => ({
      limits: orderSizeLimitsFor(await findOrderLimitSettings(app.db), buyerKindOf(request.user?.roles ?? null)),
    }),
  )

  routes.get(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        params: orderIdParams,
        response: { 200: orderConfirmationView, ...routeErrors(404) },
      },
      // The answer depends on who asks (the address only to the owner and staff): no shared cache keeps it.
      onSend: privateAnswer,
    },
    async (request) => getOrderConfirmation(app.db, request.params.id, request.user),
  )

  // The private order page (docs/decisions.md, 'The private order page'): by the token of a mailed link
  // (guests too), or by id for the signed-in owner. 404 ORDER_NOT_FOUND for a wrong, foreign or expired token.
  routes.get(
    '/order-status/:token',
    {
      schema: {
        tags: ['orders'],
        params: orderPageTokenParams,
        response: { 200: orderPageView, ...routeErrors(404) },
      },
      onSend: privateAnswer,
    },
    async (request) => getOrderPageByToken(app.db, request.params.token, app.now()),
  )

  routes.post(
    '/order-status/:token/cancel',
    {
      // 404 ORDER_NOT_FOUND, 409 ORDER_NOT_CANCELLABLE (no longer pending).
      schema: {
        tags: ['orders'],
        params: orderPageTokenParams,
        response: { 200: cancelOrderPageView, ...routeErrors(404, 409) },
      },
      onSend: privateAnswer,
    },
    async (request) => cancelOrderByToken(app.db, actorOf(request), request.params.token, app.now()),
  )

  routes.get(
    '/orders/:id/page',
    {
      onRequest: requireRole(),
      schema: { tags: ['orders'], params: orderIdParams, response: { 200: orderPageView, ...routeErrors(404) } },
      onSend: privateAnswer,
    },
    async (request) => getOwnOrderPage(app.db, currentUser(request), request.params.id),
  )

  routes.get(
    '/users/orders/:email',
    {
      onRequest: requireRole(),
      schema: { tags: ['orders'], params: emailParams, response: { 200: orderListView, ...routeErrors() } },
    },
    async (request) => ({ data: await listOrdersByEmail(app.db, currentUser(request), request.params.email) }),
  )

  routes.patch(
    '/orders/:id/cancel',
    {
      onRequest: requireRole(),
      // 404 ORDER_NOT_FOUND, 403 ORDER_NOT_OWNED, 409 ORDER_NOT_CANCELLABLE.
      schema: { tags: ['orders'], params: orderIdParams, response: { 200: cancelOrderView, ...routeErrors(404, 409) } },
    },
    async (request) => cancelOwnOrder(app.db, actorOf(request), currentUser(request), request.params.id),
  )
}

// ---- Cart quote ----
/** A cart's prices: priced for the caller's role, so stored by no cache (docs/decisions.md, Security). */
function cartPricesRoute<const Body extends z.ZodTypeAny, const Answer extends z.ZodTypeAny>(
  body: Body,
  answer: Answer,
) {
  return {
    schema: { tags: ['cart'], body, response: { 200: answer, ...routeErrors(...BODY_ERRORS) } },
    onSend: privateAnswer,
  }
}

export async function cartRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/cart/quote', cartPricesRoute(cartQuoteInput, cartQuoteView), async (request) =>
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

// ---- Quick order by code (docs/decisions.md ('Reorder, quick order and postcodes'), 'Quick order') ----
export async function quickOrderRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/cart/quick-order',
    // 400 VALIDATION_FAILED for an empty or too long list.
    cartPricesRoute(quickOrderInput, quickOrderView),
    async (request) => quoteQuickOrder(app.db, request.body.lines, request.user),
  )
}

/** Every public route of orders: checkout, history and the cart quote. */
export async function orderRoutes(app: FastifyInstance) {
  await app.register(checkoutRoutes)
  await app.register(cartRoutes)
  await app.register(quickOrderRoutes)
}
