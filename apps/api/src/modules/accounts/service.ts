import { recordVersion } from '@shop/shared/schemas/record-version.ts'
import { touchVersion } from '../../platform/record-version.ts'
import { staffWrite } from '../../platform/staff-write.ts'
import { signedInUser, type Actor, type SignedInUser } from '../../platform/actor.ts'
import { isUuid } from '@shop/shared/rules/uuid.ts'
import { messages } from '@shop/shared/messages/bs.ts'
import { calendarDateIn } from '@shop/shared/rules/date-of-birth.ts'
import { normaliseEmail } from '@shop/shared/rules/email.ts'
import { pageCount } from '@shop/shared/rules/pagination.ts'
import { primaryRole, hasAnyRole, isStaff, normaliseRoles, ROLES, type Role } from '@shop/shared/rules/roles.ts'
import type {
  AdminUserList,
  AdminUserListQuery,
  AdminUserView,
  ManagedRole,
  RoleAction,
} from '@shop/shared/schemas/admin-users.ts'
import type {
  ChangePasswordInput,
  EmailOnlyInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  SessionUser,
} from '@shop/shared/schemas/auth.ts'
import {
  COUNTRY,
  createAdminProfileUpdate,
  createProfileUpdate,
  type AdminProfileUpdate,
  type ProfileUpdate,
  type ProfileWithEmail,
} from '@shop/shared/schemas/profile.ts'

import { recordAudit } from '../../platform/audit.ts'
import { type AuthUser } from '../../platform/auth.ts'
import type { Config } from '../../platform/config.ts'
import type { Database, Queryable } from '../../platform/db.ts'
import { AppError, found, badRequest, unauthorized, forbidden, notFound, conflict } from '../../platform/errors.ts'
import { enqueueMail, type OutgoingMail } from '../../platform/outbox.ts'
import type { TokenService } from '../../platform/tokens.ts'
import { accountDeletionMail, passwordResetMail, verificationMail } from './mails.ts'
import {
  createOneTimeToken,
  DELETE_ACCOUNT_LIFETIME_MS,
  hashOneTimeToken,
  RESET_PASSWORD_LIFETIME_MS,
  VERIFY_EMAIL_LIFETIME_MS,
  type TokenPurpose,
} from './one-time-tokens.ts'
import { hashPassword, passwordHashForUnknownUser, verifyPassword } from './passwords.ts'
import * as repo from './repo.ts'
import { anonymiseOrdersOfAccount, listAllOrdersOfAccount } from '../orders/service.ts'
import { deleteContactMessagesFrom, listContactMessagesFrom } from '../content/service.ts'
import { listReturnsOfAccount } from '../returns/service.ts'
import { maskEmail } from '@shop/shared/rules/contact-mask.ts'

// ---- Sign-in, registration, verification, password reset ----
export type AuthContext = { db: Database; config: Config; now: () => number; tokens: TokenService }

// DECISIONS: Security — 5 failures for one e-mail or 20 from one address within 15 minutes.
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000
export const EMAIL_FAILURE_LIMIT = 5
export const ADDRESS_FAILURE_LIMIT = 20
/** A successful sign-in from an address makes it the account's known address for this long. */
const TRUSTED_ADDRESS_MS = 90 * 24 * 60 * 60 * 1000
/** At most one verification or reset mail a minute per user, so the forms cannot flood a mailbox. */
export const MAIL_INTERVAL_MS = 60 * 1000
/**
 * docs/decisions.md, 'Security': and at most this many of one kind an hour to one mailbox, whoever asks. Past it the
 * forms answer as always (they tell nobody whether an account exists) but send nothing.
 */
