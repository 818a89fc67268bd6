import path from 'node:path'

// What an operator reads when the shop cannot start: the cause in a sentence and what to do, not a
// stack trace: a start on a full disk stops with a message that names the disk (docs/decisions.md, 'Faults').

const FULL_DISK = /ENOSPC|No space left on device|could not extend file/i
const OPERATOR_MESSAGE = /^(Invalid configuration|Storage:|S3 storage:)/
/** A PostgreSQL server that cannot be reached, or that refuses the user, password or database. */
const DATABASE_UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '28P01',
  '28000',
  '3D000',
])

/** DATABASE_URL as an operator may read it in a log: the password replaced. */
export function withoutPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl)
    if (url.password) url.password = '***'
    return url.toString()
  } catch {
    return '(not a URL)'
  }
}

/**
 * One message for a failed start; `dataDir` as configured (DATA_DIR) and `databaseUrl` (DATABASE_URL),
 * when known.
 */
export function describeStartFailure(error: unknown, dataDir: string | undefined, databaseUrl?: string): string {
  const where = dataDir ? `DATA_DIR (${path.resolve(dataDir)})` : 'DATA_DIR'
  const failure = error instanceof Error ? (error as NodeJS.ErrnoException) : undefined
  const detail = failure?.message ?? String(error)
  if (failure?.code === 'ENOSPC' || FULL_DISK.test(detail)) {
    return `The shop cannot start: no space is left on the disk of ${where}. Free some space, or move DATA_DIR to a larger disk, and start it again. (${detail})`
  }
  if (databaseUrl && failure?.code && DATABASE_UNREACHABLE.has(failure.code)) {
    return `The shop cannot start: it cannot use the database at DATABASE_URL (${withoutPassword(databaseUrl)}). Check that the PostgreSQL server runs and answers there, and that the user, password and database name are right. (${detail})`
  }
  if (failure?.code === 'EROFS') {
    return `The shop cannot start: ${where} is on a read-only file system. Choose a DATA_DIR on a writable disk. (${detail})`
  }
  if (failure?.code === 'EACCES' || failure?.code === 'EPERM') {
    const file = failure.path ? `${failure.path} in ` : ''
    return `The shop cannot start: it may not write ${file}${where}. Give the user it runs as write access to DATA_DIR, or choose another DATA_DIR. (${detail})`
  }
  // The start-up checks' own messages name the variable at fault already (config.ts, storage*.ts).
  if (OPERATOR_MESSAGE.test(detail)) return `The shop cannot start. ${detail}`
  return `The shop cannot start: ${failure?.stack ?? detail}`
}
