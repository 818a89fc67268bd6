import { COMMON_PASSWORDS_TEXT } from './common-passwords-list.ts'

// OWASP ASVS 2.1.7: passwords are checked against a list of the most common (breached) ones.
let commonPasswords: Set<string> | undefined

function list(): Set<string> {
  commonPasswords ??= new Set(COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean))
  return commonPasswords
}

/** True when the password, in any letter case, is one of the most common passwords. */
export function isCommonPassword(password: string): boolean {
  return list().has(password.toLowerCase())
}
