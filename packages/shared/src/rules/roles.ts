export const ROLES = ['user', 'wholesale', 'store_manager', 'admin'] as const
export type Role = (typeof ROLES)[number]

export const STAFF_ROLES: readonly Role[] = ['store_manager', 'admin']
export const ADMIN_ROLES: readonly Role[] = ['admin']
export const WHOLESALE_PRICE_ROLES: readonly Role[] = ['wholesale', 'store_manager', 'admin']

const RANK: Record<Role, number> = { user: 0, wholesale: 1, store_manager: 2, admin: 3 }

/** Roles are compared case-insensitively (specification §6); unknown names are dropped. */
export function normaliseRoles(roles: readonly string[]): Role[] {
  const known = new Set<Role>()
  for (const role of roles) {
    const lower = role.trim().toLowerCase()
    if ((ROLES as readonly string[]).includes(lower)) known.add(lower as Role)
  }
  return [...known]
}

/** The single `role` of the signed-in user: the most powerful of their roles. */
export function primaryRole(roles: readonly string[]): Role {
  return normaliseRoles(roles).reduce<Role>((best, role) => (RANK[role] > RANK[best] ? role : best), 'user')
}

export function hasAnyRole(roles: readonly string[] | undefined, allowed: readonly Role[]): boolean {
  if (!roles) return false
  return normaliseRoles(roles).some((role) => allowed.includes(role))
}

export function isStaff(roles: readonly string[] | undefined): boolean {
  return hasAnyRole(roles, STAFF_ROLES)
}

export function canSeeWholesalePrices(roles: readonly string[] | undefined): boolean {
  return hasAnyRole(roles, WHOLESALE_PRICE_ROLES)
}
