import { actorOf } from '../../platform/actor.ts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminPasswordInput,
  adminUserListQuery,
  adminUserListView,
  adminUserView,
  roleChangeParams,
} from '@shop/shared/schemas/admin-users.ts'
import { bearerTokenOf } from '../../platform/auth.ts'
import { BODY_ERRORS } from '../../platform/error-handler.ts'
import { staffRoute } from '../../platform/staff-route.ts'
import { idParams } from '../../platform/route-schemas.ts'
import { changeRole, listDataRequests, listUsers, setDisabled, setPassword, type AdminUsersContext } from './service.ts'

const userParams = idParams('User id (UUID)')
const emailParams = z.object({ email: z.string().describe('The user e-mail (or id)') })
const passwordSetView = z.object({ message: z.string(), user: adminUserView })
const dataRequestView = z.object({
  id: z.string(),
  email: z.string(),
  kind: z.enum(['export', 'delete']),
  requestedAt: z.string(),
  answerBy: z.string(),
  completedAt: z.string().nullable(),
  isAccountDeleted: z.boolean(),
})

/**
 * Users admin (staff-and-content.md §2 Users admin, §4 User roles, §5 Password change by admin,
 * §7 Users and profiles), admins only. Disable and enable go beyond the specification
 * (docs/decisions.md, Users admin).
 * The profile edit is PUT /api/profile/{email} in modules/profile.
 */
export async function accountStaffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const route = staffRoute({ roles: ['admin'], tags: ['admin: users'] })
  const context: AdminUsersContext = { db: app.db, tokens: app.tokens }
  // §7: the role change is sent 'with an empty body', whatever its content type says. This
  // plugin is encapsulated, so the parser below serves only these routes.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const textBody = typeof body === 'string' ? body : body.toString('utf8')
    if (textBody.trim() === '') done(null, undefined)
    else void parseJson(request, textBody, done)
  })
  const list = route({ querystring: adminUserListQuery, response: { 200: adminUserListView } })

  api.get('/users', list, async (request) => listUsers(app.db, request.query))
  api.get('/users/search', list, async (request) => listUsers(app.db, request.query))
  // docs/decisions.md, 'Their own data': every export and deletion with the date its answer is due.
  api.get('/users/data-requests', route({ response: { 200: z.array(dataRequestView) } }), async () =>
    listDataRequests(app.db),
  )
  api.post(
    '/users/:id/roles/:role/:action',
    // 404 USER_NOT_FOUND, 409 LAST_ADMIN or SELF_PROTECTED.
    route({ params: roleChangeParams, response: { 200: adminUserView } }, 404, 409),
    async (request, reply) => {
      const { user, renewedToken } = await changeRole(context, actorOf(request), bearerTokenOf(request), request.params)
      if (renewedToken) reply.header('X-Auth-Token', renewedToken)
      return user
    },
  )
  api.put(
    '/users/:email/password',
    route({ params: emailParams, body: adminPasswordInput, response: { 200: passwordSetView } }, 404, ...BODY_ERRORS),
    async (request) => setPassword(context, actorOf(request), request.params.email, request.body.password),
  )
  api.post(
    '/users/:id/disable',
    // 404 USER_NOT_FOUND, 409 LAST_ADMIN or SELF_PROTECTED.
    route({ params: userParams, response: { 200: adminUserView } }, 404, 409),
    async (request) => setDisabled(context, actorOf(request), request.params.id, true),
  )
  api.post('/users/:id/enable', route({ params: userParams, response: { 200: adminUserView } }, 404), async (request) =>
    setDisabled(context, actorOf(request), request.params.id, false),
  )
}
