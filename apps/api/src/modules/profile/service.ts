import type { FastifyRequest } from 'fastify'
import { messages } from '@shop/shared/messages/bs.ts'
import { calendarDateIn } from '@shop/shared/rules/date-of-birth.ts'
import { normaliseEmail } from '@shop/shared/rules/email.ts'
import { hasAnyRole, isStaff } from '@shop/shared/rules/roles.ts'
import {
  createAdminProfileUpdate,
  createProfileUpdate,
  type AdminProfileUpdate,
  type ProfileUpdate,
  type ProfileWithEmail,
} from '@shop/shared/schemas/profile.ts'
import type { AuthUser } from '../../platform/auth.ts'
import { recordAudit } from '../../platform/audit.ts'
import type { Database } from '../../platform/db.ts'
import { badRequest, forbidden, notFound } from '../../platform/errors.ts'
import * as repo from './repo.ts'

export type ProfileContext = { db: Database; now: () => number }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The path names a user by e-mail (staff pages, account page) or by id (customer-side.md §7). */
function keyOf(identifier: string): repo.ProfileKey {
  const value = identifier.trim()
  return UUID.test(value) ? { id: value.toLowerCase() } : { email: normaliseEmail(value) }
}

/**
 * DECISIONS: /api/profile/{email} answers only for the user's own e-mail, or for staff.
 * Checked before the lookup, so that nobody else learns whether an account exists.
 */
function assertMayAccess(actor: AuthUser, key: repo.ProfileKey): void {
  if (isStaff(actor.roles)) return
  if (!isOwnProfile(actor, key)) throw forbidden(messages.common.forbidden)
}

function isOwnProfile(actor: AuthUser, key: repo.ProfileKey): boolean {
  return 'email' in key ? normaliseEmail(actor.email) === key.email : actor.id === key.id
}

/**
 * staff-and-content.md §6: editing any user's profile is the admin's alone (DECISIONS: Security).
 * Staff read a customer's profile for an order, but a store manager edits only their own.
 */
function assertMayEdit(actor: AuthUser, key: repo.ProfileKey): void {
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
function parseChanges(actor: AuthUser, body: unknown, today: () => string): repo.ProfileChanges {
  const isStaffEdit = isStaff(actor.roles) && isObject(body) && isObject(body.data)
  const payload = isObject(body) && isObject(body.data) ? body.data : body
  const result = (isStaffEdit ? createAdminProfileUpdate(today) : createProfileUpdate(today)).safeParse(payload)
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? messages.common.validationFailed)
  return toChanges(result.data)
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
  actor: AuthUser,
  identifier: string,
  body: unknown,
  request: FastifyRequest,
): Promise<ProfileWithEmail> {
  const key = keyOf(identifier)
  assertMayEdit(actor, key)
  const changes = parseChanges(actor, body, () => calendarDateIn(context.now()))
  return context.db.transaction(async (client) => {
    const before = await repo.findProfile(client, key, { forUpdate: true })
    if (!before) throw notFound(messages.account.userNotFound, 'USER_NOT_FOUND')
    await repo.saveProfile(client, before.userId, changes)
    const after = await repo.findProfile(client, { id: before.userId })
    if (!after) throw notFound(messages.account.userNotFound, 'USER_NOT_FOUND')
    // ARCHITECTURE: every staff write is audited; a customer editing their own profile is not a staff write.
    if (actor.id !== before.userId) {
      await recordAudit(client, request, {
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