export const MAILS_PER_TARGET_PER_HOUR = 3
const HOUR_MS = 60 * 60 * 1000
/**
 * docs/decisions.md, 'Account mails in constant time': resend-verification and forgot-password take at least this
 * long, whatever the e-mail. A known address does more work (rate checks, a token and a mail written in a
 * transaction: a few milliseconds) than an unknown one (one lookup); answering no sooner than this hides the
 * difference.
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
 * ones in flight refuses the excess before it costs an argon2 hash (docs/decisions.md, 'Security').
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
    await mailLink(context, client, { id: userId, email: input.email, name: input.full_name }, 'verify_email', now)
    return repo.findSessionUser(client, userId)
  })
  if (!user) throw new AppError(500, 'UNKNOWN_ERROR', messages.common.unknownError)
  return { user, verification: { sent: true } }
}

/** The mailed one-time links: how long each is valid, the web page it opens and the mail that carries it. */
const MAILED_LINKS: Record<
  TokenPurpose,
  { lifetimeMs: number; page: string; mail: (recipient: LinkRecipient, link: string) => OutgoingMail }
> = {
  verify_email: { lifetimeMs: VERIFY_EMAIL_LIFETIME_MS, page: 'verify-email', mail: verificationMail },
  reset_password: { lifetimeMs: RESET_PASSWORD_LIFETIME_MS, page: 'reset-password', mail: passwordResetMail },
  delete_account: { lifetimeMs: DELETE_ACCOUNT_LIFETIME_MS, page: 'obrisi-racun', mail: accountDeletionMail },
}

type LinkRecipient = { id: string; email: string; name: string | null }

/** Whom a mailed link goes to, from the account as the repo reads it. */
const linkRecipient = (user: { id: string; email: string; fullName: string | null }): LinkRecipient => ({
  id: user.id,
  email: user.email,
  name: user.fullName,
})

/** Stores a new one-time token of `purpose` for the user, valid for its lifetime from `now`, and queues the mail with its link. */
async function mailLink(
  context: AuthContext,
  client: Queryable,
  user: LinkRecipient,
  purpose: TokenPurpose,
  now: number,
): Promise<void> {
  const { lifetimeMs, page, mail } = MAILED_LINKS[purpose]
  const { token, tokenHash } = createOneTimeToken()
  await repo.insertUserToken(client, {
    tokenHash,
    userId: user.id,
    purpose,
    expiresAt: new Date(now + lifetimeMs),
    createdAt: new Date(now),
  })
  await enqueueMail(client, mail(user, `${context.config.publicUrl}/${page}/${token}`))
}

/**
 * Spends the one-time token of a mailed link (verification, reset, deletion): its owner, or the
 * link's own error when the token is unknown, spent or expired.
 */
async function consumeLinkToken(
  client: Queryable,
  link: { token: string; purpose: TokenPurpose; at: Date },
  invalid: () => AppError,
): Promise<string> {
  const userId = await repo.consumeToken(client, {
    tokenHash: hashOneTimeToken(link.token),
    purpose: link.purpose,
    at: link.at,
  })
  if (!userId) throw invalid()
  return userId
}

