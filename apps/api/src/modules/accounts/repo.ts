import { normaliseRoles, primaryRole } from '@shop/shared/rules/roles.ts'
import { escapeLikePattern } from '@shop/shared/rules/search.ts'
import type { AdminUserView } from '@shop/shared/schemas/admin-users.ts'
import type { SessionUser } from '@shop/shared/schemas/auth.ts'
import { COUNTRY, GENDERS, type ProfileWithEmail } from '@shop/shared/schemas/profile.ts'
import type { Queryable } from '../../platform/db.ts'
import { queryOne, queryRows } from '../../platform/mapped-rows.ts'
import type { TokenPurpose } from './one-time-tokens.ts'

// ---- Sign-in, registration, verification, password reset ----
export type Credentials = {
  id: string
  email: string
  passwordHash: string
  roles: string[]
  isVerified: boolean
  isDisabled: boolean
  tokenVersion: number
  fullName: string | null
}

type CredentialsRow = {
  id: string
  email: string
  password_hash: string
  roles: string[]
  is_verified: boolean
  is_disabled: boolean
  token_version: number
  full_name: string | null
}

const CREDENTIALS_SELECT = `
  select u.id, u.email, u.password_hash, u.roles, u.is_verified, u.is_disabled, u.token_version, p.full_name
    from users u left join profiles p on p.user_id = u.id`

function toCredentials(row: CredentialsRow | undefined): Credentials | null {
  if (!row) return null
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    roles: row.roles,
    isVerified: row.is_verified,
    isDisabled: row.is_disabled,
    tokenVersion: row.token_version,
    fullName: row.full_name,
  }
}

export async function findCredentialsByEmail(db: Queryable, email: string): Promise<Credentials | null> {
  const { rows } = await db.query<CredentialsRow>(`${CREDENTIALS_SELECT} where u.email = $1`, [email])
  return toCredentials(rows[0])
}

export async function findCredentialsById(db: Queryable, id: string): Promise<Credentials | null> {
  const { rows } = await db.query<CredentialsRow>(`${CREDENTIALS_SELECT} where u.id = $1`, [id])
  return toCredentials(rows[0])
}

/** The profiles columns both the session user and the profile edit read. */
type ProfileColumns = {
  full_name: string | null
  phone_number: string | null
  street_address: string | null
  city: string | null
  state: string | null
  zip_code: string | null
  country: string | null
  gender: string | null
  date_of_birth: string | null
  newsletter_subscription: boolean | null
}

type SessionRow = ProfileColumns & {
  id: string
  email: string
  roles: string[]
  is_verified: boolean
  created_at: Date
  updated_at: Date
}

function asGender(value: string | null): SessionUser['profile']['gender'] {
  return (GENDERS as readonly string[]).includes(value ?? '') ? (value as (typeof GENDERS)[number]) : ''
}

/** A stored profile as the API answers it: '' for a field never filled, the shop's country by default. */
function profileFields(row: ProfileColumns) {
  return {
    full_name: row.full_name ?? '',
    phone_number: row.phone_number ?? '',
    street_address: row.street_address ?? '',
    city: row.city ?? '',
    state: row.state ?? '',
    zip_code: row.zip_code ?? '',
    country: row.country ?? COUNTRY,
    gender: asGender(row.gender),
    date_of_birth: row.date_of_birth,
    newsletter_subscription: row.newsletter_subscription ?? false,
  }
}

/** The user as customer-side.md §3 names it: id and _id, role and roles, isVerified, profile. */
export async function findSessionUser(db: Queryable, id: string): Promise<SessionUser | null> {
  const { rows } = await db.query<SessionRow>(
    `select u.id, u.email, u.roles, u.is_verified, u.created_at, u.updated_at,
            p.full_name, p.phone_number, p.street_address, p.city, p.state, p.zip_code, p.country,
            p.gender, p.date_of_birth, p.newsletter_subscription
       from users u left join profiles p on p.user_id = u.id
      where u.id = $1`,
    [id],
  )
  const row = rows[0]
  if (!row) return null
  const roles = normaliseRoles(row.roles)
  const role = primaryRole(roles)
  return {
    id: row.id,
    _id: row.id,
    email: row.email,
    role,
    roles,
    isVerified: row.is_verified,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    profile: { ...profileFields(row), role },
  }
}

