import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorResponse } from '@shop/shared/errors/error-response.ts'
import { z } from 'zod'
import { routeErrors } from '../../platform/error-handler.ts'
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
// A health route answers 503 with its own body when the process or its database is not ready; the
// error handler's 503 comes only from a bearer token that could not be checked while the database is down.
const healthUnavailable = z.union([healthResponse, errorResponse])
const readinessUnavailable = z.union([readinessResponse, errorResponse])

export async function healthRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const redisProbe = app.config.redisUrl ? createRedisProbe(app.config.redisUrl) : undefined
  if (redisProbe) app.addHook('onClose', () => redisProbe.close())

  // 200 when this process serves and its database answers (what the e2e and benchmarks wait for).
  api.get(
    '/health',
    { schema: { tags, response: { 200: healthResponse, ...routeErrors(), 503: healthUnavailable } } },
    async (_request, reply) => {
      const isUp = await checkDatabase(app.db)
      const isServing = isUp && app.lifecycle.phase === 'ready'
      return reply
        .status(isServing ? 200 : 503)
        .send({ status: isServing ? 'ok' : 'degraded', database: isUp ? 'up' : 'down' })
    },
  )

  // Liveness (the process runs) and readiness (it should get traffic now) for an orchestrator
  // (docs/decisions.md, Operations).
  api.get('/health/live', { schema: { tags, response: { 200: livenessResponse, ...routeErrors() } } }, async () => ({
    status: 'ok' as const,
  }))

  api.get(
    '/health/ready',
    { schema: { tags, response: { 200: readinessResponse, ...routeErrors(), 503: readinessUnavailable } } },
    async (_request, reply) => {
      const readiness = await checkReadiness(app.db, app.lifecycle.phase, redisProbe)
      return reply
        .status(readiness.status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(readiness)
    },
  )
}