export async function verifyEmail(context: AuthContext, token: string): Promise<{ verified: true; message: string }> {
  const at = new Date(context.now())
  await context.db.transaction(async (client) => {
    const userId = await consumeLinkToken(client, { token, purpose: 'verify_email', at }, () =>
      badRequest(messages.auth.invalidVerificationToken, 'INVALID_VERIFICATION_TOKEN'),
    )
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
    await context.db.transaction((client) => mailLink(context, client, linkRecipient(user), 'verify_email', now))
  }
  return { message: messages.auth.verificationResent }
}

export async function signIn(
  context: AuthContext,
  input: LoginInput,
  actor: Actor,
): Promise<{ token: string; user: SessionUser }> {
  const attempt = { email: input.email, ip: actor.ip ?? '' }
  return withinAttemptLimits(context, attempt, messages.auth.tooManyAttempts, () =>
    checkCredentials(context, input, actor),
  )
}

/**
 * Runs a password check unless the e-mail or the address has reached its failure limit, counting the
 * checks still in flight, so that a burst of parallel attempts is refused before it costs an argon2
 * hash. Sign-in and the password change share the counts (docs/decisions.md, 'Security').
 */
async function withinAttemptLimits<T>(
  context: AuthContext,
  attempt: { email: string; ip: string },
  refusal: string,
  check: () => Promise<T>,
): Promise<T> {
  const since = new Date(context.now() - SIGN_IN_WINDOW_MS)
  const failures = await repo.countRecentFailures(context.db, { ...attempt, since })
  const pendingByEmail = signInsInFlight.byEmail.get(attempt.email) ?? 0
  const pendingByIp = signInsInFlight.byIp.get(attempt.ip) ?? 0
  if (
    failures.byEmail + pendingByEmail >= EMAIL_FAILURE_LIMIT ||
    failures.byIp + pendingByIp >= ADDRESS_FAILURE_LIMIT
  ) {
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', refusal, 'Too many attempts')
  }
  adjust(signInsInFlight.byEmail, attempt.email, 1)
  adjust(signInsInFlight.byIp, attempt.ip, 1)
  try {
    return await check()
  } finally {
    adjust(signInsInFlight.byEmail, attempt.email, -1)
    adjust(signInsInFlight.byIp, attempt.ip, -1)
  }
}

/**
 * A failed password check, audited; the failure that reaches a limit starts the lock-out, logged once.
 * The counts are read after the insert, one attempt of an e-mail or address at a time, so that a burst
 * of parallel failures logs its lock-out exactly once too.
 */
async function recordFailedAttempt(
  context: AuthContext,
  actor: Actor,
  attempt: { email: string; ip: string },
  user: { id: string } | null,
  reason: 'wrong_password' | 'unknown_email' | 'wrong_current_password',
): Promise<void> {
  const now = context.now()
  await context.db.transaction(async (client) => {
    await repo.lockSignInAttempts(client, attempt)
    await repo.recordSignInAttempt(client, { ...attempt, succeeded: false, at: new Date(now) })
    await recordAudit(client, actor, {
      action: 'sign_in_failed',
      entity: 'user',
      entityId: user?.id ?? null,
      after: { ...attempt, reason },
    })
    const { byEmail, byIp } = await repo.countRecentFailures(client, {
      ...attempt,
      since: new Date(now - SIGN_IN_WINDOW_MS),
    })
    if (byEmail === EMAIL_FAILURE_LIMIT || byIp === ADDRESS_FAILURE_LIMIT) {
      await recordAudit(client, actor, {
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
}

async function checkCredentials(
  context: AuthContext,
  input: LoginInput,
  actor: Actor,
): Promise<{ token: string; user: SessionUser }> {
  const { db } = context
  const at = new Date(context.now())
  const attempt = { email: input.email, ip: actor.ip ?? '' }
  const user = await repo.findCredentialsByEmail(db, input.email)
  // An address this account has signed in from before is most likely its owner's: its check goes
  // first, so that failures from many other addresses cannot starve it (passwords.ts, HashLane).
  // Asked for unknown e-mails too (never true for them), so that both answers cost the same.
  const isKnownAddress = await repo.hasSignedInFrom(db, {
    ...attempt,
    since: new Date(at.getTime() - TRUSTED_ADDRESS_MS),
  })
  const lane = isKnownAddress ? 'trusted' : 'normal'
  // Verify even for an unknown e-mail: the answer must not be faster when the account is missing.
  const isPasswordRight = await verifyPassword(
    user?.passwordHash ?? (await passwordHashForUnknownUser()),
    input.password,
    lane,
  )
  if (!user || !isPasswordRight) {
    // A sign-in failure is audited (the logs page shows lock-outs), though it is no staff write.
    await recordFailedAttempt(context, actor, attempt, user, user ? 'wrong_password' : 'unknown_email')
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
  return found(await repo.findSessionUser(context.db, userId), missingUser)
}

/**
 * The account's password asked again (a password change, 'Obriši račun'): its credentials when it is right.
 * A wrong one counts as a failed sign-in of the account from this address: a stolen token cannot guess
 * the password without limit, and a burst is refused before it costs a hash.
 */
async function checkCurrentPassword(
  context: AuthContext,
  actor: Actor,
  userId: string,
  password: string,
): Promise<repo.Credentials> {
  const user = await repo.findCredentialsById(context.db, userId)
  if (!user) throw missingUser()
  const attempt = { email: user.email, ip: actor.ip ?? '' }
  await withinAttemptLimits(context, attempt, messages.auth.tooManyPasswordChanges, async () => {
    if (await verifyPassword(user.passwordHash, password)) return
    await recordFailedAttempt(context, actor, attempt, user, 'wrong_current_password')
    throw badRequest(messages.auth.invalidCurrentPassword, 'INVALID_CURRENT_PASSWORD')
  })
  return user
}

/** A password change asks for the current password first (checkCurrentPassword). */
export async function changePassword(
  context: AuthContext,
  userId: string,
  input: ChangePasswordInput,
  actor: Actor,
): Promise<{ message: string; token: string }> {
  const user = await checkCurrentPassword(context, actor, userId, input.currentPassword)
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
    await context.db.transaction((client) => mailLink(context, client, linkRecipient(user), 'reset_password', now))
  }
  return { message: messages.auth.forgotPasswordSent }
}

/**
 * A reset link that is unknown, used or expired: the message is Bosnian for the person; the English label
 * is the specification's ('Invalid or expired reset token', staff-and-content.md §8), which the web reads.
 */
function invalidResetToken(): AppError {
  return new AppError(
    400,
    'INVALID_RESET_TOKEN',
    messages.auth.resetLinkInvalid,
    messages.auth.invalidOrExpiredResetToken,
  )
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
    const userId = await consumeLinkToken(client, { token, purpose: 'reset_password', at }, invalidResetToken)
    await repo.replacePassword(client, userId, passwordHash, { markVerified: true })
    await repo.retireTokens(client, userId, 'reset_password', at)
  })
  return { message: messages.auth.passwordReset }
}

/** docs/decisions.md, 'Security': sign-out on the server ends this token and every other of the user at once. */
export async function signOut(context: AuthContext, userId: string): Promise<{ message: string }> {
  await repo.bumpTokenVersion(context.db, userId)
  return { message: messages.auth.signedOut }
}

// ---- Profile ----
export type ProfileContext = { db: Database; now: () => number }

/** The path names a user by e-mail (staff pages, account page) or by id (customer-side.md §7). */
function keyOf(identifier: string): repo.ProfileKey {
  const value = identifier.trim()
  return isUuid(value) ? { id: value.toLowerCase() } : { email: normaliseEmail(value) }
}

/**
 * DECISIONS: /api/profile/{email} answers only for the user's own e-mail, or for staff.
 * Checked before the lookup, so that nobody else learns whether an account exists.
 */
function assertMayAccess(actor: AuthUser, key: repo.ProfileKey): void {
  if (isStaff(actor.roles)) return
  if (!isOwnProfile(actor, key)) throw forbidden(messages.common.forbidden)
}

function isOwnProfile(actor: SignedInUser, key: repo.ProfileKey): boolean {
  return 'email' in key ? normaliseEmail(actor.email) === key.email : actor.id === key.id
}

/**
 * staff-and-content.md §6: editing any user's profile is the admin's alone (DECISIONS: Security).
 * Staff read a customer's profile for an order, but a store manager edits only their own.
 */
function assertMayEdit(actor: SignedInUser, key: repo.ProfileKey): void {
  if (isOwnProfile(actor, key) || hasAnyRole(actor.roles, ['admin'])) return
  throw forbidden(messages.common.forbidden)
}

export async function getProfile(
  context: ProfileContext,
  actor: AuthUser,
  identifier: string,
): Promise<ProfileWithEmail> {
  const key = keyOf(identifier)
  assertMayAccess(actor, key)
  const owner = await repo.findProfile(context.db, key)
  if (!owner) throw notFound(messages.account.userNotFound, 'USER_NOT_FOUND')
  return owner.profile
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The account page sends the fields directly and gets its own rules (customer-side.md §5
 * Account profile); a staff member's edit on the users page wraps them in {data} and gets
 * the admin form's rules (staff-and-content.md §5). E-mail and country are never written.
 */
function parseChanges(
  actor: SignedInUser,
  body: unknown,
  today: () => string,
): { changes: repo.ProfileChanges; version: number | null } {
  const isStaffEdit = isStaff(actor.roles) && isObject(body) && isObject(body.data)
  const payload = isObject(body) && isObject(body.data) ? body.data : body
  const result = (isStaffEdit ? createAdminProfileUpdate(today) : createProfileUpdate(today)).safeParse(payload)
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? messages.common.validationFailed)
  // docs/decisions.md ('Edits that never overwrite each other'): a staff edit sends the version its form was opened with, beside {data}.
  const version = isStaffEdit ? recordVersion.safeParse(isObject(body) ? body.version : undefined) : null
  if (version && !version.success) throw badRequest(messages.recordVersions.required)
  return { changes: toChanges(result.data), version: version ? version.data : null }
}

function toChanges(update: ProfileUpdate | AdminProfileUpdate): repo.ProfileChanges {
  const nullable = (value: string | null | undefined) => (value === undefined ? undefined : value || null)
  const changes: repo.ProfileChanges = {
    full_name: update.full_name === undefined ? undefined : (update.full_name ?? ''),
    phone_number: nullable(update.phone_number),
    street_address: nullable(update.street_address),
    city: nullable(update.city),
    state: nullable(update.state),
    zip_code: nullable(update.zip_code),
    gender: nullable(update.gender),
    date_of_birth: nullable(update.date_of_birth),
    newsletter_subscription: update.newsletter_subscription,
  }
  return changes
}

export async function updateProfile(
  context: ProfileContext,
  actor: Actor,
  identifier: string,
  body: unknown,
): Promise<ProfileWithEmail> {
  const key = keyOf(identifier)
  const user = signedInUser(actor)
  assertMayEdit(user, key)
  const { changes, version } = parseChanges(user, body, () => calendarDateIn(context.now()))
  return staffWrite(context.db, actor, 'staff-only', async ({ client, audit, claimVersion }) => {
    const before = await repo.findProfile(client, key, { forUpdate: true })
    if (!before) throw notFound(messages.account.userNotFound, 'USER_NOT_FOUND')
    if (version === null) await touchVersion(client, actor, 'user', before.userId)
    else await claimVersion({ record: 'user', id: before.userId, version })
    await repo.saveProfile(client, before.userId, changes)
    const after = await repo.findProfile(client, { id: before.userId })
    if (!after) throw notFound(messages.account.userNotFound, 'USER_NOT_FOUND')
    // ARCHITECTURE: every staff write is audited; a customer editing their own profile is not a staff write.
    if (actor.id !== before.userId) {
      await audit({
        action: 'profile_updated',
        entity: 'user',
        entityId: before.userId,
        before: before.profile,
        after: after.profile,
      })
    }
    return after.profile
  })
}

// ---- Users admin (staff) ----
const text = messages.adminUsers

export type AdminUsersContext = { db: Database; tokens: TokenService }

const userNotFound = () => notFound(text.userNotFound, 'USER_NOT_FOUND')

/** GET /api/users and GET /api/users/search: one page, newest accounts first. */
export async function listUsers(db: Database, query: AdminUserListQuery): Promise<AdminUserList> {
  const { users, total, isTotalExact } = await repo.listUsers(db, {
    query: query.query,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  })
  return {
    users,
    total,
    isTotalExact,
    page: query.page,
    pages: pageCount(total, query.pageSize),
    pageSize: query.pageSize,
  }
}

async function lockById(client: Queryable, id: string): Promise<repo.LockedUser> {
  const user = isUuid(id) ? await repo.lockUser(client, { id: id.toLowerCase() }) : null
  if (!user) throw userNotFound()
  return user
}

/**
 * DECISIONS (users admin): the shop always keeps at least one admin who can sign in. Every change
 * that could take admin power from someone locks all admin rows first (before the target's row, so
 * two such changes always lock in the same order and never deadlock). A concurrent change waits
 * here and then sees the other's result, so two admins removing each other at the same moment
 * cannot both succeed: the second answers 409 LAST_ADMIN.
 */
async function lockAdminsFor(client: Queryable, actor: SignedInUser) {
  const admins = await repo.lockAdmins(client)
  return {
    assertAnotherRemains(targetId: string) {
      if (!admins.some((admin) => admin.id !== targetId && !admin.isDisabled)) {
        throw conflict(text.lastAdmin, 'LAST_ADMIN')
      }
      // Another admin may have taken this admin's role while the request waited for the lock.
      if (!admins.some((admin) => admin.id === actor.id && !admin.isDisabled))
        throw forbidden(messages.common.forbidden)
    },
  }
}

function withRole(roles: readonly string[], role: ManagedRole, action: RoleAction): Role[] {
  const current = new Set<Role>(['user', ...normaliseRoles(roles)])
  if (action === 'add') current.add(role)
  else current.delete(role)
  return ROLES.filter((name) => current.has(name))
}

/**
 * An admin's own token dies with the version bump too; when they change their own roles the
 * answer carries a fresh token in X-Auth-Token (the web client takes it), so the page stays signed in.
 */
async function renewOwnToken(
  context: AdminUsersContext,
  sessionToken: string,
  user: repo.LockedUser,
  version: number,
): Promise<string> {
  // The renewal keeps the session's sign-in time, so that a role change never stretches the
  // session's absolute lifetime (platform/tokens.ts).
  const verdict = await context.tokens.verify(sessionToken)
  const token = await context.tokens.sign({
    userId: user.id,
    role: primaryRole(normaliseRoles(user.roles)),
    tokenVersion: version,
    ...(verdict.ok ? { signedInAt: verdict.claims.signedInAt } : {}),
  })
  return token
}

/**
 * POST /api/users/{id}/roles/{role}/{add|remove} (staff-and-content.md §4 User roles): one role,
 * one call. A change signs the user's tokens out, so their next sign-in carries the new roles.
 * Adding a role they have, or removing one they lack, changes nothing and is not audited.
 */
export async function changeRole(
  context: AdminUsersContext,
  staff: Actor,
  sessionToken: string,
  change: { id: string; role: ManagedRole; action: RoleAction },
): Promise<{ user: AdminUserView; renewedToken: string | null }> {
  const actor = signedInUser(staff)
  const result = await staffWrite(context.db, staff, 'staff-only', async ({ client, audit }) => {
    const isAdminRemoval = change.role === 'admin' && change.action === 'remove'
    if (isAdminRemoval && change.id.toLowerCase() === actor.id) throw conflict(text.selfRemoveAdmin, 'SELF_PROTECTED')
    const admins = isAdminRemoval ? await lockAdminsFor(client, actor) : undefined
    const target = await lockById(client, change.id)
    const before = normaliseRoles(target.roles)
    const after = withRole(before, change.role, change.action)
    if (before.length === after.length && before.every((role) => after.includes(role))) return undefined
    admins?.assertAnotherRemains(target.id)
    const version = await repo.saveRoles(client, target.id, after)
    await audit({
      action: change.action === 'add' ? 'user.role_added' : 'user.role_removed',
      entity: 'user',
      entityId: target.id,
      before: { email: target.email, roles: before },
      after: { email: target.email, roles: after, role: change.role },
    })
    return { user: { ...target, roles: after }, version }
  })
  const renewedToken =
    result && result.user.id === actor.id
      ? await renewOwnToken(context, sessionToken, result.user, result.version)
      : null
  return { user: await findOrFail(context.db, change.id), renewedToken }
}

async function findOrFail(db: Queryable, id: string): Promise<AdminUserView> {
  return found(await repo.findUser(db, id.toLowerCase()), userNotFound)
}

/**
 * PUT /api/users/{email}/password (staff-and-content.md §5): the path names the user by e-mail
 * (or id). Every token of the user is signed out; neither the password nor its hash reaches the audit.
 */
export async function setPassword(
  context: AdminUsersContext,
  actor: Actor,
  identifier: string,
  password: string,
): Promise<{ message: string; user: AdminUserView }> {
  const value = identifier.trim()
  const key = isUuid(value) ? { id: value.toLowerCase() } : { email: normaliseEmail(value) }
  // Hashed before the transaction: argon2 takes a moment and must not hold the row lock.
  const passwordHash = await hashPassword(password)
  const user = await staffWrite(context.db, actor, 'staff-only', async ({ client, audit }) => {
    const target = await repo.lockUser(client, key)
    if (!target) throw userNotFound()
    await repo.savePasswordHash(client, target.id, passwordHash)
    await audit({
      action: 'user.password_set',
      entity: 'user',
      entityId: target.id,
      before: { email: target.email },
      after: { email: target.email, passwordChanged: true, sessionsSignedOut: true },
    })
    return findOrFail(client, target.id)
  })
  return { message: text.passwordSet, user }
}

/**
 * POST /api/users/{id}/disable and /enable (beyond the specification; docs/decisions.md, 'Users admin'): a disabled
 * account cannot sign in (403 ACCOUNT_DISABLED) and its live tokens stop at once. Nobody disables themselves, and the
 * last active admin is never disabled.
 */
export async function setDisabled(
  context: AdminUsersContext,
  staff: Actor,
  id: string,
  isDisabled: boolean,
): Promise<AdminUserView> {
  const actor = signedInUser(staff)
  return staffWrite(context.db, staff, 'staff-only', async ({ client, audit }) => {
    if (isDisabled && id.toLowerCase() === actor.id) throw conflict(text.selfDisable, 'SELF_PROTECTED')
    const admins = isDisabled ? await lockAdminsFor(client, actor) : undefined
    const target = await lockById(client, id)
    if (target.isDisabled === isDisabled) return findOrFail(client, target.id)
    if (admins && normaliseRoles(target.roles).includes('admin')) admins.assertAnotherRemains(target.id)
    await repo.saveDisabled(client, target.id, isDisabled)
    await audit({
      action: isDisabled ? 'user.disabled' : 'user.enabled',
      entity: 'user',
      entityId: target.id,
      before: { email: target.email, isDisabled: target.isDisabled },
      after: { email: target.email, isDisabled },
    })
    return findOrFail(client, target.id)
  })
}

/**
 * Accounts the e-mail migration reported (docs/decisions.md, 'One e-mail, one account'): said once per
 * start until staff resolve them, so that two accounts sharing one address do not go unnoticed.
 */
export async function emailsToReview(db: Database): Promise<{ clash: number; notPlain: number }> {
  return repo.countEmailsToReview(db)
}

// ---- Their own data (docs/decisions.md, 'Their own data') ----
/** How long the privacy page promises for an answer to a data request. */
export const DATA_REQUEST_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

/** 'Preuzmi moje podatke': everything kept about the account, as one JSON document; the request is recorded. */
export async function exportAccountData(context: AuthContext, actor: Actor) {
  const owner = signedInUser(actor)
  const profile = await repo.findProfile(context.db, { id: owner.id })
  const credentials = await repo.findCredentialsById(context.db, owner.id)
  if (!profile || !credentials) throw missingUser()
  const [orders, complaints, contactMessages] = await Promise.all([
    listAllOrdersOfAccount(context.db, owner.id),
    listReturnsOfAccount(context.db, owner.id),
    listContactMessagesFrom(context.db, credentials.email),
  ])
  await context.db.transaction(async (client) => {
    await registerDataRequest(client, actor, { id: owner.id, email: credentials.email }, 'export')
  })
  return {
    exportedAt: new Date(context.now()).toISOString(),
    account: { email: credentials.email, roles: credentials.roles, isVerified: credentials.isVerified },
    profile: profile.profile,
    orders,
    complaints,
    contactMessages,
  }
}

/**
 * docs/decisions.md, 'Their own data': a request of the account's own data in the register admins answer
 * from, under the masked e-mail, with its audit line. An export is answered at once; a deletion waits for its link.
 */
async function registerDataRequest(
  client: Queryable,
  actor: Actor,
  account: { id: string; email: string },
  kind: repo.DataRequestKind,
): Promise<void> {
  const isExport = kind === 'export'
  await repo.insertDataRequest(client, {
    userId: account.id,
    emailMasked: maskEmail(account.email),
    kind,
    isCompleted: isExport,
  })
  const action = isExport ? 'account.data_exported' : 'account.deletion_requested'
  await recordAudit(client, actor, { action, entity: 'user', entityId: account.id })
}

/**
 * 'Obriši račun': the password again (a wrong one counts as a failed sign-in, like a password change), then a
 * mailed link of its own purpose; nothing is deleted until the link is followed.
 */
export async function requestAccountDeletion(
  context: AuthContext,
  actor: Actor,
  input: { password: string },
): Promise<{ message: string }> {
  const user = await checkCurrentPassword(context, actor, signedInUser(actor).id, input.password)
  const now = context.now()
  await context.db.transaction(async (client) => {
    await repo.retireTokens(client, user.id, 'delete_account', new Date(now))
    await registerDataRequest(client, actor, user, 'delete')
    await mailLink(context, client, linkRecipient(user), 'delete_account', now)
  })
  return { message: messages.account.deleteMailSent }
}

function invalidDeletionLink(): AppError {
  return new AppError(400, 'INVALID_DELETE_TOKEN', messages.account.deleteLinkInvalid)
}

/**
 * The mailed link followed: in one transaction the account's orders lose the buyer (they stay for the books and
 * the statistics), its contact messages, sign-in attempts, profile, tokens and the account itself go. The audit
 * line names the account by its masked e-mail only.
 */
export async function confirmAccountDeletion(
  context: AuthContext,
  actor: Actor,
  token: string,
): Promise<{ message: string }> {
  const at = new Date(context.now())
  await context.db.transaction(async (client) => {
    const userId = await consumeLinkToken(client, { token, purpose: 'delete_account', at }, invalidDeletionLink)
    const user = await repo.findCredentialsById(client, userId)
    if (!user) throw invalidDeletionLink()
    const orders = await anonymiseOrdersOfAccount(client, userId)
    await deleteContactMessagesFrom(client, user.email)
    await repo.completeDeletionRequests(client, userId)
    const masked = maskEmail(user.email)
    await recordAudit(
      client,
      { ...actor, id: null, email: masked },
      { action: 'account.deleted', entity: 'user', entityId: userId, after: { email: masked, orders } },
    )
    await repo.deleteAccount(client, userId, user.email)
  })
  return { message: messages.account.accountDeleted }
}

/** Staff (admins): the data requests with the date by which each must be answered. */
export async function listDataRequests(db: Queryable) {
  const rows = await repo.listDataRequests(db, 500)
  return rows.map((row) => ({
    id: row.id,
    email: row.email_masked,
    kind: row.kind,
    requestedAt: row.requested_at.toISOString(),
    answerBy: new Date(row.requested_at.getTime() + DATA_REQUEST_DAYS * DAY_MS).toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    isAccountDeleted: row.is_account_deleted,
  }))
}
