// `npm run backup -- <directory>` and `npm run restore -- <file> [--force]` (docs/decisions.md, 'Backups'), for the
// shop configured by the same environment as the API processes (DATA_DIR, DATABASE_URL, S3_*).
import fs from 'node:fs'
import { loadConfig } from '../platform/config.ts'
import { BackupError, createBackup, restoreBackup } from './backup.ts'

const USAGE = `Usage:
  npm run backup -- <directory>            writes shop-backup-<UTC time>.tar into the directory
  npm run restore -- <backup file> [--force]  restores it; --force replaces a non-empty database or storage`

const print = (text: string) => process.stdout.write(`${text}\n`)
const printError = (text: string) => process.stderr.write(`${text}\n`)

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  const force = rest.includes('--force')
  const positional = rest.filter((argument) => !argument.startsWith('--'))
  const unknown = rest.filter((argument) => argument.startsWith('--') && argument !== '--force')
  if ((command !== 'backup' && command !== 'restore') || positional.length !== 1 || unknown.length > 0) {
    printError(USAGE)
    return 2
  }
  if (command === 'backup' && force) {
    printError(`--force belongs to restore.\n${USAGE}`)
    return 2
  }
  // The commands read the database and storage settings; the shop's generated signing key travels
  // inside its database (and, for a shop from before that, as DATA_DIR/auth-secret).
  const config = loadConfig(process.env)
  const log = (line: string) => print(`  ${line}`)
  const tools = { pgDump: process.env.PG_DUMP, pgRestore: process.env.PG_RESTORE }
  const target = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`
  const files = config.s3 ? `bucket ${config.s3.bucket}` : `${config.dataDir}/uploads`
  if (command === 'backup') {
    print(`Backing up ${target} and the files of ${files}`)
    const { file, manifest } = await createBackup({ config, directory: positional[0]!, log, tools })
    const bytes = fs.statSync(file).size
    print(`Backup written: ${file} (${(bytes / 1e6).toFixed(1)} MB, ${manifest.files.length} files)`)
  } else {
    print(`Restoring ${positional[0]} into ${target} and ${files}`)
    const manifest = await restoreBackup({ config, file: positional[0]!, force, log, tools })
    print(
      `Restored the backup of ${manifest.createdAt}: ${Object.keys(manifest.database.tables).length} tables, ${manifest.files.length} files`,
    )
  }
  return 0
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      error instanceof BackupError || (error instanceof Error && error.message.startsWith('Invalid configuration'))
        ? error.message
        : `Unexpected failure: ${(error as Error).stack ?? String(error)}`
    printError(message)
    process.exit(1)
  },
)
