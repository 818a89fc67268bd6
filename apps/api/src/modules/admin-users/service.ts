import type { FastifyReply, FastifyRequest } from 'fastify'
import { messages } from '@shop/shared/messages/bs.ts'
import { normaliseEmail } from '@shop/shared/rules/email.ts'
import { pageCount } from '@shop/shared/rules/pagination.ts'
import { normaliseRoles, primaryRole, ROLES, type Role } from '@shop/shared/rules/roles.ts'
import type {
  AdminUserList,
  AdminUserListQuery,
  AdminUserView,
  ManagedRole,
  RoleAction,
} from '@shop/shared/schemas/admin-users.ts'
import { currentUser, type AuthUser } from '../../platform/auth.ts'
import { recordAudit } from '../../platform/audit.ts'
import type { Database, Queryable } from '../../platform/db.ts'
import { conflict, forbidden, notFound } from '../../platform/errors.ts'
import type { TokenService } from '../../platform/tokens.ts'
import { hashPassword } from '../auth/passwords.ts'
import { isUuid } from '../cart/repo.ts'
import * as repo from './repo.ts'

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
async function lockAdminsFor(client: Queryable, actor: AuthUser) {
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
  request: FastifyRequest,
  reply: FastifyReply,
  user: repo.LockedUser,
  version: number,
) {
  // The renewal keeps the session's sign-in time, so that a role change never stretches the
  // session's absolute lifetime (platform/tokens.ts).
  const header = request.headers.authorization ?? ''
  const verdict = await context.tokens.verify(header.slice('Bearer '.length).trim())
  const token = await context.tokens.sign({
    userId: user.id,
    role: primaryRole(normaliseRoles(user.roles)),
    tokenVersion: version,
    ...(verdict.ok ? { signedInAt: verdict.claims.signedInAt } : {}),
  })
  reply.header('X-Auth-Token', token)
}

/**
 * POST /api/users/{id}/roles/{role}/{add|remove} (staff-and-content.md §4 User roles): one role,
 * one call. A change signs the user's tokens out, so their next sign-in carries the new roles.
 * Adding a role they have, or removing one they lack, changes nothing and is not audited.
 */
export async function changeRole(
  context: AdminUsersContext,
  request: FastifyRequest,
  reply: FastifyReply,
  change: { id: string; role: ManagedRole; action: RoleAction },
): Promise<AdminUserView> {
  const actor = currentUser(request)
  const result = await context.db.transaction(async (client) => {
    const isAdminRemoval = change.role === 'admin' && change.action === 'remove'
    if (isAdminRemoval && change.id.toLowerCase() === actor.id) throw conflict(text.selfRemoveAdmin, 'SELF_PROTECTED')
    const admins = isAdminRemoval ? await lockAdminsFor(client, actor) : undefined
    const target = await lockById(client, change.id)
    const before = normaliseRoles(target.roles)
    const after = withRole(before, change.role, change.action)
    if (before.length === after.length && before.every((role) => after.includes(role))) return undefined
    admins?.assertAnotherRemains(target.id)
    const version = await repo.saveRoles(client, target.id, after)
    await recordAudit(client, request, {
      action: change.action === 'add' ? 'user.role_added' : 'user.role_removed',
      entity: 'user',
      entityId: target.id,
      before: { email: target.email, roles: before },
      after: { email: target.email, roles: after, role: change.role },
    })
    return { user: { ...target, roles: after }, version }
  })
  if (result && result.user.id === actor.id) await renewOwnToken(context, request, reply, result.user, result.version)
  return findOrFail(context.db, change.id)
}

async function findOrFail(db: Queryable, id: string): Promise<AdminUserView> {
  const user = await repo.findUser(db, id.toLowerCase())
  if (!user) throw userNotFound()
  return user
}

/**
 * PUT /api/users/{email}/password (staff-and-content.md §5): the path names the user by e-mail
 * (or id). Every token of the user is signed out; neither the password nor its hash reaches the audit.
 */
export async function setPassword(
  context: AdminUsersContext,
  request: FastifyRequest,
  identifier: string,
  password: string,
): Promise<{ message: string; user: AdminUserView }> {
  const value = identifier.trim()
  const key = isUuid(value) ? { id: value.toLowerCase() } : { email: normaliseEmail(value) }
  // Hashed before the transaction: argon2 takes a moment and must not hold the row lock.
  const passwordHash = await hashPassword(password)
  const user = await context.db.transaction(async (client) => {
    const target = await repo.lockUser(client, key)
    if (!target) throw userNotFound()
    await repo.savePasswordHash(client, target.id, passwordHash)
    await recordAudit(client, request, {
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
 * POST /api/users/{id}/disable and /enable (beyond the specification, issue 9): a disabled account
 * cannot sign in (403 ACCOUNT_DISABLED) and its live tokens stop at once. Nobody disables
 * themselves, and the last active admin is never disabled.
 */
export async function setDisabled(
  context: AdminUsersContext,
  request: FastifyRequest,
  id: string,
  isDisabled: boolean,
): Promise<AdminUserView> {
  const actor = currentUser(request)
  return context.db.transaction(async (client) => {
    if (isDisabled && id.toLowerCase() === actor.id) throw conflict(text.selfDisable, 'SELF_PROTECTED')
    const admins = isDisabled ? await lockAdminsFor(client, actor) : undefined
    const target = await lockById(client, id)
    if (target.isDisabled === isDisabled) return findOrFail(client, target.id)
    if (admins && normaliseRoles(target.roles).includes('admin')) admins.assertAnotherRemains(target.id)
    await repo.saveDisabled(client, target.id, isDisabled)
    await recordAudit(client, request, {
      action: isDisabled ? 'user.disabled' : 'user.enabled',
      entity: 'user',
      entityId: target.id,
      before: { email: target.email, isDisabled: target.isDisabled },
      after: { email: target.email, isDisabled },
    })
    return findOrFail(client, target.id)
  })
}
