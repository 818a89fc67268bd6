import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { checkDatabase } from './repo.ts'

const healthResponse = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) })

export async function healthRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/health',
      { schema: { tags: ['platform'], response: { 200: healthResponse, 503: healthResponse } } },
      async (_request, reply) => {
        const isUp = await checkDatabase(app.db)
        return reply.status(isUp ? 200 : 503).send({ status: isUp ? 'ok' : 'degraded', database: isUp ? 'up' : 'down' })
      },
    )
}
