import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { cartQuoteInput, cartQuoteView } from '@shop/shared/schemas/checkout.ts'
import { quoteCart } from './service.ts'

export async function cartRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/cart/quote',
      { schema: { tags: ['cart'], body: cartQuoteInput, response: { 200: cartQuoteView } } },
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
