import type { FastifyBaseLogger } from 'fastify'
import { normaliseRoles, ROLES, type Role } from '@shop/shared/rules/roles.ts'
import { registerInput } from '@shop/shared/schemas/auth.ts'
import { hashPassword } from '../modules/accounts/passwords.ts'
import { SYSTEM_ACTOR } from '../platform/actor.ts'
import type { Database, Queryable } from '../platform/db.ts'
import { staffWrite } from '../platform/staff-write.ts'
import * as repo from './create-admin-repo.ts'

// `npm run create-admin` (create-admin.ts): the first admin of a shop that starts empty (SEED=none,
// docs/production.md), and the way back in when no admin can sign in.

export const NO_ADMIN_HINT = 'No admin account exists: create one with `npm run create-admin` (docs/production.md)'

/** Once per start (main.ts): a shop nobody can administer says how to fix that. */
export async function warnWhenNoAdmin(db: Queryable, log: FastifyBaseLogger): Promise<void> {
  if (!(await repo.hasActiveAdmin(db))) log.warn(NO_ADMIN_HINT)
}

// The e-mail and password rules of registration (trimmed, lower-cased e-mail; at least 8 characters,
// none of the most common passwords), with their messages.
const credentialsInput = registerInput.pick({ email: true, password: true })

export type AdminCredentials = { email: string; password: string }

/** The credentials as registration would accept them, or the rule messages they break. */
export function checkCredentials(
  given: AdminCredentials,
): { ok: true; credentials: AdminCredentials } | { ok: false; problems: string[] } {
  const parsed = credentialsInput.safeParse(given)
  if (parsed.success) return { ok: true, credentials: parsed.data }
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path[0] === 'email' ? 'e-mail' : 'password'}: ${issue.message}`,
  )
  return { ok: false, problems }
}

export type AdminOutcome =
  | { kind: 'created'; email: string }
  | { kind: 'promoted'; email: string; wasDisabled: boolean; wasVerified: boolean }
  | { kind: 'password-set'; email: string; wasDisabled: boolean; wasVerified: boolean }

const withAdmin = (roles: readonly string[]): Role[] => {
  const held = new Set<Role>(['user', 'admin', ...normaliseRoles(roles)])
  return ROLES.filter((role) => held.has(role))
}

/**
 * Creates a verified account with the roles user and admin, or gives an existing one the admin role,
 * verifies and enables it and sets its password (which ends its sessions). One transaction with its
 * audit lines, written by the system actor like every command-line tool's.
 */
export async function createOrPromoteAdmin(db: Database, credentials: AdminCredentials): Promise<AdminOutcome> {
  // Hashed before the transaction: argon2 takes a moment and must not hold the row lock.
  const passwordHash = await hashPassword(credentials.password)
  return staffWrite(db, SYSTEM_ACTOR, 'staff-only', async ({ client, audit }) => {
    let existing = await repo.lockAccountByEmail(client, credentials.email)
    if (!existing) {
      const roles = withAdmin([])
      const id = await repo.insertVerifiedAccount(client, { email: credentials.email, passwordHash, roles })
      if (id !== null) {
        await audit({
          action: 'create',
          entity: 'user',
          entityId: id,
          after: { email: credentials.email, roles, isVerified: true, isDisabled: false },
        })
        return { kind: 'created', email: credentials.email }
      }
      // Registered between our look and our insert: promote that account instead.
      existing = await repo.lockAccountByEmail(client, credentials.email)
      if (!existing) throw new Error(`The account ${credentials.email} could neither be found nor created.`)
    }
    const before = normaliseRoles(existing.roles)
    const roles = withAdmin(existing.roles)
    const wasAdmin = before.includes('admin')
    await repo.promoteAccount(client, existing.id, { roles, passwordHash })
    const email = existing.email
    if (!wasAdmin) {
      await audit({
        action: 'user.role_added',
        entity: 'user',
        entityId: existing.id,
        before: { email, roles: before },
        after: { email, roles, role: 'admin' },
      })
    }
    if (existing.isDisabled) {
      await audit({
        action: 'user.enabled',
        entity: 'user',
        entityId: existing.id,
        before: { email, isDisabled: true },
        after: { email, isDisabled: false },
      })
    }
    await audit({
      action: 'user.password_set',
      entity: 'user',
      entityId: existing.id,
      before: { email, isVerified: existing.isVerified },
      after: { email, isVerified: true, passwordChanged: true, sessionsSignedOut: true },
    })
    const facts = { email, wasDisabled: existing.isDisabled, wasVerified: existing.isVerified }
    return wasAdmin ? { kind: 'password-set', ...facts } : { kind: 'promoted', ...facts }
  })
}

/** The command's one line about what it did. */
export function describeOutcome(outcome: AdminOutcome): string {
  if (outcome.kind === 'created') {
    return `Created the admin account ${outcome.email} (verified, roles user and admin): sign in at /login.`
  }
  const also = [...(outcome.wasVerified ? [] : ['verified']), ...(outcome.wasDisabled ? ['enabled again'] : [])]
  const extra = also.length > 0 ? `, ${also.join(' and ')}` : ''
  const change =
    outcome.kind === 'promoted'
      ? `existed and is now an admin${extra}`
      : `was an admin already${also.length > 0 ? ` and is now ${also.join(' and ')}` : ''}`
  return `The account ${outcome.email} ${change}; its password is now the one given, and its other sessions are signed out.`
}
