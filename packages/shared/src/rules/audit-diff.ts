import { adminLogs } from '../messages/bs/admin-logs.ts'
import { format } from '../messages/format.ts'

/**
 * The readable diff of an audit entry: the fields that differ between `before` and `after`, with the
 * old and the new value. Nested objects are flattened to dotted paths ('shipping.price'); arrays are
 * compared as whole values (a list of images or roles reads better as one before/after pair than as
 * index paths). Secrets (password hashes, tokens) are never shown: the field is listed as changed,
 * its values are null and `secret` is true.
 */
export type AuditChange = {
  path: string
  kind: 'added' | 'removed' | 'changed'
  before: unknown
  after: unknown
  secret: boolean
}

/** A key whose value must never leave the server: password hashes, reset tokens, secrets, API keys. */
const SECRET_KEY = /pass(word|wd)|secret|token|hash|api_?key|otp/i

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key)
}

/** A non-null object that is not an array: what gets flattened. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

type Leaf = { value: unknown; secret: boolean }

/** Dotted path -> value of every leaf; an empty object is a leaf of its own, so that {} vs null shows. */
function flatten(value: unknown, prefix = '', secret = false, into = new Map<string, Leaf>()): Map<string, Leaf> {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, secret || isSecretKey(key), into)
    }
  } else if (prefix !== '' || value !== null) {
    into.set(prefix, { value, secret })
  }
  return into
}

/** Deep equality of JSON values; object key order does not matter, array order does. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, index) => jsonEqual(item, b[index]))
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a)
    if (keys.length !== Object.keys(b).length) return false
    return keys.every((key) => key in b && jsonEqual(a[key], b[key]))
  }
  return false
}

/** The changed fields of an audit entry, in the order they appear (after's fields first). */
export function auditDiff(before: unknown, after: unknown): AuditChange[] {
  const old = flatten(before ?? null)
  const now = flatten(after ?? null)
  const paths = [...new Set([...now.keys(), ...old.keys()])]
  const changes: AuditChange[] = []
  for (const path of paths) {
    const was = old.get(path)
    const is = now.get(path)
    if (was && is && jsonEqual(was.value, is.value)) continue
    const secret = (was?.secret ?? false) || (is?.secret ?? false)
    changes.push({
      path,
      kind: !was ? 'added' : !is ? 'removed' : 'changed',
      before: secret || !was ? null : was.value,
      after: secret || !is ? null : is.value,
      secret,
    })
  }
  return changes
}

const REDACTED = '[skriveno]'

/** A copy of a JSON value with every secret's value replaced, for the details answer of the API. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets)
  if (!isPlainObject(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, isSecretKey(key) ? REDACTED : redactSecrets(child)]),
  )
}

/** How a diff value reads in one line: text as it is, other JSON compactly, nothing as ''. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}

/** Top-level fields that name what an entry is about, in order of preference. */
const SUBJECT_FIELDS = ['name', 'title', 'email', 'full_name', 'customId', 'code', 'section', 'label']

function subjectOf(before: unknown, after: unknown): string | undefined {
  for (const side of [after, before]) {
    if (!isPlainObject(side)) continue
    for (const field of SUBJECT_FIELDS) {
      const value = side[field]
      if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') return String(value)
    }
  }
  return undefined
}

/** The longest summary the list shows; the details show everything. */
export const SUMMARY_MAX_LENGTH = 140
const SHORT_VALUE = 24
/**
 * Fields every update touches ('updatedAt', the record's version of docs/decisions.md ('Edits that never overwrite each other')): they say
 * nothing in one line; the details still show them.
 */
const BOOKKEEPING = /(^|\.)(updated_?at|created_?at|version)$/i
const SUMMARY_FIELDS = 3

function shortValue(value: unknown): string | undefined {
  // A list of plain values (roles, sizes) reads as words; any other object is too long for one line.
  const isWordList = Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')
  if (value !== null && typeof value === 'object' && !isWordList) return undefined
  const text = isWordList ? value.join(', ') : formatAuditValue(value)
  return text.length <= SHORT_VALUE ? text || adminLogs.details.empty : undefined
}

/** The first changed fields of an update in one line ('status: pending → processing, price +2'), or ''. */
export function changedFieldsLine(before: unknown, after: unknown): string {
  if (!isPlainObject(before) || !isPlainObject(after)) return ''
  const changes = auditDiff(before, after).filter((change) => !BOOKKEEPING.test(change.path))
  if (changes.length === 0) return ''
  const shown = changes.slice(0, SUMMARY_FIELDS).map((change) => {
    const was = change.secret ? undefined : shortValue(change.before)
    const is = change.secret ? undefined : shortValue(change.after)
    return was !== undefined && is !== undefined ? `${change.path}: ${was} → ${is}` : change.path
  })
  const rest = changes.length - shown.length
  return rest > 0 ? `${shown.join(', ')} ${format(adminLogs.summary.more, { count: rest })}` : shown.join(', ')
}

/**
 * One line for the list: what the entry is about (a name, title or e-mail) and, for a change, the
 * first changed fields ('status: pending → processing'), or the reason of a refused sign-in.
 */
export function summarizeAuditEntry(entry: { before: unknown; after: unknown }): string {
  const { before, after } = entry
  const parts: string[] = []
  const subject = subjectOf(before, after)
  if (subject) parts.push(subject)
  if (isPlainObject(after) && typeof after.reason === 'string') {
    parts.push(adminLogs.reasons[after.reason] ?? after.reason)
  }
  if (isPlainObject(before) && isPlainObject(after)) {
    const fields = changedFieldsLine(before, after)
    if (fields) parts.push(format(adminLogs.summary.changed, { fields }))
  } else if (before !== null && before !== undefined && (after === null || after === undefined)) {
    parts.push(adminLogs.summary.deleted)
  }
  const line = parts.join(' · ')
  return line.length > SUMMARY_MAX_LENGTH ? `${line.slice(0, SUMMARY_MAX_LENGTH - 1)}…` : line
}
