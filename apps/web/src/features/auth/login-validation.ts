import type { LoginInput } from '@shop/shared/schemas/auth.ts'
import { auth } from '@shop/shared/messages/bs/auth.ts'
import { isEmail, normaliseEmail } from '@shop/shared/rules/email.ts'

export type LoginField = keyof LoginInput

export type LoginCheck =
  { isValid: true; value: LoginInput } | { isValid: false; message: string; fields: LoginField[] }

/** customer-side.md §5 Login: both fields required, a valid e-mail, the e-mail trimmed and lower-cased. */
export function checkLoginInput(input: LoginInput): LoginCheck {
  const email = normaliseEmail(input.email)
  const { password } = input
  if (email === '' || password === '') {
    const fields: LoginField[] = []
    if (email === '') fields.push('email')
    if (password === '') fields.push('password')
    return { isValid: false, message: auth.emailAndPasswordRequired, fields }
  }
  if (!isEmail(email)) return { isValid: false, message: auth.loginEmailInvalid, fields: ['email'] }
  return { isValid: true, value: { email, password } }
}
