import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import tar from 'tar-stream'

/**
 * The backup file: one plain tar, written aside and renamed into place, so that a file with the
 * backup's name is always complete. manifest.json is the last entry: a tar that ends without it
 * was cut short and is refused.
 */
export const MANIFEST_ENTRY = 'manifest.json'

export type ArchiveEntry = { name: string; size: number; body: Readable | Buffer }

export type WrittenEntry = { name: string; size: number; sha256: string }

/** Streams the entries into `file` atomically; `manifestOf` builds the manifest from what was written. */
export async function writeArchive(
  file: string,
  entries: AsyncIterable<ArchiveEntry>,
  manifestOf: (written: WrittenEntry[]) => unknown,
): Promise<void> {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID().slice(0, 8)}.part`)
  const pack = tar.pack()
  // Readable by its owner only: the archive holds password hashes, addresses and the signing key.
  const output = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 })
  const written = pipeline(pack, output)
  try {
    const done: WrittenEntry[] = []
    for await (const entry of entries) {
      const hash = createHash('sha256')
      let size = 0
      await new Promise<void>((resolve, reject) => {
        const sink = pack.entry({ name: entry.name, size: entry.size, mode: 0o600 }, (error) =>
          error ? reject(error) : resolve(),
        )
        const source = Buffer.isBuffer(entry.body) ? Readable.from([entry.body]) : entry.body
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            hash.update(chunk)
            size += chunk.length
            callback(null, chunk)
          },
        })
        pipeline(source, counter, sink).catch(reject)
      })
      if (size !== entry.size)
        throw new Error(`${entry.name} changed while it was copied (${entry.size} → ${size} bytes)`)
      done.push({ name: entry.name, size, sha256: hash.digest('hex') })
    }
    const manifest = Buffer.from(JSON.stringify(manifestOf(done), null, 2))
    pack.entry({ name: MANIFEST_ENTRY, size: manifest.length, mode: 0o600 }, manifest)
    pack.finalize()
    await written
    const handle = await fs.promises.open(partial, 'r')
    await handle.sync()
    await handle.close()
    await fs.promises.rename(partial, file)
    await syncDirectory(path.dirname(file))
  } catch (error) {
    pack.destroy()
    await written.catch(() => undefined)
    await fs.promises.rm(partial, { force: true })
    throw error
  }
}

async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await fs.promises.open(directory, 'r')
    await handle.sync()
    await handle.close()
  } catch {
    // Some file systems cannot sync a directory; the rename itself has happened.
  }
}

export type ReadEntry = { name: string; size: number; body: Readable }

/** Calls `onEntry` for each entry of the tar in order; what it leaves unread is skipped. */
export async function readArchive(file: string, onEntry: (entry: ReadEntry) => Promise<void>): Promise<void> {
  const extract = tar.extract()
  const input = fs.createReadStream(file)
  input.on('error', (error) => extract.destroy(error))
  input.pipe(extract)
  // tar-stream 3 iterates entries (its types lag behind); an entry left unread is skipped.
  for await (const entry of extract as unknown as AsyncIterable<Readable & { header: tar.Header }>) {
    await onEntry({ name: entry.header.name, size: entry.header.size ?? 0, body: entry })
    // An entry the callback did not read (or read only in part) must still be drained.
    for await (const _chunk of entry) void _chunk
  }
}

/** Reads a stream to its end as one buffer. */
export async function bufferOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
