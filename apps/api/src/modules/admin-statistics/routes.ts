import type { FastifyInstance } from 'fastify'

// Scaffold: filled in by the slice of issue 9 that owns this module.
export async function adminStatisticsRoutes(_app: FastifyInstance) {}
