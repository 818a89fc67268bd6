import { CATALOGS, wholesale, type CatalogFile } from '@shop/shared/messages/bs/wholesale.ts'
import { entitledPrice, priceSource, publicPrice, type PriceFields } from '@shop/shared/rules/pricing.ts'
import type { Database } from '../../platform/db.ts'
import { notFound } from '../../platform/errors.ts'
import { getCompanySettings } from '../content/service.ts'
import { fitText, PAGE_HEIGHT, PAGE_WIDTH, textWidth, writePdf, type Colour, type PageItem } from './pdf.ts'

export type Catalog = (typeof CATALOGS)[number]

/** The catalogue of a file name; only the seven known names are accepted (no paths, no guessing). */
export function catalogOf(file: string): Catalog {
  const catalog = CATALOGS.find((candidate) => candidate.file === file)
  if (!catalog) throw notFound(wholesale.pdf.unknownFile, 'CATALOG_NOT_FOUND')
  return catalog
}

type OptionRow = {
  size: string
  code: string | null
  price: string | null
  discountPrice: string | null
  wholesalePrice: string | null
}
export type CatalogRow = {
  category: string
  name: string
  code: string
  price: string
  discountPrice: string | null
  wholesalePrice: string | null
  options: OptionRow[]
}

const toNumber = (value: string | null): number | null => (value === null ? null : Number(value))
const fieldsOf = (row: Pick<OptionRow, 'price' | 'discountPrice' | 'wholesalePrice'>): PriceFields => ({
  price: toNumber(row.price),
  discount_price: toNumber(row.discountPrice),
  wholesale_price: toNumber(row.wholesalePrice),
})

export type CatalogPrices = {
  /** What everyone pays today: the discount (or sale) price when lower, else the price. */
  retail: number
  /** What a wholesale customer pays: the lowest they are entitled to; null without a wholesale price. */
  wholesale: number | null
  /** The wholesale column shows a public price because it is below the wholesale price. */
  isPublicPriceLower: boolean
}

/**
 * The prices of a product or one of its options in the PDF, by the same rule as the cart and the
 * order (DECISIONS: a buyer always pays the lowest price they are entitled to).
 */
export function catalogPrices(product: CatalogRow, option: OptionRow | null): CatalogPrices {
  const source = priceSource(fieldsOf(product), option ? fieldsOf(option) : null)
  const retail = publicPrice(source).unitPrice
  if (!(typeof source.wholesale_price === 'number' && source.wholesale_price > 0)) {
    return { retail, wholesale: null, isPublicPriceLower: false }
  }
  const forWholesale = entitledPrice(source, { paysWholesale: true })
  return { retail, wholesale: forWholesale.unitPrice, isPublicPriceLower: forWholesale.kind !== 'wholesale' }
}

/** The products of the catalogue's store categories (matched by name), by category and name. */
export async function findCatalogProducts(db: Database, categories: readonly string[]): Promise<CatalogRow[]> {
  const { rows } = await db.query<CatalogRow>(
    `select c.name as category, p.name, p.custom_id as code, p.price::text as price,
            charged.discount_price::text as "discountPrice", p.wholesale_price::text as "wholesalePrice",
            coalesce(json_agg(json_build_object('size', o.size, 'code', o.custom_id, 'price', o.price::text,
                                                'discountPrice', option_charged.discount_price::text,
                                                'wholesalePrice', o.wholesale_price::text) order by o.position)
                     filter (where o.id is not null), '[]') as options
       from products p
       join categories c on c.id = p.category_id
       -- docs/decisions.md, 'Sales computed when read': the discount prices charged now.
       cross join lateral (select product_charged_discount(p) as discount_price) charged
       left join product_options o on o.product_id = p.id
       left join lateral (select option_charged_discount(p, o) as discount_price) option_charged on true
      where lower(c.name) = any($1::text[])
      group by c.name, p.id, charged.discount_price
      order by array_position($1::text[], lower(c.name)), p.name collate "und-x-icu", p.custom_id`,
    [categories.map((name) => name.toLowerCase())],
  )
  return rows
}

