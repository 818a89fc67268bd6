import type { Queryable } from '../platform/db.ts'

// The SQL of `npm run create-admin` (create-admin-account.ts). The accounts module's repo has no
// statement that adds a role, verifies, enables and sets the password of an account at once, and
// the module's own functions each bump token_version; one statement keeps the bump to one.

export type ExistingAccount = {
  id: string
  email: string
  roles: string[]
  isVerified: boolean
  isDisabled: boolean
}

/** Locks the account of this e-mail (citext: any letter case) for the rest of the transaction. */
export async function lockAccountByEmail(db: Queryable, email: string): Promise<ExistingAccount | null> {
  const { rows } = await db.query<{
    id: string
    email: string
    roles: string[]
    is_verified: boolean
    is_disabled: boolean
  }>('select id, email::text as email, roles, is_verified, is_disabled from users where email = $1 for update', [email])
  const row = rows[0]
  return row
    ? { id: row.id, email: row.email, roles: row.roles, isVerified: row.is_verified, isDisabled: row.is_disabled }
    : null
}

/**
 * A verified account with these roles and an empty profile (registration gives every account a
 * profile row; the admin fills it in the shop). null when the e-mail was taken meanwhile.
 */
export async function insertVerifiedAccount(
  db: Queryable,
  account: { email: string; passwordHash: string; roles: string[] },
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `insert into users (email, password_hash, roles, is_verified) values ($1, $2, $3, true)
     on conflict (email) do nothing returning id`,
    [account.email, account.passwordHash, account.roles],
  )
  const id = rows[0]?.id
  if (id === undefined) return null
  await db.query('insert into profiles (user_id) values ($1) on conflict (user_id) do nothing', [id])
  return id
}

/**
 * Sets roles and password, verifies and enables the account, and bumps token_version, so that
 * every session made with the old password ends (platform/auth.ts compares the version).
 */
export async function promoteAccount(
  db: Queryable,
  id: string,
  change: { roles: string[]; passwordHash: string },
): Promise<void> {
  await db.query(
    `update users set roles = $2, password_hash = $3, is_verified = true, is_disabled = false,
                      token_version = token_version + 1, updated_at = now()
      where id = $1`,
    [id, change.roles, change.passwordHash],
  )
}

/** Whether an account can sign in as admin: the role, verified, not disabled. */
export async function hasActiveAdmin(db: Queryable): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from users where 'admin' = any (roles) and is_verified and not is_disabled limit 1`,
  )
  return rows.length > 0
}
