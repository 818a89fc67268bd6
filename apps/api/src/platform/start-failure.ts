import path from 'node:path'

// What an operator reads when the shop cannot start: the cause in a sentence and what to do, not a
// stack trace: a start on a full disk stops with a message that names the disk (docs/decisions.md, 'Faults').

const FULL_DISK = /ENOSPC|No space left on device|could not extend file/i
const OPERATOR_MESSAGE = /^(Invalid configuration|Storage:|S3 storage:)/

/** One message for a failed start; `dataDir` as configured (DATA_DIR), when known. */
export function describeStartFailure(error: unknown, dataDir: string | undefined): string {
  const where = dataDir ? `DATA_DIR (${path.resolve(dataDir)})` : 'DATA_DIR'
  const failure = error instanceof Error ? (error as NodeJS.ErrnoException) : undefined
  const detail = failure?.message ?? String(error)
  if (failure?.code === 'ENOSPC' || FULL_DISK.test(detail)) {
    return `The shop cannot start: no space is left on the disk of ${where}. Free some space, or move DATA_DIR to a larger disk, and start it again. (${detail})`
  }
  if (failure?.code === 'EACCES' || failure?.code === 'EPERM' || failure?.code === 'EROFS') {
    const file = failure.path ? `${failure.path} in ` : ''
    return `The shop cannot start: it may not write ${file}${where}. Give the user it runs as write access to DATA_DIR, or choose another DATA_DIR. (${detail})`
  }
  // The start-up checks' own messages name the variable at fault already (config.ts, storage*.ts).
  if (OPERATOR_MESSAGE.test(detail)) return `The shop cannot start. ${detail}`
  return `The shop cannot start: ${failure?.stack ?? detail}`
}
