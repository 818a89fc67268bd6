import { COUNTRY, GENDERS, type ProfileWithEmail } from '@shop/shared/schemas/profile.ts'
import { normaliseRoles, primaryRole } from '@shop/shared/rules/roles.ts'
import type { Queryable } from '../../platform/db.ts'

export type ProfileOwner = { userId: string; roles: string[]; profile: ProfileWithEmail }

type ProfileRow = {
  id: string
  email: string
  roles: string[]
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

function toOwner(row: ProfileRow | undefined): ProfileOwner | null {
  if (!row) return null
  const gender = (GENDERS as readonly string[]).includes(row.gender ?? '')
    ? (row.gender as (typeof GENDERS)[number])
    : ''
  return {
    userId: row.id,
    roles: row.roles,
    profile: {
      email: row.email,
      full_name: row.full_name ?? '',
      phone_number: row.phone_number ?? '',
      street_address: row.street_address ?? '',
      city: row.city ?? '',
      state: row.state ?? '',
      zip_code: row.zip_code ?? '',
      country: row.country ?? COUNTRY,
      gender,
      date_of_birth: row.date_of_birth,
      newsletter_subscription: row.newsletter_subscription ?? false,
      role: primaryRole(normaliseRoles(row.roles)),
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
    `select u.id, u.email, u.roles, p.full_name, p.phone_number, p.street_address, p.city, p.state,
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
