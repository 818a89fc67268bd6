import type { FastifyRequest } from 'fastify'
import { messages } from '@shop/shared/messages/bs.ts'
import { primaryRole } from '@shop/shared/rules/roles.ts'
import type {
  ChangePasswordInput,
  EmailOnlyInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  SessionUser,
} from '@shop/shared/schemas/auth.ts'
import { COUNTRY } from '@shop/shared/schemas/profile.ts'
import { recordAudit } from '../../platform/audit.ts'
import type { Config } from '../../platform/config.ts'
import type { Database, Queryable } from '../../platform/db.ts'
import { AppError, badRequest, unauthorized } from '../../platform/errors.ts'
import { enqueueMail } from '../../platform/outbox.ts'
import type { TokenService } from '../../platform/tokens.ts'
import { passwordResetMail, verificationMail } from './mails.ts'
import {
  createOneTimeToken,
  hashOneTimeToken,
  RESET_PASSWORD_LIFETIME_MS,
  VERIFY_EMAIL_LIFETIME_MS,
  type TokenPurpose,
} from './one-time-tokens.ts'
import { hashPassword, passwordHashForUnknownUser, verifyPassword } from './passwords.ts'
import * as repo from './repo.ts'

export type AuthContext = { db: Database; config: Config; now: () => number; tokens: TokenService }

// DECISIONS: Security — 5 failures for one e-mail or 20 from one address within 15 minutes.
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000
export const EMAIL_FAILURE_LIMIT = 5
export const ADDRESS_FAILURE_LIMIT = 20
/** At most one verification or reset mail a minute per user, so the forms cannot flood a mailbox. */
export const MAIL_INTERVAL_MS = 60 * 1000
/**
 * Issue 13 (b): and at most this many of one kind an hour to one mailbox, whoever asks. Past it the
 * forms answer as always (they tell nobody whether an account exists) but send nothing.
 */
export const MAILS_PER_TARGET_PER_HOUR = 3
const HOUR_MS = 60 * 60 * 1000
/**
 * Issue 13 §4: resend-verification and forgot-password take at least this long, whatever the e-mail.
 * A known address does more work (rate checks, a token and a mail written in a transaction: a few
 * milliseconds) than an unknown one (one lookup); answering no sooner than this hides the difference.
 */
export const ACCOUNT_MAIL_ANSWER_MS = 250

/** Runs work and answers no sooner than ACCOUNT_MAIL_ANSWER_MS after the start. */
async function inConstantTime<T>(work: () => Promise<T>): Promise<T> {
  const floor = new Promise((resolve) => setTimeout(resolve, ACCOUNT_MAIL_ANSWER_MS))
  const [result] = await Promise.all([work(), floor])
  return result
}

/**
 * Sign-ins of this process that are still being checked, per e-mail and per address. A burst of
 * parallel attempts all read the same failure count before any of them is stored; counting the
 * ones in flight refuses the excess before it costs an argon2 hash (issue 13 (f)).
 */
const signInsInFlight = { byEmail: new Map<string, number>(), byIp: new Map<string, number>() }

function adjust(counts: Map<string, number>, key: string, change: number): number {
  const value = (counts.get(key) ?? 0) + change
  if (value <= 0) counts.delete(key)
  else counts.set(key, value)
  return value
}

const emptyToNull = (value: string | null | undefined) => (value ? value : null)

function missingUser(): AppError {
  return unauthorized(messages.common.authenticationRequired, 'UNAUTHORIZED', 'Authentication required')
}

export async function register(
  context: AuthContext,
  input: RegisterInput,
): Promise<{ user: SessionUser; verification: { sent: true } }> {
  const userExists = () => new AppError(409, 'USER_EXISTS', messages.auth.userAlreadyExists, 'User already exists')
  if (await repo.emailExists(context.db, input.email)) throw userExists()
  const passwordHash = await hashPassword(input.password)
  const now = context.now()
  const user = await context.db.transaction(async (client) => {
    const userId = await repo.insertUser(client, input.email, passwordHash)
    if (!userId) throw userExists()
    await repo.insertProfile(client, userId, {
      fullName: input.full_name,
      phoneNumber: emptyToNull(input.phone_number),
      streetAddress: emptyToNull(input.street_address),
      city: emptyToNull(input.city),
      state: emptyToNull(input.state),
      zipCode: emptyToNull(input.zip_code),
      country: COUNTRY,
      gender: emptyToNull(input.gender),
      dateOfBirth: input.date_of_birth,
      newsletterSubscription: input.newsletter_subscription,
    })
    await sendVerification(context, client, { id: userId, email: input.email, name: input.full_name }, now)
    return repo.findSessionUser(client, userId)
  })
  if (!user) throw new AppError(500, 'UNKNOWN_ERROR', messages.common.unknownError)
  return { user, verification: { sent: true } }
}

