import fs from 'node:fs'
import path from 'node:path'

/**
 * PGlite has no lock on its data directory and two processes on one directory corrupt it
 * silently (ARCHITECTURE: Data). This exclusive lock file refuses a second process; a lock
 * left by a process that no longer runs is taken over.
 */
const lockedHere = new Set<string>()

export function lockDataDirectory(directory: string): () => void {
  fs.mkdirSync(directory, { recursive: true })
  const lockFile = path.join(directory, 'shop.lock')
  if (lockedHere.has(lockFile)) throw inUse(directory, process.pid)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' })
      lockedHere.add(lockFile)
      return () => {
        lockedHere.delete(lockFile)
        fs.rmSync(lockFile, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(fs.readFileSync(lockFile, 'utf8').trim())
      // A lock with our own pid that this process did not take is left over from an earlier
      // run that had the same pid (common in containers), so it is stale like a dead owner's.
      if (owner && owner !== process.pid && isRunning(owner)) throw inUse(directory, owner)
      fs.rmSync(lockFile, { force: true })
    }
  }
  throw new Error(`Could not lock ${directory}`)
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function inUse(directory: string, owner: number): Error {
  return new Error(
    `The embedded database in ${directory} is already in use by process ${owner}. ` +
      'Stop that process first, or give this one another DATA_DIR (or a DATABASE_URL).',
  )
}
