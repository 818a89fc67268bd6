// Shared by the tests of the staff modules (admin-products, admin-taxonomy, admin-slides,
// admin-work-hours); never imported by application code.
import fs from 'node:fs'
import path from 'node:path'
import type { Database } from '../../platform/db.ts'

export async function insertCategory(db: Database, name = 'Alati'): Promise<string> {
  const { rows } = await db.query<{ id: string }>('insert into categories (name) values ($1) returning id', [name])
  return rows[0]!.id
}

export async function insertBrand(db: Database, name = 'Bosch'): Promise<string> {
  const { rows } = await db.query<{ id: string }>('insert into brands (name) values ($1) returning id', [name])
  return rows[0]!.id
}

export async function catalogueVersion(db: Database): Promise<number> {
  const { rows } = await db.query<{ version: number }>("select version from cache_versions where name = 'catalogue'")
  return rows[0]!.version
}

export type AuditRow = {
  action: string
  entity: string
  entity_id: string | null
  actor_email: string | null
  before: unknown
  after: unknown
}

export async function auditRows(db: Database, entity: string, entityId?: string): Promise<AuditRow[]> {
  const { rows } = await db.query<AuditRow>(
    `select action, entity, entity_id, actor_email, before, after from audit_log
      where entity = $1 and ($2::text is null or entity_id = $2) order by id`,
    [entity, entityId ?? null],
  )
  return rows
}

export type FilePart = { field?: string; filename: string; contentType: string; content: Buffer }

/** A multipart/form-data body for app.inject: text fields first, then the files. */
export function multipart(
  files: FilePart[],
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shop-test-${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.filename}"\r\n` +
          `content-type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** Every file under DATA_DIR/uploads, relative to it. */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads')
  if (!fs.existsSync(root)) return []
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'))
    .sort()
}

/** A 1x1 GIF: a real image of a type the shop does not take. */
export const GIF_BYTES = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
