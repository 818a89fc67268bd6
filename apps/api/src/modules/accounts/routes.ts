import { actorOf } from '../../platform/actor.ts'
import { messages } from '@shop/shared/messages/bs.ts'
import { calendarDateIn } from '@shop/shared/rules/date-of-birth.ts'
import {
  changePasswordInput,
  createRegisterInput,
  emailOnlyInput,
  loginInput,
  loginResult,
  registerResult,
  resetPasswordInput,
  sessionUser,
} from '@shop/shared/schemas/auth.ts'
import { profileWithEmail } from '@shop/shared/schemas/profile.ts'
import { buyerOrderView } from '@shop/shared/schemas/orders.ts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { buyerReturnView } from '@shop/shared/schemas/returns.ts'
import { currentUser, requireRole } from '../../platform/auth.ts'
import { BODY_ERRORS, routeErrors } from '../../platform/error-handler.ts'
import { tooManyRequests } from '../../platform/errors.ts'
import { createStorage } from '../../platform/storage.ts'
import { returnPhotoLinks } from '../returns/photo-links.ts'
import { passwordHashForUnknownUser } from './passwords.ts'
import {
  changePassword,
  checkResetToken,
  confirmAccountDeletion,
  exportAccountData,
  requestAccountDeletion,
  findCurrentUser,
  register,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signIn,
  signOut,
  verifyEmail,
  getProfile,
  updateProfile,
  type AuthContext,
  type ProfileContext,
} from './service.ts'

// ---- Sign-in, registration, verification, password reset ----
// Any text: a malformed token is just an invalid one, answered with the token's own error code.
const tokenParams = z.object({ token: z.string() })
const messageResult = z.object({ message: z.string() })
const tags = ['auth']

/**
 * Limits per client address against abuse (docs/decisions.md, Security): X-Forwarded-For only behind
 * TRUST_PROXY, shared by every API process through REDIS_URL. Counted after validation (preHandler), so a mistyped form
 * costs nothing; the answers stay alike for known and unknown e-mails, since only the address counts.
 */
const ACCOUNT_MAILS_PER_15_MINUTES = 5
const PASSWORD_CHANGES_PER_15_MINUTES = 10
function limit(max: number, timeWindow: string, message: string) {
  return {
    rateLimit: {
      max,
      timeWindow,
      hook: 'preHandler' as const,
      errorResponseBuilder: () => tooManyRequests(message, 'TOO_MANY_REQUESTS'),
    },
  }
}

/** Accounts: registration, e-mail verification, sign-in, password change and reset (customer-side.md §5, §7). */
export async function signInRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const context: AuthContext = { db: app.db, config: app.config, now: app.now, tokens: app.tokens }
  const today = () => calendarDateIn(app.now())
  // Computed before the first sign-in, so that the first unknown e-mail is not slower than the rest.
  app.addHook('onReady', async () => {
    await passwordHashForUnknownUser()
  })

  api.post(
    '/auth/register',
    {
      schema: {
        tags,
        body: createRegisterInput(today),
        response: { 201: registerResult, ...routeErrors(409, 429, ...BODY_ERRORS) },
      },
      config: limit(app.config.registrationsPerHour, '1 hour', messages.auth.tooManyRegistrations),
    },
    async (request, reply) => reply.status(201).send(await register(context, request.body)),
  )

  api.post(
    '/auth/verify-email/:token',
    {
      schema: {
        tags,
        params: tokenParams,
        response: { 200: z.object({ verified: z.literal(true), message: z.string() }), ...routeErrors() },
      },
    },
    async (request) => verifyEmail(context, request.params.token),
  )

  api.post(
    '/auth/resend-verification',
    {
      schema: { tags, body: emailOnlyInput, response: { 200: messageResult, ...routeErrors(429, ...BODY_ERRORS) } },
      config: limit(ACCOUNT_MAILS_PER_15_MINUTES, '15 minutes', messages.auth.tooManyMails),
    },
    async (request) => resendVerification(context, request.body),
  )

  // 401 INVALID_CREDENTIALS, 403 ACCOUNT_DISABLED or EMAIL_NOT_VERIFIED, 429 TOO_MANY_ATTEMPTS.
  api.post(
    '/auth/login',
    { schema: { tags, body: loginInput, response: { 200: loginResult, ...routeErrors(429, ...BODY_ERRORS) } } },
    async (request) => signIn(context, request.body, actorOf(request)),
  )

  // Signing out ends the token on the server, and every other token of the user: the version moves on.
  api.post(
    '/auth/logout',
    { onRequest: requireRole(), schema: { tags, response: { 200: messageResult, ...routeErrors() } } },
    async (request) => signOut(context, currentUser(request).id),
  )

  api.get(
    '/auth/me',
    { onRequest: requireRole(), schema: { tags, response: { 200: sessionUser, ...routeErrors() } } },
    async (request) => findCurrentUser(context, currentUser(request).id),
  )

  api.patch(
    '/auth/password',
    {
      onRequest: requireRole(),
      // Per address; per account, a wrong current password counts as a failed sign-in (service.ts).
      config: limit(PASSWORD_CHANGES_PER_15_MINUTES, '15 minutes', messages.auth.tooManyPasswordChanges),
      schema: {
        tags,
        body: changePasswordInput,
        response: {
          200: z.object({ message: z.string(), token: z.string() }),
          ...routeErrors(429, ...BODY_ERRORS),
        },
      },
    },
    async (request) => changePassword(context, currentUser(request).id, request.body, actorOf(request)),
  )

  api.post(
    '/auth/forgot-password',
    {
      schema: { tags, body: emailOnlyInput, response: { 200: messageResult, ...routeErrors(429, ...BODY_ERRORS) } },
      config: limit(ACCOUNT_MAILS_PER_15_MINUTES, '15 minutes', messages.auth.tooManyMails),
    },
    async (request) => requestPasswordReset(context, request.body),
  )

  api.get(
    '/auth/reset-password/:token',
    {
      schema: { tags, params: tokenParams, response: { 200: z.object({ valid: z.literal(true) }), ...routeErrors() } },
    },
    async (request) => checkResetToken(context, request.params.token),
  )

  api.post(
    '/auth/reset-password/:token',
    {
      schema: {
        tags,
        params: tokenParams,
        body: resetPasswordInput,
        response: { 200: messageResult, ...routeErrors(...BODY_ERRORS) },
      },
    },
    async (request) => resetPassword(context, request.params.token, request.body),
  )
}

