import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { cartQuoteInput, cartQuoteView } from '@shop/shared/schemas/checkout.ts'
import { privateAnswer } from '../../platform/cache-control.ts'
import { quoteCart } from './service.ts'

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
