import { format } from '@shop/shared/messages/format.ts'
import { common } from '@shop/shared/messages/bs/common.ts'
import type { ClientErrorCode, ErrorCode } from '@shop/shared/errors/error-codes.ts'
import { endSession, getSession, replaceToken } from './auth-storage.ts'

/** A code of the API's vocabulary, or one the web gives a failure without a usable answer. */
export type ApiErrorCode = ErrorCode | ClientErrorCode

/** A failed call: `status` 0 means the request never got an answer. Clients branch on `code`. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  /**
   * The body's code as sent (customer-side.md §8: 'a code field is kept'), typed by the vocabulary
   * so that every comparison names a real code. Not checked at run time, which would put the whole
   * list into every page's first load: a code from outside it simply matches no comparison.
   */
  readonly code: ApiErrorCode | undefined
  /** The short English label of the API's error body (e.g. 'Invalid credentials'). */
  readonly errorLabel: string | undefined
  readonly body: unknown

  constructor(init: { status: number; message: string; code?: ApiErrorCode; errorLabel?: string; body?: unknown }) {
    super(init.message)
    this.status = init.status
    this.code = init.code
    this.errorLabel = init.errorLabel
    this.body = init.body
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/** customer-side.md §8: the message is the body's message or error field, else 'HTTP error {status}'. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const fields = isRecord(body) ? body : {}
  const message = nonEmptyText(fields.message) ?? nonEmptyText(fields.error) ?? format(common.httpError, { status })
  return new ApiError({
    status,
    message,
    code: nonEmptyText(fields.code) as ApiErrorCode | undefined,
    errorLabel: nonEmptyText(fields.error),
    body,
  })
}

/**
 * customer-side.md §8 ('the server message, or ...'): the server's own words (the body's message or
 * error field), else the page's fallback. 'HTTP error {status}' is only the last resort of a page
 * that has no fallback of its own, so a 500 with an empty body shows the fallback here.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !isRecord(error.body)) return fallback
  return nonEmptyText(error.body.message) ?? nonEmptyText(error.body.error) ?? fallback
}

/** customer-side.md §8: failures without an answer are wrapped as 'API request failed: {reason}'. */
export function networkError(reason: unknown): ApiError {
  const text = reason instanceof Error ? reason.message : String(reason)
  return new ApiError({ status: 0, code: 'NETWORK_ERROR', message: format(common.apiRequestFailed, { reason: text }) })
}

/** customer-side.md §7: responses are unwrapped from a 'data' field when present. */
export function unwrapData(body: unknown): unknown {
  return isRecord(body) && 'data' in body ? body.data : body
}

/**
 * customer-side.md §4 Session: an expired (or forged) token signs the user out; so does a token from
 * before an admin changed the user's roles (docs/decisions.md 'Users admin').
 */
export function isSignOutError(status: number, code: ApiErrorCode | undefined): boolean {
  return status === 401 && (code === 'TOKEN_EXPIRED' || code === 'TOKEN_INVALID' || code === 'ROLES_CHANGED')
}

const NUMERIC_KEY = /^\d+$/

/**
 * customer-side.md §7: a list may come as a plain array, an object wrapping it (under `key`, e.g.
 * 'products', or under its only array field) or an object with numeric keys. Anything else is empty.
 */
export function toList<T = unknown>(value: unknown, key?: string): T[] {
  if (Array.isArray(value)) return value as T[]
  if (!isRecord(value)) return []
  if (key !== undefined) {
    const wrapped = value[key]
    if (Array.isArray(wrapped)) return wrapped as T[]
  }
  const keys = Object.keys(value)
  if (keys.length > 0 && keys.every((name) => NUMERIC_KEY.test(name))) {
    return keys.sort((left, right) => Number(left) - Number(right)).map((name) => value[name] as T)
  }
  const arrays = keys.map((name) => value[name]).filter((field) => Array.isArray(field))
  return arrays.length === 1 ? (arrays[0] as T[]) : []
}

export type QueryValue = string | number | boolean | null | undefined

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** A plain value is sent as JSON; FormData (uploads) as multipart. */
  body?: unknown
  query?: Record<string, QueryValue>
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Keep the whole body instead of its 'data' field (e.g. to read a total beside a page). */
  unwrap?: boolean
  /** 'blob' for downloads such as the PDF catalogues. */
  responseType?: 'json' | 'blob'
}

export type TokenStore = {
  getToken(): string | null
  replaceToken(token: string): void
  /** Ends the session the server refused; `code` says why (TOKEN_EXPIRED, ROLES_CHANGED, ...). */
  signOut(code: ApiErrorCode | undefined): void
}

export type ApiClientOptions = {
  fetch: typeof fetch
  tokens: TokenStore
  baseUrl?: string
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.append(name, String(value))
  }
  const text = search.toString()
  return `${baseUrl}${path}${text ? (path.includes('?') ? '&' : '?') + text : ''}`
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined
  const text = await response.text()
  if (text === '') return undefined
  const type = response.headers.get('content-type') ?? ''
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return text
    }
  }
  return text
}

export type ApiClient = ReturnType<typeof createApiClient>

export function createApiClient({ fetch: send, tokens, baseUrl = '' }: ApiClientOptions) {
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const { method = 'GET', body, query, signal, unwrap = true, responseType = 'json' } = options
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
    const sentToken = tokens.getToken()
    if (sentToken) headers.Authorization = `Bearer ${sentToken}`
    let payload: BodyInit | undefined
    if (body instanceof FormData) {
      payload = body
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json'
      payload = JSON.stringify(body)
    }

    let response: Response
    try {
      response = await send(buildUrl(baseUrl, path, query), { method, headers, body: payload, signal })
    } catch (reason) {
      if (signal?.aborted) throw reason
      throw networkError(reason)
    }

    // ARCHITECTURE (Auth): a renewed token comes back in this header and replaces the stored one.
    const renewed = response.headers.get('X-Auth-Token')
    if (renewed && sentToken && tokens.getToken() === sentToken) tokens.replaceToken(renewed)

    if (!response.ok) {
      let errorBody: unknown
      try {
        errorBody = await readBody(response)
      } catch {
        errorBody = undefined
      }
      const error = errorFromResponse(response.status, errorBody)
      // Only the session that made the call is ended: a late answer must not sign out a newer sign-in.
      if (sentToken && isSignOutError(error.status, error.code) && tokens.getToken() === sentToken)
        tokens.signOut(error.code)
      throw error
    }

    if (responseType === 'blob') return (await response.blob()) as T
    let result: unknown
    try {
      result = await readBody(response)
    } catch (reason) {
      throw networkError(reason)
    }
    return (unwrap ? unwrapData(result) : result) as T
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
  }
}

let serverFetch: typeof fetch | undefined

/**
 * The server render (docs/decisions.md, Server rendering) answers the app's calls in-process, without a token: the API sets
 * this once when it loads the server bundle (entry-server.tsx).
 */
export function answerCallsWith(send: typeof fetch): void {
  serverFetch = send
}

/** The one client of the app: same origin, the stored token, sign-out on an expired token. */
export const api = createApiClient({
  fetch: (input, init) => (serverFetch ?? globalThis.fetch)(input, init),
  tokens: {
    getToken: () => getSession().token,
    replaceToken,
    signOut: (code) => endSession(code === 'ROLES_CHANGED' ? 'roles_changed' : 'expired'),
  },
})