export type NewProfile = {
  fullName: string
  phoneNumber: string | null
  streetAddress: string | null
  city: string | null
  state: string | null
  zipCode: string | null
  country: string
  gender: string | null
  dateOfBirth: string
  newsletterSubscription: boolean
}

/** Inserts an unverified user with the role user; null when the e-mail is taken. */
export async function insertUser(db: Queryable, email: string, passwordHash: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `insert into users (email, password_hash, roles, is_verified) values ($1, $2, '{user}', false)
     on conflict (email) do nothing returning id`,
    [email, passwordHash],
  )
  return rows[0]?.id ?? null
}

export async function insertProfile(db: Queryable, userId: string, profile: NewProfile): Promise<void> {
  await db.query(
    `insert into profiles (user_id, full_name, phone_number, street_address, city, state, zip_code, country,
                           gender, date_of_birth, newsletter_subscription)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      userId,
      profile.fullName,
      profile.phoneNumber,
      profile.streetAddress,
      profile.city,
      profile.state,
      profile.zipCode,
      profile.country,
      profile.gender,
      profile.dateOfBirth,
      profile.newsletterSubscription,
    ],
  )
}

export async function emailExists(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from users where email = $1', [email])
  return rows.length > 0
}

export async function insertUserToken(
  db: Queryable,
  token: { tokenHash: string; userId: string; purpose: TokenPurpose; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.query(
    `insert into user_tokens (token_hash, user_id, purpose, expires_at, created_at) values ($1, $2, $3, $4, $5)`,
    [token.tokenHash, token.userId, token.purpose, token.expiresAt, token.createdAt],
  )
}

/** The owner of an unused, unexpired token, or null. */
export async function findTokenOwner(
  db: Queryable,
  token: { tokenHash: string; purpose: TokenPurpose; at: Date },
): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    `select user_id from user_tokens
      where token_hash = $1 and purpose = $2 and used_at is null and expires_at > $3`,
    [token.tokenHash, token.purpose, token.at],
  )
  return rows[0]?.user_id ?? null
}

/** Marks the token used and answers its owner, in one statement, so that two requests cannot both use it. */
export async function consumeToken(
  db: Queryable,
  token: { tokenHash: string; purpose: TokenPurpose; at: Date },
): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    `update user_tokens set used_at = $3
      where token_hash = $1 and purpose = $2 and used_at is null and expires_at > $3
      returning user_id`,
    [token.tokenHash, token.purpose, token.at],
  )
  return rows[0]?.user_id ?? null
}

/** Retires every open token of one purpose (a password change makes older reset links useless). */
export async function retireTokens(db: Queryable, userId: string, purpose: TokenPurpose, at: Date): Promise<void> {
  await db.query(`update user_tokens set used_at = $3 where user_id = $1 and purpose = $2 and used_at is null`, [
    userId,
    purpose,
    at,
  ])
}

export async function hasTokenIssuedSince(
  db: Queryable,
  userId: string,
  purpose: TokenPurpose,
  since: Date,
): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from user_tokens where user_id = $1 and purpose = $2 and created_at > $3 limit 1',
    [userId, purpose, since],
  )
  return rows.length > 0
}

export async function markVerified(db: Queryable, userId: string): Promise<void> {
  await db.query('update users set is_verified = true, updated_at = now() where id = $1', [userId])
}

/**
 * Sets a new password hash and bumps token_version, which signs out every older token
 * (ARCHITECTURE: Auth). Answers the new version for the token of the current session.
 */
export async function replacePassword(
  db: Queryable,
  userId: string,
  passwordHash: string,
  { markVerified: isVerifiedNow }: { markVerified: boolean },
): Promise<number> {
  const { rows } = await db.query<{ token_version: number }>(
    `update users set password_hash = $2, token_version = token_version + 1, updated_at = now(),
                      is_verified = is_verified or $3
      where id = $1 returning token_version`,
    [userId, passwordHash, isVerifiedNow],
  )
  return rows[0]?.token_version ?? 0
}

export async function recordSignInAttempt(
  db: Queryable,
  attempt: { email: string; ip: string; succeeded: boolean; at: Date },
): Promise<void> {
  await db.query('insert into sign_in_attempts (email, ip, succeeded, created_at) values ($1, $2, $3, $4)', [
    attempt.email,
    attempt.ip,
    attempt.succeeded,
    attempt.at,
  ])
}

/** Serialises the failed attempts of one e-mail and of one address (e-mail first, then address: no deadlock). */
export async function lockSignInAttempts(db: Queryable, { email, ip }: { email: string; ip: string }): Promise<void> {
  await db.query("select pg_advisory_xact_lock(hashtextextended('sign-in e-mail ' || $1, 0))", [email])
  await db.query("select pg_advisory_xact_lock(hashtextextended('sign-in address ' || $1, 0))", [ip])
}

/** Whether the e-mail's account has signed in successfully from this address since a moment. */
export async function hasSignedInFrom(
  db: Queryable,
  { email, ip, since }: { email: string; ip: string; since: Date },
): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from sign_in_attempts where email = $1 and ip = $2 and succeeded and created_at > $3 limit 1',
    [email, ip, since],
  )
  return rows.length > 0
}

/**
 * Failed sign-ins inside the window: for the e-mail since its last success (a successful
 * sign-in clears the count), and for the address regardless of e-mail.
 */
export async function countRecentFailures(
  db: Queryable,
  { email, ip, since }: { email: string; ip: string; since: Date },
): Promise<{ byEmail: number; byIp: number }> {
  const { rows } = await db.query<{ by_email: number; by_ip: number }>(
    `select
       (select count(*) from sign_in_attempts
         where email = $1 and not succeeded
           and created_at > greatest($3::timestamptz,
                 coalesce((select max(created_at) from sign_in_attempts where email = $1 and succeeded), $3::timestamptz))
       )::int as by_email,
       (select count(*) from sign_in_attempts where ip = $2 and not succeeded and created_at > $3::timestamptz)::int as by_ip`,
    [email, ip, since],
  )
  return { byEmail: rows[0]?.by_email ?? 0, byIp: rows[0]?.by_ip ?? 0 }
}

/** Account mails (tokens) of one purpose issued to a user since a moment: the per-mailbox cap. */
export async function countTokensIssuedSince(
  db: Queryable,
  userId: string,
  purpose: TokenPurpose,
  since: Date,
): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    'select count(*)::int as count from user_tokens where user_id = $1 and purpose = $2 and created_at > $3',
    [userId, purpose, since],
  )
  return rows[0]?.count ?? 0
}

/** Ends every token of the user (sign-out on the server): tokens carry the version they were made with. */
export async function bumpTokenVersion(db: Queryable, userId: string): Promise<void> {
  await db.query('update users set token_version = token_version + 1, updated_at = now() where id = $1', [userId])
}

// ---- Profile ----
export type ProfileOwner = { userId: string; roles: string[]; profile: ProfileWithEmail }

type ProfileRow = ProfileColumns & {
  id: string
  email: string
  roles: string[]
  version: number
}

function toOwner(row: ProfileRow | undefined): ProfileOwner | null {
  if (!row) return null
  return {
    userId: row.id,
    roles: row.roles,
    profile: {
      email: row.email,
      ...profileFields(row),
      role: primaryRole(normaliseRoles(row.roles)),
      version: row.version,
    },
  }
}

export type ProfileKey = { email: string } | { id: string }

/** The profile of one user by e-mail or id; `forUpdate` locks the user's row for an edit. */
export async function findProfile(
  db: Queryable,
  key: ProfileKey,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<ProfileOwner | null> {
  const [condition, value] = 'email' in key ? ['u.email = $1', key.email] : ['u.id = $1', key.id]
  const { rows } = await db.query<ProfileRow>(
    `select u.id, u.email, u.roles, u.version, p.full_name, p.phone_number, p.street_address, p.city, p.state,
            p.zip_code, p.country, p.gender, p.date_of_birth, p.newsletter_subscription
       from users u left join profiles p on p.user_id = u.id
      where ${condition}
      ${forUpdate ? 'for update of u' : ''}`,
    [value],
  )
  return toOwner(rows[0])
}

/** Column values to write; a key that is absent keeps the stored value. */
export type ProfileChanges = Partial<{
  full_name: string
  phone_number: string | null
  street_address: string | null
  city: string | null
  state: string | null
  zip_code: string | null
  gender: string | null
  date_of_birth: string | null
  newsletter_subscription: boolean
}>

const WRITABLE_COLUMNS = [
  'full_name',
  'phone_number',
  'street_address',
  'city',
  'state',
  'zip_code',
  'gender',
  'date_of_birth',
  'newsletter_subscription',
] as const satisfies readonly (keyof ProfileChanges)[]

/** Writes the changed columns, creating the profile row for a user who has none yet. */
export async function saveProfile(db: Queryable, userId: string, changes: ProfileChanges): Promise<void> {
  const columns = WRITABLE_COLUMNS.filter((column) => changes[column] !== undefined)
  const values = columns.map((column) => changes[column])
  const placeholders = columns.map((_, index) => `$${index + 2}`)
  const updates = columns.map((column) => `${column} = excluded.${column}`)
  await db.query(
    `insert into profiles (user_id${columns.map((column) => `, ${column}`).join('')})
     values ($1${placeholders.map((placeholder) => `, ${placeholder}`).join('')})
     on conflict (user_id) do update set ${[...updates, 'updated_at = now()'].join(', ')}`,
    [userId, ...values],
  )
  await db.query('update users set updated_at = now() where id = $1', [userId])
}

// ---- Users admin (staff) ----
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

export function findUser(db: Queryable, id: string): Promise<AdminUserView | null> {
  return queryOne(
    db,
    toView,
    `select ${USER_COLUMNS} from users u left join profiles p on p.user_id = u.id where u.id = $1`,
    [id],
  )
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
 * (platform/auth.ts compares the version on each request, and answers ROLES_CHANGED to a token older
 * than roles_changed_version). Answers the new version.
 */
export async function saveRoles(db: Queryable, id: string, roles: string[]): Promise<number> {
  const { rows } = await db.query<{ token_version: number }>(
    `update users set roles = $2, token_version = token_version + 1, roles_changed_version = token_version + 1,
                      updated_at = now()
      where id = $1
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

/** Accounts whose e-mail, written before addresses were normalised, clashes or holds look-alike characters. */
export async function countEmailsToReview(db: Queryable): Promise<{ clash: number; notPlain: number }> {
  const { rows } = await db.query<{ clash: number; not_plain: number }>(
    `select count(*) filter (where reason = 'clash')::int as clash,
            count(*) filter (where reason = 'not_plain')::int as not_plain
       from email_review`,
  )
  return { clash: rows[0]?.clash ?? 0, notPlain: rows[0]?.not_plain ?? 0 }
}

// ---- Their own data (docs/decisions.md, 'Their own data') ----
export type DataRequestKind = 'export' | 'delete'

export async function insertDataRequest(
  client: Queryable,
  request: { userId: string; emailMasked: string; kind: DataRequestKind; isCompleted: boolean },
): Promise<void> {
  await client.query(
    `insert into data_requests (user_id, email_masked, kind, completed_at)
     values ($1, $2, $3, case when $4 then now() end)`,
    [request.userId, request.emailMasked, request.kind, request.isCompleted],
  )
}

/** Marks the account's open deletion requests done, in the deletion's transaction. */
export async function completeDeletionRequests(client: Queryable, userId: string): Promise<void> {
  await client.query(
    `update data_requests set completed_at = now() where user_id = $1 and kind = 'delete' and completed_at is null`,
    [userId],
  )
}

/** Removes the account, its profile and tokens (cascade) and its sign-in attempts. */
export async function deleteAccount(client: Queryable, userId: string, email: string): Promise<void> {
  await client.query('delete from sign_in_attempts where email = $1::citext', [email])
  await client.query('delete from users where id = $1', [userId])
}

export type DataRequestRow = {
  id: string
  email_masked: string
  kind: DataRequestKind
  requested_at: Date
  completed_at: Date | null
  is_account_deleted: boolean
}

export async function listDataRequests(db: Queryable, limit: number): Promise<DataRequestRow[]> {
  return queryRows<DataRequestRow>(
    db,
    `select id, email_masked, kind, requested_at, completed_at, user_id is null as is_account_deleted
       from data_requests order by requested_at desc, id limit $1`,
    [limit],
  )
}
