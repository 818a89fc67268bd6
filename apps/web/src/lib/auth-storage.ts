// The signed-in session as the browser keeps it (customer-side.md §4 Session): the token and the
// user in localStorage, mirrored in memory so that React can subscribe to one stable snapshot.

export const TOKEN_KEY = 'shop.token'
export const USER_KEY = 'shop.user'

export type SessionUser = {
  id: string
  email: string
  /** The most powerful role; `roles` holds every role, both as the API sent them. */
  role: string
  roles: string[]
  isVerified?: boolean
  profile?: Record<string, unknown> | null
}

/**
 * Why the server ended a session (docs/decisions.md 'Staff area'): its token expired or was refused, or
 * an admin changed the user's roles. Kept in memory beside the signed-out session until the next sign-in.
 */
export type SessionEnd = 'expired' | 'roles_changed'

export type StoredSession = { token: string | null; user: SessionUser | null; endedBy?: SessionEnd }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Accepts the user object of the API (id or _id, role and/or roles); anything without id and e-mail is no user. */
export function parseSessionUser(value: unknown): SessionUser | null {
  if (!isRecord(value)) return null
  const rawId = value.id ?? value._id
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : ''
  const email = typeof value.email === 'string' ? value.email : ''
  if (id === '' || email === '') return null
  const roles = Array.isArray(value.roles) ? value.roles.filter((role): role is string => typeof role === 'string') : []
  const role = typeof value.role === 'string' && value.role !== '' ? value.role : (roles[0] ?? 'user')
  if (!roles.some((known) => known.toLowerCase() === role.toLowerCase())) roles.push(role)
  return {
    id,
    email,
    role,
    roles,
    ...(typeof value.isVerified === 'boolean' ? { isVerified: value.isVerified } : {}),
    ...(isRecord(value.profile) || value.profile === null ? { profile: value.profile } : {}),
  }
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    // Storage can be switched off by the browser's privacy settings; the session then lives in memory only.
    return undefined
  }
}

/**
 * The one signed-out value: the hydration renders with it (getGuestSession) and a guest's stored
 * session is this same object, so useSyncExternalStore sees nothing change after the hydration
 * (a new, equal object made React render the whole app again, synchronously, on every page load).
 */
const GUEST: StoredSession = { token: null, user: null }

function readStored(): StoredSession {
  const store = storage()
  const token = store?.getItem(TOKEN_KEY) ?? null
  let user: SessionUser | null = null
  try {
    user = parseSessionUser(JSON.parse(store?.getItem(USER_KEY) ?? 'null'))
  } catch {
    user = null
  }
  return token && user ? { token, user } : GUEST
}

let snapshot: StoredSession | undefined
const listeners = new Set<() => void>()
let isListeningToOtherTabs = false

function publish(next: StoredSession): void {
  snapshot = next
  for (const listener of listeners) listener()
}

function write(next: StoredSession): void {
  const store = storage()
  try {
    if (next.token && next.user) {
      store?.setItem(TOKEN_KEY, next.token)
      store?.setItem(USER_KEY, JSON.stringify(next.user))
    } else {
      store?.removeItem(TOKEN_KEY)
      store?.removeItem(USER_KEY)
    }
  } catch {
    // A full or blocked storage keeps the session for this page only.
  }
  publish(next)
}

/**
 * The session a server render assumes (docs/decisions.md, Server rendering): the server never sees the stored token, so the
 * hydration renders as a guest and the stored session follows right after (useSyncExternalStore).
 */
export function getGuestSession(): StoredSession {
  return GUEST
}

export function getSession(): StoredSession {
  snapshot ??= readStored()
  return snapshot
}

/** Calls `listener` after every change, including sign-in or sign-out in another tab. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  if (!isListeningToOtherTabs && typeof window !== 'undefined') {
    isListeningToOtherTabs = true
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) publish(readStored())
    })
  }
  return () => listeners.delete(listener)
}

export function saveSession(token: string, user: SessionUser): void {
  write({ token, user })
}

export function saveUser(user: SessionUser): void {
  const { token } = getSession()
  if (token) write({ token, user })
}

export function replaceToken(token: string): void {
  const { user } = getSession()
  if (user) write({ token, user })
}

export function clearSession(): void {
  write(GUEST)
}

/** The server refused the session: signed out, remembering why, so the app can say so. */
export function endSession(reason: SessionEnd): void {
  write({ token: null, user: null, endedBy: reason })
}