// ---- Profile ----
const params = z.object({ email: z.string().describe('The user e-mail (or id)') })
// The body has two shapes (fields directly, or wrapped in {data}); the service picks the rules.
const body = z
  .record(z.string(), z.unknown(), { error: messages.common.validationFailed })
  .describe('Profile fields (account page) or {data: profile fields} (staff edit); email and country are ignored')
const profileTags = ['profile']

/** GET and PUT /api/profile/{email}: the owner or staff only (DECISIONS: Security). */
export async function profileRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const context: ProfileContext = { db: app.db, now: app.now }

  api.get(
    '/profile/:email',
    {
      onRequest: requireRole(),
      schema: { tags: profileTags, params, response: { 200: profileWithEmail, ...routeErrors(404) } },
    },
    async (request) => getProfile(context, currentUser(request), request.params.email),
  )

  api.put(
    '/profile/:email',
    {
      onRequest: requireRole(),
      schema: {
        tags: profileTags,
        params,
        body,
        response: { 200: profileWithEmail, ...routeErrors(404, ...BODY_ERRORS) },
      },
    },
    async (request) => updateProfile(context, actorOf(request), request.params.email, request.body),
  )
}

/** Every public route of accounts: sign-in, registration, verification, reset and the profile. */
// ---- Their own data (docs/decisions.md, 'Their own data') ----
const accountExport = z.object({
  exportedAt: z.string(),
  account: z.object({ email: z.string(), roles: z.array(z.string()), isVerified: z.boolean() }),
  profile: profileWithEmail,
  orders: z.array(buyerOrderView),
  complaints: z.array(buyerReturnView),
  contactMessages: z.array(
    z.object({ name: z.string(), phone: z.string(), message: z.string(), productName: z.string(), sentAt: z.string() }),
  ),
})
const deletionInput = z.object({
  password: z.string({ error: messages.account.passwordRequired }).min(1, messages.account.passwordRequired),
})
const deletionConfirmInput = z.object({ token: z.string().min(1).max(200) })
const ACCOUNT_DELETIONS_PER_15_MINUTES = 5

/** 'Preuzmi moje podatke' and 'Obriši račun' on the account page; the deletion is confirmed from a mailed link. */
export async function ownDataRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const context: AuthContext = { db: app.db, config: app.config, now: app.now, tokens: app.tokens }
  const photoLinks = returnPhotoLinks(app, createStorage(app.config))

  api.get(
    '/account/export',
    { onRequest: requireRole(), schema: { tags, response: { 200: accountExport, ...routeErrors() } } },
    async (request, reply) => {
      const exported = await exportAccountData(context, actorOf(request))
      // Complaint photos by signed links, as on the order page (they open for a day from the download).
      const data = {
        ...exported,
        complaints: await Promise.all(exported.complaints.map((each) => photoLinks.signed(each))),
      }
      const day = data.exportedAt.slice(0, 10)
      void reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="moji-podaci-${day}.json"`)
      return data
    },
  )

  api.post(
    '/account/delete',
    {
      onRequest: requireRole(),
      config: limit(ACCOUNT_DELETIONS_PER_15_MINUTES, '15 minutes', messages.auth.tooManyMails),
      schema: { tags, body: deletionInput, response: { 200: messageResult, ...routeErrors(429, ...BODY_ERRORS) } },
    },
    async (request) => requestAccountDeletion(context, actorOf(request), request.body),
  )

  api.post(
    '/account/delete/confirm',
    { schema: { tags, body: deletionConfirmInput, response: { 200: messageResult, ...routeErrors(...BODY_ERRORS) } } },
    async (request) => confirmAccountDeletion(context, actorOf(request), request.body.token),
  )
}

export async function accountRoutes(app: FastifyInstance) {
  await app.register(signInRoutes)
  await app.register(profileRoutes)
  await app.register(ownDataRoutes)
}
