import { z } from 'zod'
import { account } from '../messages/bs/account.ts'
import { auth } from '../messages/bs/auth.ts'
import { common } from '../messages/bs/common.ts'
import { isCommonPassword, isGuessablePassword } from '../rules/common-password.ts'
import { parseDisplayDate } from '../rules/date-of-birth.ts'
import { hasOnlyPlainCharacters, isEmail } from '../rules/email.ts'
import { ROLES } from '../rules/roles.ts'
import {
  displayDateOfBirthField,
  genderField,
  isoDateOfBirthField,
  optionalAddressFields,
  optionalText,
  profileView,
  shopToday,
  type Today,
} from './profile.ts'

export const PASSWORD_MIN_LENGTH = 8

const required = auth.requiredFields

/**
 * An e-mail field: normalised (NFKC), trimmed and lower-cased before the format check (customer-side.md
 * §5 Login); invisible characters and look-alike letters are refused with a message of their own.
 */
function emailField(requiredMessage: string, invalidMessage: string) {
  return z
    .string({ error: requiredMessage })
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .min(1, requiredMessage)
    .refine(hasOnlyPlainCharacters, { error: common.emailLookAlike, abort: true })
    .refine(isEmail, invalidMessage)
}

function passwordField(requiredMessage: string, tooShortMessage: string) {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, tooShortMessage)
    .refine(isNewPasswordAllowed, auth.passwordTooCommon)
    .refine(isNewPasswordHardToGuess, auth.passwordTooGuessable)
}

/** OWASP ASVS 2.1.7: a new password is none of the most common ones (every place one is chosen). */
export function isNewPasswordAllowed(password: string): boolean {
  return !isCommonPassword(password)
}

/**
 * Nor one of the patterns guessed first (docs/decisions.md, 'Passwords that are guessed first'); a
 * password of the list itself gets only the list's message.
 */
export function isNewPasswordHardToGuess(password: string): boolean {
  return isCommonPassword(password) || !isGuessablePassword(password)
}

const hasStrings = (value: unknown, ...keys: string[]) =>
  typeof value === 'object' &&
  value !== null &&
  keys.every((key) => typeof (value as Record<string, unknown>)[key] === 'string')

/** Options of the "passwords match" refinement: it runs as soon as both are strings, even while other fields fail. */
export function confirmationOptions(passwordKey: string, message: string = auth.passwordsDoNotMatch) {
  return {
    message,
    path: ['confirmPassword'],
    when: ({ value }: { value: unknown }) => hasStrings(value, passwordKey, 'confirmPassword'),
  }
}

/** The form of a password payload: the payload and a confirmation that must equal its `passwordKey`. */
function withConfirmation<Shape extends z.ZodRawShape>(
  payload: z.ZodObject<Shape>,
  passwordKey: keyof Shape & string,
  requiredMessage: string,
) {
  return payload
    .extend({ confirmPassword: z.string({ error: requiredMessage }) })
    .refine(
      (form: Record<string, unknown>) => form[passwordKey] === form.confirmPassword,
      confirmationOptions(passwordKey),
    )
}

// Field rules shared by the API payload and the web form (customer-side.md §5 Registration).
const registrationFields = {
  email: emailField(required, auth.registerEmailInvalid),
  password: passwordField(required, auth.passwordTooShort),
  full_name: z.string({ error: required }).trim().min(1, required).max(200, common.validationFailed),
  phone_number: optionalText(40),
  ...optionalAddressFields,
  // DECISIONS: stored as 'Bosna i Hercegovina' whatever is sent.
  country: z.string().nullish(),
  gender: genderField,
  newsletter_subscription: z.boolean().default(false),
}

/** POST /api/auth/register (customer-side.md §3 Registration payload); a sent 'role' is dropped. */
export const createRegisterInput = (today: Today = shopToday) =>
  z.object({ ...registrationFields, date_of_birth: isoDateOfBirthField(today) })
export const registerInput = createRegisterInput()
export type RegisterInput = z.infer<typeof registerInput>

const accepted = z.boolean({ error: auth.termsRequired }).refine((value) => value, auth.termsRequired)

/** The registration form: confirmation, DD/MM/GGGG date and the two acceptances, which are not sent. */
export const createRegisterForm = (today: Today = shopToday) =>
  z
    .object({
      ...registrationFields,
      confirmPassword: z.string({ error: required }).min(1, required),
      date_of_birth: displayDateOfBirthField(today),
      acceptTerms: accepted,
      acceptPrivacy: accepted,
    })
    .refine((form) => form.password === form.confirmPassword, confirmationOptions('password'))
export const registerForm = createRegisterForm()
export type RegisterForm = z.infer<typeof registerForm>

export function registerFormToInput(form: RegisterForm): RegisterInput {
  const { confirmPassword: _confirm, acceptTerms: _terms, acceptPrivacy: _privacy, ...input } = form
  const parsed = parseDisplayDate(form.date_of_birth)
  return { ...input, date_of_birth: parsed.ok ? parsed.isoDate : form.date_of_birth }
}

/** POST /api/auth/login (customer-side.md §5 Login). */
export const loginInput = z.object({
  email: emailField(auth.emailAndPasswordRequired, auth.loginEmailInvalid),
  password: z.string({ error: auth.emailAndPasswordRequired }).min(1, auth.emailAndPasswordRequired),
})
export type LoginInput = z.infer<typeof loginInput>

/** POST /api/auth/forgot-password and /api/auth/resend-verification (staff-and-content.md §5). */
export const emailOnlyInput = z.object({
  email: emailField(auth.forgotEmailRequired, auth.forgotEmailInvalid),
})
export type EmailOnlyInput = z.infer<typeof emailOnlyInput>
export const forgotPasswordInput = emailOnlyInput
export const resendVerificationInput = emailOnlyInput

/** POST /api/auth/reset-password/{token} (staff-and-content.md §5 Reset password). */
export const resetPasswordInput = z.object({
  password: passwordField(auth.resetPasswordRequired, auth.resetPasswordTooShort),
})
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>
export const resetPasswordForm = withConfirmation(resetPasswordInput, 'password', auth.resetPasswordRequired)

/** PATCH /api/auth/password (customer-side.md §5 Account profile, change password). */
export const changePasswordInput = z.object({
  currentPassword: z.string({ error: account.currentPasswordRequired }).min(1, account.currentPasswordRequired),
  newPassword: passwordField(account.newPasswordRequired, account.newPasswordTooShort),
})
export type ChangePasswordInput = z.infer<typeof changePasswordInput>
export const changePasswordForm = withConfirmation(changePasswordInput, 'newPassword', account.newPasswordRequired)

/** The signed-in user as GET /api/auth/me, login and registration answer it (customer-side.md §3 User). */
export const sessionUser = z.object({
  id: z.string(),
  _id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  roles: z.array(z.enum(ROLES)),
  isVerified: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  profile: profileView,
})
export type SessionUser = z.infer<typeof sessionUser>

export const loginResult = z.object({ token: z.string(), user: sessionUser })
export const registerResult = z.object({ user: sessionUser, verification: z.object({ sent: z.boolean() }) })
