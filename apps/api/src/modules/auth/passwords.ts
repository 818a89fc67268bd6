import { randomBytes } from 'node:crypto'
import argon2 from 'argon2'

/** ARCHITECTURE: Auth — argon2id with the library's defaults (64 MiB, 3 passes). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id })
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password)
  } catch {
    // A malformed stored hash is a wrong password, not a server error.
    return false
  }
}

let dummyHash: Promise<string> | undefined

/**
 * DECISIONS: sign-in never tells whether an e-mail exists. An unknown e-mail is checked
 * against this hash of a random password, so both answers take the time of one argon2 verify.
 */
export function passwordHashForUnknownUser(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return dummyHash
}