async function sendVerification(
  context: AuthContext,
  client: Queryable,
  user: { id: string; email: string; name: string | null },
  now: number,
): Promise<void> {
  const { token, tokenHash } = createOneTimeToken()
  await repo.insertUserToken(client, {
    tokenHash,
    userId: user.id,
    purpose: 'verify_email',
    expiresAt: new Date(now + VERIFY_EMAIL_LIFETIME_MS),
    createdAt: new Date(now),
  })
  await enqueueMail(client, verificationMail(user, `${context.config.publicUrl}/verify-email/${token}`))
}

export async function verifyEmail(context: AuthContext, token: string): Promise<{ verified: true; message: string }> {
  const at = new Date(context.now())
  await context.db.transaction(async (client) => {
    const userId = await repo.consumeToken(client, { tokenHash: hashOneTimeToken(token), purpose: 'verify_email', at })
    if (!userId) throw badRequest(messages.auth.invalidVerificationToken, 'INVALID_VERIFICATION_TOKEN')
    await repo.markVerified(client, userId)
    await repo.retireTokens(client, userId, 'verify_email', at)
  })
  return { verified: true, message: messages.auth.emailVerified }
}

/** One account mail a minute and MAILS_PER_TARGET_PER_HOUR an hour to one mailbox. */
async function mayMailAgain(db: Database, userId: string, purpose: TokenPurpose, now: number): Promise<boolean> {
  if (await repo.hasTokenIssuedSince(db, userId, purpose, new Date(now - MAIL_INTERVAL_MS))) return false
  return (await repo.countTokensIssuedSince(db, userId, purpose, new Date(now - HOUR_MS))) < MAILS_PER_TARGET_PER_HOUR
}

/** Always the same answer, so that the form tells nobody whether an e-mail is registered. */
export async function resendVerification(context: AuthContext, input: EmailOnlyInput): Promise<{ message: string }> {
  return inConstantTime(() => resendVerificationNow(context, input))
}

async function resendVerificationNow(context: AuthContext, input: EmailOnlyInput): Promise<{ message: string }> {
  const now = context.now()
  const user = await repo.findCredentialsByEmail(context.db, input.email)
  if (user && !user.isVerified && !user.isDisabled && (await mayMailAgain(context.db, user.id, 'verify_email', now))) {
    await context.db.transaction((client) =>
      sendVerification(context, client, { id: user.id, email: user.email, name: user.fullName }, now),
    )
  }
  return { message: messages.auth.verificationResent }
}

export async function signIn(
  context: AuthContext,
  input: LoginInput,
  request: FastifyRequest,
): Promise<{ token: string; user: SessionUser }> {
  const { db } = context
  const now = context.now()
  const attempt = { email: input.email, ip: request.ip }
  const failures = await repo.countRecentFailures(db, { ...attempt, since: new Date(now - SIGN_IN_WINDOW_MS) })
  const pendingByEmail = signInsInFlight.byEmail.get(attempt.email) ?? 0
  const pendingByIp = signInsInFlight.byIp.get(attempt.ip) ?? 0
  if (
    failures.byEmail + pendingByEmail >= EMAIL_FAILURE_LIMIT ||
    failures.byIp + pendingByIp >= ADDRESS_FAILURE_LIMIT
  ) {
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', messages.auth.tooManyAttempts, 'Too many attempts')
  }
  adjust(signInsInFlight.byEmail, attempt.email, 1)
  adjust(signInsInFlight.byIp, attempt.ip, 1)
  try {
    return await checkCredentials(context, input, request, failures)
  } finally {
    adjust(signInsInFlight.byEmail, attempt.email, -1)
    adjust(signInsInFlight.byIp, attempt.ip, -1)
  }
}

async function checkCredentials(
  context: AuthContext,
  input: LoginInput,
  request: FastifyRequest,
  failures: { byEmail: number; byIp: number },
): Promise<{ token: string; user: SessionUser }> {
  const { db } = context
  const at = new Date(context.now())
  const attempt = { email: input.email, ip: request.ip }
  const user = await repo.findCredentialsByEmail(db, input.email)
  // Verify even for an unknown e-mail: the answer must not be faster when the account is missing.
  const isPasswordRight = await verifyPassword(
    user?.passwordHash ?? (await passwordHashForUnknownUser()),
    input.password,
  )
  if (!user || !isPasswordRight) {
    await db.transaction(async (client) => {
      await repo.recordSignInAttempt(client, { ...attempt, succeeded: false, at })
      await recordAudit(client, request, {
        action: 'sign_in_failed',
        entity: 'user',
        entityId: user?.id ?? null,
        after: { ...attempt, reason: user ? 'wrong_password' : 'unknown_email' },
      })
      // The failure that reaches a limit starts the lock-out: logged once, not on every refused try.
      const byEmail = failures.byEmail + 1
      const byIp = failures.byIp + 1
      if (byEmail === EMAIL_FAILURE_LIMIT || byIp === ADDRESS_FAILURE_LIMIT) {
        await recordAudit(client, request, {
          action: 'sign_in_locked',
          entity: 'user',
          entityId: user?.id ?? null,
          after: {
            ...attempt,
            scope: byEmail === EMAIL_FAILURE_LIMIT ? 'email' : 'ip',
            failures: byEmail === EMAIL_FAILURE_LIMIT ? byEmail : byIp,
            windowMinutes: SIGN_IN_WINDOW_MS / 60_000,
          },
        })
      }
    })
    throw unauthorized(messages.auth.invalidCredentials, 'INVALID_CREDENTIALS', 'Invalid credentials')
  }
  // Only after the password is proven do we say more about the account.
  if (user.isDisabled) {
    throw new AppError(403, 'ACCOUNT_DISABLED', messages.auth.accountDisabled, 'Account disabled')
  }
  if (!user.isVerified) {
    throw new AppError(403, 'EMAIL_NOT_VERIFIED', messages.auth.emailNotVerified, 'Email not verified')
  }
  await repo.recordSignInAttempt(db, { ...attempt, succeeded: true, at })
  const sessionUser = await repo.findSessionUser(db, user.id)
  if (!sessionUser) throw missingUser()
  const token = await context.tokens.sign({
    userId: user.id,
    role: primaryRole(user.roles),
    tokenVersion: user.tokenVersion,
  })
  return { token, user: sessionUser }
}

