import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { checkDatabase } from './repo.ts'
import { checkReadiness, createRedisProbe } from './service.ts'

const tags = ['platform']
const healthResponse = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) })
const livenessResponse = z.object({ status: z.literal('ok') })
const readinessResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  phase: z.enum(['starting', 'migrating', 'seeding', 'ready', 'stopping']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'off']),
})

export async function healthRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const redisProbe = app.config.redisUrl ? createRedisProbe(app.config.redisUrl) : undefined
  if (redisProbe) app.addHook('onClose', () => redisProbe.close())

  // 200 when this process serves and its database answers (what the e2e and benchmarks wait for).
  api.get(
    '/health',
    { schema: { tags, response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      const isUp = await checkDatabase(app.db)
      const isServing = isUp && app.lifecycle.phase === 'ready'
      return reply
        .status(isServing ? 200 : 503)
        .send({ status: isServing ? 'ok' : 'degraded', database: isUp ? 'up' : 'down' })
    },
  )

  // Issue 12 §3: liveness (the process runs) and readiness (it should get traffic now).
  api.get('/health/live', { schema: { tags, response: { 200: livenessResponse } } }, async () => ({
    status: 'ok' as const,
  }))

  api.get(
    '/health/ready',
    { schema: { tags, response: { 200: readinessResponse, 503: readinessResponse } } },
    async (_request, reply) => {
      const readiness = await checkReadiness(app.db, app.lifecycle.phase, redisProbe)
      return reply
        .status(readiness.status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(readiness)
    },
  )
}
