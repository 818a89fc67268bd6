import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { messages } from '@shop/shared/messages/bs.ts'
import { contactInput } from '@shop/shared/schemas/contact.ts'
import { tooManyRequests } from '../../platform/errors.ts'
import { receiveContactMessage } from './service.ts'

export async function contactRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        body: contactInput,
        response: { 201: z.object({ id: z.string(), message: z.string() }) },
      },
      // Against spam: a few messages per visitor per window.
      config: {
        rateLimit: {
          max: 5,
          timeWindow: '10 minutes',
          errorResponseBuilder: () => tooManyRequests(messages.contact.tooMany, 'TOO_MANY_REQUESTS'),
        },
      },
    },
    async (request, reply) => {
      const id = await receiveContactMessage(app.db, app.config.shopEmail, { ...request.body, ip: request.ip })
      return reply.status(201).send({ id, message: messages.contact.sent })
    },
  )
}