export async function findCurrentUser(context: AuthContext, userId: string): Promise<SessionUser> {
  const user = await repo.findSessionUser(context.db, userId)
  if (!user) throw missingUser()
  return user
}

export async function changePassword(
  context: AuthContext,
  userId: string,
  input: ChangePasswordInput,
): Promise<{ message: string; token: string }> {
  const user = await repo.findCredentialsById(context.db, userId)
  if (!user) throw missingUser()
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest(messages.auth.invalidCurrentPassword, 'INVALID_CURRENT_PASSWORD')
  }
  const passwordHash = await hashPassword(input.newPassword)
  const at = new Date(context.now())
  const tokenVersion = await context.db.transaction(async (client) => {
    const version = await repo.replacePassword(client, userId, passwordHash, { markVerified: false })
    await repo.retireTokens(client, userId, 'reset_password', at)
    return version
  })
  const token = await context.tokens.sign({ userId, role: primaryRole(user.roles), tokenVersion })
  return { message: messages.account.passwordChanged, token }
}

/** DECISIONS: forgot-password answers the same for known and unknown e-mails. */
export async function requestPasswordReset(context: AuthContext, input: EmailOnlyInput): Promise<{ message: string }> {
  return inConstantTime(() => requestPasswordResetNow(context, input))
}

async function requestPasswordResetNow(context: AuthContext, input: EmailOnlyInput): Promise<{ message: string }> {
  const now = context.now()
  const user = await repo.findCredentialsByEmail(context.db, input.email)
  if (user && !user.isDisabled && (await mayMailAgain(context.db, user.id, 'reset_password', now))) {
    const { token, tokenHash } = createOneTimeToken()
    await context.db.transaction(async (client) => {
      await repo.insertUserToken(client, {
        tokenHash,
        userId: user.id,
        purpose: 'reset_password',
        expiresAt: new Date(now + RESET_PASSWORD_LIFETIME_MS),
        createdAt: new Date(now),
      })
      await enqueueMail(
        client,
        passwordResetMail(
          { email: user.email, name: user.fullName },
          `${context.config.publicUrl}/reset-password/${token}`,
        ),
      )
    })
  }
  return { message: messages.auth.forgotPasswordSent }
}

function invalidResetToken(): AppError {
  const text = messages.auth.invalidOrExpiredResetToken
  return new AppError(400, 'INVALID_RESET_TOKEN', text, text)
}

export async function checkResetToken(context: AuthContext, token: string): Promise<{ valid: true }> {
  const owner = await repo.findTokenOwner(context.db, {
    tokenHash: hashOneTimeToken(token),
    purpose: 'reset_password',
    at: new Date(context.now()),
  })
  if (!owner) throw invalidResetToken()
  return { valid: true }
}

/**
 * DECISIONS: a reset is single use and signs out every existing session. It also confirms the
 * e-mail, since only the owner of the mailbox could follow the link.
 */
export async function resetPassword(
  context: AuthContext,
  token: string,
  input: ResetPasswordInput,
): Promise<{ message: string }> {
  // Cheap check first, so that a made-up token does not cost an argon2 hash.
  await checkResetToken(context, token)
  const passwordHash = await hashPassword(input.password)
  const at = new Date(context.now())
  await context.db.transaction(async (client) => {
    const userId = await repo.consumeToken(client, {
      tokenHash: hashOneTimeToken(token),
      purpose: 'reset_password',
      at,
    })
    if (!userId) throw invalidResetToken()
    await repo.replacePassword(client, userId, passwordHash, { markVerified: true })
    await repo.retireTokens(client, userId, 'reset_password', at)
  })
  return { message: messages.auth.passwordReset }
}

/** Issue 13 (h): sign-out on the server ends this token and every other of the user at once. */
export async function signOut(context: AuthContext, userId: string): Promise<{ message: string }> {
  await repo.bumpTokenVersion(context.db, userId)
  return { message: messages.auth.signedOut }
}