/** 1234.5 -> '1.234,50 KM' (the shop's money format). */
export function formatKm(value: string | number | null): string {
  if (value === null) return '–'
  const [whole = '0', cents = '00'] = Number(value).toFixed(2).split('.')
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents} KM`
}

const MARGIN = 42
const RIGHT = PAGE_WIDTH - MARGIN
const COLUMNS = { code: MARGIN, name: MARGIN + 78, priceEnd: RIGHT - 88, wholesaleEnd: RIGHT }
const NAME_WIDTH = COLUMNS.priceEnd - 70 - COLUMNS.name
const ROW = 15
const BOTTOM = 56
const ACCENT: Colour = [0.11, 0.35, 0.27]
const MUTED: Colour = [0.38, 0.4, 0.45]
const LINE: Colour = [0.85, 0.86, 0.88]

type Company = { name: string; phone: string; email: string; address: string }

function companyOf(settings: Record<string, unknown>): Company {
  const text = (key: string) => {
    const value = settings[key]
    return typeof value === 'string' ? value.trim() : ''
  }
  return {
    name: text('name') || 'Trgovina Sovići',
    phone: text('phone'),
    email: text('wholesaleEmail') || text('email'),
    address: [text('address'), text('city')].filter(Boolean).join(', '),
  }
}

/** The wholesale column: the price a wholesale customer pays, starred when it is a lower public price. */
function wholesaleCell(prices: CatalogPrices): string {
  return prices.isPublicPriceLower ? `* ${formatKm(prices.wholesale)}` : formatKm(prices.wholesale)
}

function hasLowerPublicPrice(row: CatalogRow): boolean {
  if (row.options.length === 0) return catalogPrices(row, null).isPublicPriceLower
  return row.options.some((option) => catalogPrices(row, option).isPublicPriceLower)
}

/** Lays the catalogue out on A4 pages: a title block, then per category a heading and a price table. */
export function layoutCatalog(
  catalog: Catalog,
  rows: readonly CatalogRow[],
  company: Company,
  date: Date,
  { withWholesale }: { withWholesale: boolean },
): PageItem[][] {
  const pages: PageItem[][] = []
  let page: PageItem[] = []
  // Without the wholesale column the retail price takes the right edge.
  const priceEnd = withWholesale ? COLUMNS.priceEnd : COLUMNS.wholesaleEnd
  let y = 0
  const text = (x: number, size: number, value: string, font: 'regular' | 'bold' = 'regular', colour?: Colour) =>
    page.push({ kind: 'text', x, y, size, font, text: value, ...(colour ? { colour } : {}) })
  const rightText = (end: number, size: number, value: string, font: 'regular' | 'bold' = 'regular', colour?: Colour) =>
    text(end - textWidth(value, font, size), size, value, font, colour)

  const tableHeader = () => {
    const { columns } = wholesale.pdf
    text(COLUMNS.code, 8, columns.code.toUpperCase(), 'bold', MUTED)
    text(COLUMNS.name, 8, columns.name.toUpperCase(), 'bold', MUTED)
    rightText(priceEnd, 8, columns.price.toUpperCase(), 'bold', MUTED)
    if (withWholesale) rightText(COLUMNS.wholesaleEnd, 8, columns.wholesalePrice.toUpperCase(), 'bold', MUTED)
    page.push({ kind: 'rule', x1: MARGIN, x2: RIGHT, y: y - 5, width: 0.6, colour: MUTED })
    y -= ROW + 2
  }
  const newPage = (isFirst: boolean) => {
    page = []
    pages.push(page)
    y = PAGE_HEIGHT - MARGIN
    if (isFirst) {
      page.push({ kind: 'box', x: 0, y: PAGE_HEIGHT - 6, width: PAGE_WIDTH, height: 6, colour: ACCENT })
      y -= 14
      text(MARGIN, 10, `${company.name.toUpperCase()} · ${wholesale.pdf.subtitle.toUpperCase()}`, 'bold', ACCENT)
      y -= 28
      text(MARGIN, 24, catalog.title, 'bold')
      y -= 18
      const day = `${date.getUTCDate()}.${date.getUTCMonth() + 1}.${date.getUTCFullYear()}.`
      text(MARGIN, 9.5, wholesale.pdf.generated.replace('{date}', day), 'regular', MUTED)
      y -= 13
      const contact = [company.phone, company.email, company.address].filter(Boolean).join('  ·  ')
      if (contact) text(MARGIN, 9.5, contact, 'regular', MUTED)
      if (!withWholesale) {
        y -= 13
        text(MARGIN, 9.5, wholesale.pdf.wholesaleHidden, 'bold', ACCENT)
      } else if (rows.some(hasLowerPublicPrice)) {
        y -= 13
        text(MARGIN, 9.5, wholesale.pdf.lowerPublicPrice, 'regular', MUTED)
      }
      y -= 26
    } else {
      text(MARGIN, 8.5, `${company.name} · ${catalog.title}`, 'regular', MUTED)
      y -= 24
    }
  }
  const ensure = (height: number, repeatHeader: boolean) => {
    if (y - height >= BOTTOM) return
    newPage(false)
    if (repeatHeader) tableHeader()
  }

  newPage(true)
  if (rows.length === 0) text(MARGIN, 11, wholesale.pdf.empty, 'regular', MUTED)
  let category: string | undefined
  for (const row of rows) {
    if (row.category !== category) {
      category = row.category
      ensure(ROW * 4, false)
      if (page.length > 0 && y < PAGE_HEIGHT - MARGIN - 120) y -= 8
      text(MARGIN, 13, category, 'bold', ACCENT)
      y -= ROW + 6
      tableHeader()
    }
    ensure(ROW * (1 + Math.min(row.options.length, 1)), true)
    text(COLUMNS.code, 9, fitText(row.code, 'regular', 9, COLUMNS.name - COLUMNS.code - 8), 'regular', MUTED)
    text(COLUMNS.name, 9.5, fitText(row.name, 'bold', 9.5, NAME_WIDTH), 'bold')
    if (row.options.length === 0) {
      const prices = catalogPrices(row, null)
      rightText(priceEnd, 9.5, formatKm(prices.retail))
      if (withWholesale) rightText(COLUMNS.wholesaleEnd, 9.5, wholesaleCell(prices), 'bold', ACCENT)
    }
    y -= ROW
    for (const option of row.options) {
      ensure(ROW, true)
      if (option.code)
        text(COLUMNS.code, 8.5, fitText(option.code, 'regular', 8.5, COLUMNS.name - COLUMNS.code - 8), 'regular', MUTED)
      text(COLUMNS.name + 10, 9, fitText(`– ${option.size}`, 'regular', 9, NAME_WIDTH - 10))
      const prices = catalogPrices(row, option)
      rightText(priceEnd, 9, formatKm(prices.retail))
      if (withWholesale) rightText(COLUMNS.wholesaleEnd, 9, wholesaleCell(prices), 'bold', ACCENT)
      y -= ROW - 1
    }
    page.push({ kind: 'rule', x1: MARGIN, x2: RIGHT, y: y + ROW - 5, width: 0.4, colour: LINE })
  }

  // Page numbers once the count is known.
  for (const [index, items] of pages.entries()) {
    const label = wholesale.pdf.page.replace('{page}', String(index + 1)).replace('{pages}', String(pages.length))
    items.push({ kind: 'rule', x1: MARGIN, x2: RIGHT, y: 40, width: 0.4, colour: LINE })
    items.push({ kind: 'text', x: MARGIN, y: 28, size: 8, font: 'regular', text: company.name, colour: MUTED })
    items.push({
      kind: 'text',
      x: RIGHT - textWidth(label, 'regular', 8),
      y: 28,
      size: 8,
      font: 'regular',
      text: label,
      colour: MUTED,
    })
  }
  return pages
}

/** The catalogue as PDF bytes, made from the current products and company settings. */
export async function buildCatalogPdf(
  db: Database,
  file: CatalogFile,
  date: Date,
  audience: { withWholesale: boolean },
): Promise<Buffer> {
  const catalog = catalogOf(file)
  const [rows, settings] = await Promise.all([findCatalogProducts(db, catalog.categories), getCompanySettings(db)])
  const company = companyOf(settings)
  return writePdf(layoutCatalog(catalog, rows, company, date, audience), {
    title: `${catalog.title} · ${wholesale.pdf.subtitle}`,
    author: company.name,
  })
}
