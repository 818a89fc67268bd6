import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Queryable } from './db.ts'

const NAME = 'token-signing-key'

/** Where shops before the database-kept key generated it; taken over once, so that signed-in users stay signed in. */
export const legacySecretFile = (dataDir: string) => path.join(dataDir, 'auth-secret')

/**
 * The key tokens are signed with: AUTH_SECRET when it is set; otherwise one the shop generates on its
 * first start and keeps in its database (table shop_secrets), so that every API process of the shop,
 * on one machine or several, signs and verifies with the same key without any setting, and a
 * database backup carries it. Two processes starting at once agree: the first insert wins and both
 * read it back. Needs the migrations (0012); the token service asks for it on first use.
 */
export async function signingKeyOf(db: Queryable, config: { authSecret?: string; dataDir: string }): Promise<string> {
  if (config.authSecret) return config.authSecret
  const candidate = readLegacySecret(config.dataDir) ?? randomBytes(48).toString('base64url')
  await db.query(`insert into shop_secrets (name, value) values ($1, $2) on conflict (name) do nothing`, [
    NAME,
    candidate,
  ])
  const { rows } = await db.query<{ value: string }>(`select value from shop_secrets where name = $1`, [NAME])
  const key = rows[0]?.value
  if (!key) throw new Error('shop_secrets holds no token signing key after inserting one')
  return key
}

function readLegacySecret(dataDir: string): string | undefined {
  try {
    const secret = fs.readFileSync(legacySecretFile(dataDir), 'utf8').trim()
    return secret.length >= 32 ? secret : undefined
  } catch {
    return undefined
  }
}
