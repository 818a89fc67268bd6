// `npm run create-admin` (docs/production.md, The first admin): creates the shop's first admin, or
// promotes an existing account, on the database of the same environment as the API processes
// (DATA_DIR's embedded database, or DATABASE_URL). The e-mail and password come from ADMIN_EMAIL and
// ADMIN_PASSWORD, or are asked for on a terminal (the password twice, not echoed).
import path from 'node:path'
import { createInterface } from 'node:readline/promises'
import { messages } from '@shop/shared/messages/bs.ts'
import { loadConfig, type Config } from '../platform/config.ts'
import { isConnectionFailure, openDatabase, type Database } from '../platform/db.ts'
import { migrate } from '../platform/migrate.ts'
import { checkCredentials, createOrPromoteAdmin, describeOutcome } from './create-admin-account.ts'

const print = (text: string) => process.stdout.write(`${text}\n`)
const printError = (text: string) => process.stderr.write(`${text}\n`)

/** A failure with a message for the operator; printed as it is, exit code 1. */
class OperatorError extends Error {}

/** Ctrl-C at a prompt. */
class Cancelled extends Error {}

async function main(): Promise<number> {
  const config = loadConfig(process.env)
  // Like PG_DUMP for the backup command, these two belong to this command only, not to the shop's configuration.
  const given = {
    email: process.env.ADMIN_EMAIL || undefined,
    password: process.env.ADMIN_PASSWORD || undefined,
  }
  const checked = checkCredentials(await completeCredentials(given))
  if (!checked.ok) {
    printError(`No account was changed:\n  ${checked.problems.join('\n  ')}`)
    return 1
  }
  const db = await openShopDatabase(config)
  try {
    const applied = await migrate(db)
    if (applied.length > 0) print(`Applied ${applied.length} migrations to the database first.`)
    print(describeOutcome(await createOrPromoteAdmin(db, checked.credentials)))
  } finally {
    await db.close()
  }
  return 0
}

/** What the environment does not give is asked for on the terminal; without a terminal that is an error. */
async function completeCredentials(given: {
  email: string | undefined
  password: string | undefined
}): Promise<{ email: string; password: string }> {
  if (given.email !== undefined && given.password !== undefined) {
    return { email: given.email, password: given.password }
  }
  if (!process.stdin.isTTY) {
    const missing = [
      given.email === undefined ? 'ADMIN_EMAIL' : [],
      given.password === undefined ? 'ADMIN_PASSWORD' : [],
    ]
      .flat()
      .join(' and ')
    throw new OperatorError(
      `${missing} must be set when the command does not run on a terminal (no prompt is possible), e.g.\n` +
        '  ADMIN_EMAIL=owner@example.ba ADMIN_PASSWORD=... npm run create-admin',
    )
  }
  const email = given.email ?? (await askVisible('E-mail of the admin: '))
  if (given.password !== undefined) return { email, password: given.password }
  const password = await askHidden('Password (at least 8 characters): ')
  const repeated = await askHidden('The same password again: ')
  if (password !== repeated) throw new OperatorError(`No account was changed: ${messages.auth.passwordsDoNotMatch}`)
  return { email, password }
}

async function askVisible(question: string): Promise<string> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout, terminal: true })
  // Ctrl-C at this prompt: without the abort, closing the prompt would leave its answer pending for ever.
  const cancel = new AbortController()
  terminal.once('SIGINT', () => cancel.abort())
  try {
    return await terminal.question(question, { signal: cancel.signal })
  } catch (error) {
    if (cancel.signal.aborted) {
      process.stdout.write('\n')
      throw new Cancelled()
    }
    throw error
  } finally {
    terminal.close()
  }
}

/** Reads one line in raw mode and echoes nothing (Backspace works; Ctrl-C cancels). */
function askHidden(question: string): Promise<string> {
  const input = process.stdin
  process.stdout.write(question)
  return new Promise((resolve, reject) => {
    let answer = ''
    const finish = (outcome: () => void) => {
      input.removeListener('data', onData)
      input.setRawMode(false)
      input.pause()
      process.stdout.write('\n')
      outcome()
    }
    const onData = (chunk: string) => {
      // An arrow or function key sends an escape sequence: none of it is part of a password.
      if (chunk.startsWith('\u001b')) return
      for (const character of chunk) {
        if (character === '\r' || character === '\n' || character === '\u0004') return finish(() => resolve(answer))
        if (character === '\u0003') return finish(() => reject(new Cancelled()))
        if (character === '\u007f' || character === '\b') answer = Array.from(answer).slice(0, -1).join('')
        else if (character >= ' ') answer += character
      }
    }
    input.setEncoding('utf8')
    input.setRawMode(true)
    input.resume()
    input.on('data', onData)
  })
}

/** The shop's database; a running shop that holds the embedded one is told apart from other failures. */
async function openShopDatabase(config: Config): Promise<Database> {
  const directory = path.join(config.dataDir, 'db')
  try {
    return await openDatabase({ url: config.databaseUrl, directory, poolSize: 1 })
  } catch (error) {
    const owner = /in use by process (\d+)/.exec((error as Error).message)?.[1]
    if (!config.databaseUrl && owner) {
      throw new OperatorError(
        `The shop is running on the embedded database in ${directory} (process ${owner}): stop the shop first, ` +
          'then run npm run create-admin again. (A shop on a PostgreSQL server, DATABASE_URL, need not stop.)',
      )
    }
    throw error
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof OperatorError) return error.message
  if (error instanceof Error && error.message.startsWith('Invalid configuration')) return error.message
  if (isConnectionFailure(error)) {
    const failure = error as NodeJS.ErrnoException
    return `No account was changed: the database at DATABASE_URL cannot be reached (${failure.code ?? failure.message}).`
  }
  return `create-admin failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof Cancelled) {
      printError('Cancelled; no account was changed.')
      process.exit(130)
    }
    printError(describeFailure(error))
    process.exit(1)
  },
)
