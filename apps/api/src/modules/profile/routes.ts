import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { messages } from '@shop/shared/messages/bs.ts'
import { profileWithEmail } from '@shop/shared/schemas/profile.ts'
import { currentUser, requireRole } from '../../platform/auth.ts'
import { getProfile, updateProfile, type ProfileContext } from './service.ts'

const params = z.object({ email: z.string().describe('The user e-mail (or id)') })
// The body has two shapes (fields directly, or wrapped in {data}); the service picks the rules.
const body = z
  .record(z.string(), z.unknown(), { error: messages.common.validationFailed })
  .describe('Profile fields (account page) or {data: profile fields} (staff edit); email and country are ignored')
const tags = ['profile']

/** GET and PUT /api/profile/{email}: the owner or staff only (DECISIONS: Security). */
export async function profileRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const context: ProfileContext = { db: app.db, now: app.now }

  api.get(
    '/profile/:email',
    { onRequest: requireRole(), schema: { tags, params, response: { 200: profileWithEmail } } },
    async (request) => getProfile(context, currentUser(request), request.params.email),
  )

  api.put(
    '/profile/:email',
    { onRequest: requireRole(), schema: { tags, params, body, response: { 200: profileWithEmail } } },
    async (request) => updateProfile(context, currentUser(request), request.params.email, request.body, request),
  )
}
