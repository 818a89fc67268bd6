import { z } from 'zod'
import { adminUsers as text } from '../messages/bs/admin-users.ts'
import { ROLES } from '../rules/roles.ts'
import { pageCountFields } from './page.ts'
import { MAX_SEARCH_LENGTH } from '../rules/search.ts'
import { auth } from '../messages/bs/auth.ts'
import { PASSWORD_MIN_LENGTH, confirmationOptions, isNewPasswordAllowed, isNewPasswordHardToGuess } from './auth.ts'

/** staff-and-content.md §4 User roles: the roles an admin grants or revokes, one call each. */
export const MANAGED_ROLES = ['admin', 'store_manager', 'wholesale'] as const
export type ManagedRole = (typeof MANAGED_ROLES)[number]
export const ROLE_ACTIONS = ['add', 'remove'] as const
export type RoleAction = (typeof ROLE_ACTIONS)[number]

/** Accounts on one page of the users admin; a client may ask for up to 100. */
export const ADMIN_USERS_PAGE_SIZE = 20
export const ADMIN_USERS_MAX_PAGE_SIZE = 100
/** argon2 hashes anything, but a megabyte "password" is an attack, not a password. */
export const PASSWORD_MAX_LENGTH = 200

/** GET /api/users and GET /api/users/search: an e-mail fragment (case-insensitive, anywhere) and the page. */
export const adminUserListQuery = z.object({
  query: z.string().trim().max(MAX_SEARCH_LENGTH).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_USERS_MAX_PAGE_SIZE).default(ADMIN_USERS_PAGE_SIZE),
})
export type AdminUserListQuery = z.infer<typeof adminUserListQuery>

/** One account as the users admin shows it (staff-and-content.md §3 User, plus what the table needs). */
export const adminUserView = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  roles: z.array(z.enum(ROLES)),
  isVerified: z.boolean(),
  isDisabled: z.boolean(),
  created_at: z.string(),
})
export type AdminUserView = z.infer<typeof adminUserView>

export const adminUserListView = z.object({
  users: z.array(adminUserView),
  ...pageCountFields,
  /** Whether total is exact: always for the whole list; for a search, total is a lower bound once more
   * than a window past the page match. */
  isTotalExact: z.boolean(),
  pageSize: z.number(),
})
export type AdminUserList = z.infer<typeof adminUserListView>

/** POST /api/users/{id}/roles/{role}/{add|remove} (staff-and-content.md §7). */
export const roleChangeParams = z.object({
  id: z.string().describe('User id (UUID)'),
  role: z.enum(MANAGED_ROLES, { error: text.roleInvalid }),
  action: z.enum(ROLE_ACTIONS, { error: text.actionInvalid }),
})

/** PUT /api/users/{email}/password (staff-and-content.md §5 Password change by admin). */
export const adminPasswordInput = z.object(
  {
    password: z
      .string({ error: text.passwordRequired })
      .min(1, text.passwordRequired)
      .min(PASSWORD_MIN_LENGTH, text.passwordTooShort)
      .max(PASSWORD_MAX_LENGTH, text.passwordTooLong)
      .refine(isNewPasswordAllowed, auth.passwordTooCommon)
      .refine(isNewPasswordHardToGuess, auth.passwordTooGuessable),
  },
  { error: text.passwordRequired },
)
export type AdminPasswordInput = z.infer<typeof adminPasswordInput>

/** The set-password dialog: the same rules and a confirmation that must match. */
export const adminPasswordForm = adminPasswordInput
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, confirmationOptions('password', text.passwordsDoNotMatch))
export type AdminPasswordForm = z.infer<typeof adminPasswordForm>
