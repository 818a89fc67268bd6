import { normaliseRoles } from '@shop/shared/rules/roles.ts'
import { escapeLikePattern } from '@shop/shared/rules/search.ts'
import type { AdminUserView } from '@shop/shared/schemas/admin-users.ts'
import type { Queryable } from '../../platform/db.ts'

type UserRow = {
  id: string
  email: string
  full_name: string | null
  roles: string[]
  is_verified: boolean
  is_disabled: boolean
  created_at: Date
}

const USER_COLUMNS = `u.id, u.email::text as email, p.full_name, u.roles, u.is_verified, u.is_disabled, u.created_at`

function toView(row: UserRow): AdminUserView {
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name ?? '',
    roles: normaliseRoles(row.roles),
    isVerified: row.is_verified,
    isDisabled: row.is_disabled,
    created_at: row.created_at.toISOString(),
  }
}

export type UserListFilter = { query?: string | undefined; limit: number; offset: number }

/**
 * DECISIONS (users admin): a search counts its matches only up to this many rows past the page,
 * so a common fragment ('gmail') costs the same as a rare one; beyond it the total is a lower
 * bound ('više od ...') and the pager grows as the admin pages on.
 */
export const SEARCH_COUNT_WINDOW = 1000

export type UserPage = { users: AdminUserView[]; total: number; isTotalExact: boolean }

/**
 * One page of accounts, newest first, and how many match. The e-mail match is a lower-cased
 * substring `like`, which the trigram index of migration 0005 answers. The unfiltered total comes
 * from user_count (kept by triggers), a search's from a count that stops after the window.
 */
export async function listUsers(db: Queryable, filter: UserListFilter): Promise<UserPage> {
  const query = filter.query?.toLowerCase()
  if (!query) return listAllUsers(db, filter)
  const pattern = `%${escapeLikePattern(query)}%`
  const countLimit = filter.offset + SEARCH_COUNT_WINDOW + 1
  const [page, counted] = await Promise.all([
    db.query<UserRow>(
      `select ${USER_COLUMNS}
         from (select * from users u where lower(u.email::text) like $1
                order by u.created_at desc, u.id limit $2 offset $3) u
         left join profiles p on p.user_id = u.id
        order by u.created_at desc, u.id`,
      [pattern, filter.limit, filter.offset],
    ),
    db.query<{ total: number }>(
      `select count(*)::int as total from (select 1 from users u where lower(u.email::text) like $1 limit $2) matching`,
      [pattern, countLimit],
    ),
  ])
  const total = counted.rows[0]?.total ?? 0
  const isTotalExact = total < countLimit
  return { users: page.rows.map(toView), total: isTotalExact ? total : countLimit - 1, isTotalExact }
}

/**
 * The whole list. A page in the older half is read from the oldest end of the created_at index,
 * so the last page costs what the first does instead of walking 100,000 index entries.
 */
async function listAllUsers(db: Queryable, filter: UserListFilter): Promise<UserPage> {
  const { rows: counted } = await db.query<{ total: number }>('select total::int as total from user_count')
  const total = counted[0]?.total ?? 0
  const isOlderHalf = filter.offset + filter.limit / 2 > total / 2
  const limit = isOlderHalf ? Math.max(0, Math.min(filter.limit, total - filter.offset)) : filter.limit
  const offset = isOlderHalf ? Math.max(0, total - filter.offset - filter.limit) : filter.offset
  const direction = isOlderHalf ? 'asc' : 'desc'
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS}
       from (select * from users u order by u.created_at ${direction}, u.id ${direction === 'asc' ? 'desc' : 'asc'}
              limit $1 offset $2) u
       left join profiles p on p.user_id = u.id
      order by u.created_at desc, u.id`,
    [limit, offset],
  )
  return { users: rows.map(toView), total, isTotalExact: true }
}

export async function findUser(db: Queryable, id: string): Promise<AdminUserView | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from users u left join profiles p on p.user_id = u.id where u.id = $1`,
    [id],
  )
  return rows[0] ? toView(rows[0]) : null
}

export type LockedUser = { id: string; email: string; roles: string[]; isDisabled: boolean; tokenVersion: number }

/** Locks one account for a change; by id, or by e-mail (citext, so in any case). */
export async function lockUser(db: Queryable, key: { id: string } | { email: string }): Promise<LockedUser | null> {
  const [condition, value] = 'id' in key ? ['id = $1', key.id] : ['email = $1', key.email]
  const { rows } = await db.query<{
    id: string
    email: string
    roles: string[]
    is_disabled: boolean
    token_version: number
  }>(`select id, email::text as email, roles, is_disabled, token_version from users where ${condition} for update`, [
    value,
  ])
  const row = rows[0]
  return row
    ? { id: row.id, email: row.email, roles: row.roles, isDisabled: row.is_disabled, tokenVersion: row.token_version }
    : null
}

export type AdminRow = { id: string; isDisabled: boolean }

/**
 * Locks every admin's row, in id order so that two changes never deadlock. A concurrent change
 * waits here; PostgreSQL then re-reads the rows it waited for, so an admin who lost the role
 * meanwhile is no longer in the answer and the last admin cannot be removed twice.
 */
export async function lockAdmins(db: Queryable): Promise<AdminRow[]> {
  const { rows } = await db.query<{ id: string; is_disabled: boolean }>(
    `select id, is_disabled from users where 'admin' = any (roles) order by id for update`,
  )
  return rows.map((row) => ({ id: row.id, isDisabled: row.is_disabled }))
}

/**
 * Writes the new roles and bumps token_version, which signs out every token of the account
 * (platform/auth.ts compares the version on each request). Answers the new version.
 */
export async function saveRoles(db: Queryable, id: string, roles: string[]): Promise<number> {
  const { rows } = await db.query<{ token_version: number }>(
    `update users set roles = $2, token_version = token_version + 1, updated_at = now() where id = $1
     returning token_version`,
    [id, roles],
  )
  return rows[0]?.token_version ?? 0
}

export async function savePasswordHash(db: Queryable, id: string, passwordHash: string): Promise<void> {
  await db.query(
    `update users set password_hash = $2, token_version = token_version + 1, updated_at = now() where id = $1`,
    [id, passwordHash],
  )
}

/** Disabling also bumps token_version, so the account's tokens stay dead after it is enabled again. */
export async function saveDisabled(db: Queryable, id: string, isDisabled: boolean): Promise<void> {
  await db.query(
    `update users set is_disabled = $2, updated_at = now(),
                      token_version = token_version + case when $2 then 1 else 0 end
      where id = $1`,
    [id, isDisabled],
  )
}
