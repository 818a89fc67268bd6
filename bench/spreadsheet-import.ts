import type { FastifyInstance } from 'fastify'
import type { Database } from '../apps/api/src/platform/db.ts'
import { signInAs, type TestApp } from '../apps/api/test/helpers.ts'
import { buildBenchApp } from './bench-database.ts'

// What the spreadsheet benchmarks (catalogue-io.ts, catalogue-io-profile.ts) share: the files they import
// and the app they import them into (docs/decisions.md, 'Catalogue in a spreadsheet').

export const ROWS = 10_000

const HEADER =
  'Šifra;Šifra opcije;Veličina;Naziv;Kategorija;Brend;Cijena;Akcijska cijena;Veleprodajna cijena;Zaliha;Neograničena zaliha;Jedinica;Opis'

/** A CSV file as a spreadsheet saves it: the byte order mark, the header, CRLF line ends. */
export function csvOf(lines: string[]): Buffer {
  return Buffer.from('\uFEFF' + [HEADER, ...lines].join('\r\n') + '\r\n')
}

/** ROWS products without options, codes B-00000 on, in the category Alati and the brand Bosch. */
export function productsFile(row: {
  name: (index: number) => string
  price: (index: number) => string
  stock: (index: number) => number
  description: (index: number) => string
}): Buffer {
  const lines: string[] = []
  for (let index = 0; index < ROWS; index += 1) {
    const code = `B-${String(index).padStart(5, '0')}`
    lines.push(
      `${code};;;${row.name(index)};Alati;Bosch;${row.price(index)};;;${row.stock(index)};ne;kom;${row.description(index)}`,
    )
  }
  return csvOf(lines)
}

/** The file as the import route takes it: one multipart part named 'file'. */
export function multipart(content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----catalogue-io-bench'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="cjenik.csv"\r\ncontent-type: text/csv\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** The API in this process on `db` with the category Alati and the brand Bosch, and an admin's header. */
export async function startSpreadsheetApp(
  db: Database,
  name: string,
): Promise<{ app: FastifyInstance; headers: Record<string, string>; close: () => Promise<void> }> {
  const { app, close } = await buildBenchApp(db, name)
  await db.query(`insert into categories (name) values ('Alati')`)
  await db.query(`insert into brands (name) values ('Bosch')`)
  return { app, headers: await signInAs({ app, db } as TestApp, 'admin'), close }
}
