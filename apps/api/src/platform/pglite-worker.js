// Runs PGlite off the API's event loop (ARCHITECTURE: Data): PGlite is single-threaded
// WebAssembly and would otherwise stall every request while it works. It speaks the
// PostgreSQL wire protocol on a Unix socket, so the API uses node-postgres as for a server.
// Plain JavaScript on purpose: a worker thread must load without a TypeScript loader
// (under Vitest and under `node --import tsx` alike).
import fs from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

/** @type {{ directory: string | undefined, socketPath: string, copyOf: string | undefined }} */
const { directory, socketPath, copyOf } = workerData

// A copy saved before (db.ts, saveCopy) is loaded instead of creating an empty database: PGlite's
// initdb costs seconds of CPU, loading a copy a fraction of that.
const loadDataDir = copyOf ? new Blob([fs.readFileSync(copyOf)]) : undefined
const database = await PGlite.create(directory, {
  extensions: { pg_trgm, unaccent, citext },
  ...(loadDataDir ? { loadDataDir } : {}),
})
// The API's pool holds one connection; it replaces that connection after a connection error,
// and the replacement may arrive before the socket server has noticed the old one close. With
// the library's default of one connection the newcomer was refused ('Too many connections'),
// failing somebody else's request. The queue still runs one statement (one transaction) at a time.
const server = new PGLiteSocketServer({ db: database, path: socketPath, maxConnections: 8 })
await server.start()
parentPort?.postMessage({ type: 'ready' })

parentPort?.on('message', (message) => {
  if (message.type === 'save') {
    void (async () => {
      try {
        const dump = await database.dumpDataDir('none')
        // Written beside and renamed: a reader never sees half a copy.
        const partial = `${message.file}.${process.pid}.${Date.now()}.partial`
        fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
        fs.renameSync(partial, message.file)
        parentPort?.postMessage({ type: 'saved' })
      } catch (error) {
        parentPort?.postMessage({ type: 'saved', error: String(error) })
      }
    })()
    return
  }
  if (message.type !== 'close') return
  void (async () => {
    await server.stop()
    await database.close()
    parentPort?.postMessage({ type: 'closed' })
  })()
})
