import { staffWrite } from '../../platform/staff-write.ts'
import { staffRecords, type StaffRecords } from '../../platform/staff-records.ts'
import type { Actor } from '../../platform/actor.ts'
import { nameStockChange } from './stock-reason.ts'
import { keepSearchWords, keptSearchWords } from './search-words.ts'
import { waitingStockAlertsOf } from '../stock-alerts/service.ts'
import { isUuid } from '@shop/shared/rules/uuid.ts'
import { format, messages } from '@shop/shared/messages/bs.ts'
import { csvLine, csvText, csvUtcTimestamp, CSV_BOM } from '@shop/shared/rules/statistics-csv.ts'
import {
  STOCK_LEDGER_PAGE_SIZE,
  type StockCorrectionInput,
  type StockLedgerPage,
  type StockLedgerQuery,
} from '@shop/shared/schemas/stock-ledger.ts'
import { pageCount, STORE_PAGE_SIZE } from '@shop/shared/rules/pagination.ts'
import { normaliseSearchQuery } from '@shop/shared/rules/search.ts'
import { DEFAULT_PRODUCT_SORT } from '@shop/shared/rules/sort.ts'
import type {
  CatalogueProduct,
  FacetCountsResponse,
  ProductCardListResponse,
  ProductListQuery,
  ProductListResponse,
} from '@shop/shared/schemas/catalogue.ts'
import type { WaitingStockAlerts } from '@shop/shared/schemas/stock-alerts.ts'
import {
  findFloorViolation,
  productForm,
  type ProductPatch,
  type ProductValues,
} from '@shop/shared/schemas/product-form.ts'
import type { BrandPatch, BrandValues, CategoryPatch, CategoryValues } from '@shop/shared/schemas/taxonomy.ts'
import { SerializedJson } from '../../platform/response-cache.ts'
import type { Readable } from 'node:stream'
import { columnHeader, SPREADSHEET_COLUMNS } from '@shop/shared/rules/catalogue-spreadsheet.ts'
import { changePrice } from '@shop/shared/rules/price-change.ts'
import type {
  ImportError,
  ImportReport,
  PriceChangeLine,
  PriceChangeResult,
  priceChangeInput,
} from '@shop/shared/schemas/catalogue-io.ts'
import type { z } from 'zod'
import { recordAudits } from '../../platform/audit.ts'
import { readSpreadsheet, writeCsv, writeXlsx, type ExportCell } from './spreadsheet-file.ts'
import {
  isEmptyRow,
  nameKey,
  parseRow,
  planImport,
  readHeader,
  type ColumnMap,
  type ImportMode,
  type ImportPlan,
  type Names,
  type ParsedRow,
} from './spreadsheet-rows.ts'
import type { Database, Queryable } from '../../platform/db.ts'
import { AppError, found, notFound, badRequest, conflict, normaliseDatabaseError } from '../../platform/errors.ts'
import {
  findAllProducts,
  findIsSaleOn,
  findBrands,
  findCategories,
  findProductByReference,
  findProductIdByReference,
  findProductPage,
  findRecommendations,
  deleteProduct as deleteProductRow,
  findProductById,
  insertProduct,
  listAdminProducts,
  listProductsWithoutWeight,
  lockProduct,
  replaceImages,
  replaceOptions,
  updateProduct as updateProductRow,
  deleteBrand as deleteBrandRow,
  deleteCategory as deleteCategoryRow,
  lockSlidesOfCategory,
  unlinkSlide,
  brandRows,
  categoryRows,
  type BrandRow,
  type CategoryRow,
  type AdminProduct,
  type StaffProduct,
  type Brand,
  type Category,
  findSaleProducts,
  type SaleProductRow,
  type ProductFilter,
  addOptionStock,
  addProductStock,
  findStockLedgerPage,
  findStockLedgerRows,
  findStockState,
  lockOptionByCode,
  type StockLedgerFilter,
  type StockState,
  findCategoryAndBrandNames,
  findSheetProductsAfter,
  findSheetProductsByCodes,
  findSheetProductsByFilter,
  insertSheetOptions,
  insertSheetProducts,
  updatePrices,
  updateSheetOptions,
  updateSheetProducts,
  type PriceWrite,
  type SheetProduct,
} from './repo.ts'

export type PriceChangeValues = z.output<typeof priceChangeInput>

// ---- Catalogue reads ----
/**
 * Who is reading: only wholesale, store_manager and admin users see wholesale prices
 * (customer-side.md §6). The repo turns this into product_catalogue_json(p, with_wholesale),
 * the one place where wholesale prices enter or stay out of a catalogue answer.
 */
export type Viewer = { canSeeWholesalePrices: boolean }

const productNotFound = () => notFound(messages.catalogue.productNotFound, 'PRODUCT_NOT_FOUND')

/**
 * Per database: whether the sale was applied at the last page read. A page is read as it was, in one statement that
 * also says whether it still is; a switch (rare: a sale's start or end, staff applying or restoring) costs one read
 * more, where asking first would cost a round trip on every read.
 */
const lastSaleState = new WeakMap<Database, boolean>()

/**
 * One page of the store. Products and counts come from SQL as JSON text and are joined here
 * without being parsed: the list is the hottest uncached call of the shop.
 */
export async function listProducts(
  db: Database,
  query: ProductListQuery,
  viewer: Viewer,
  { keepsSearchWords = true }: { keepsSearchWords?: boolean } = {},
): Promise<SerializedJson<ProductListResponse | ProductCardListResponse | FacetCountsResponse>> {
  const limit = query.limit ?? STORE_PAGE_SIZE
  const page = query.page ?? 1
  const search = query.search ? normaliseSearchQuery(query.search) : ''
  const isFeaturedOnly = query.featured === 'true'
  // The widened words of a search already made, while the catalogue generation stands (search-words.ts).
  const kept = search !== '' && keepsSearchWords ? keptSearchWords(db, search, isFeaturedOnly) : undefined
  const filter: ProductFilter = {
    search: search || undefined,
    categoryId: query.category,
    brandId: query.brand,
    isFeaturedOnly,
    sort: query.sort ?? DEFAULT_PRODUCT_SORT,
    limit,
    offset: (page - 1) * limit,
    withWholesale: viewer.canSeeWholesalePrices,
    isSaleOn: lastSaleState.get(db) ?? false,
    view: query.view ?? 'product',
  }
  // docs/decisions.md, 'The list planned once': the page is read as the sale was at the last read, and the statement
  // says whether it still is, in its own snapshot; only after a switch is it read again.
  let result = await findProductPage(db, filter, kept)
  for (let attempt = 0; result.isSaleOn !== filter.isSaleOn && attempt < 3; attempt += 1) {
    filter.isSaleOn = result.isSaleOn
    lastSaleState.set(db, result.isSaleOn)
    result = await findProductPage(db, filter, kept)
  }
  if (result.isSaleOn !== filter.isSaleOn) throw new Error('the sale switched on and off during four reads of a page')
  if (keepsSearchWords && result.words && result.words !== kept) {
    keepSearchWords(db, search, isFeaturedOnly, result.words)
  }
  const counts = `"counts":{"categories":${result.categoriesJson},"brands":${result.brandsJson}}`
  // docs/decisions.md, 'Counts apart from the list': the cards without the counts, the counts alone.
  if (query.view === 'counts') return new SerializedJson(`{${counts}}`)
  const pages = pageCount(result.total, limit)
  const list = `"products":${result.productsJson},"total":${result.total},"page":${page},"pages":${pages}`
  return new SerializedJson(query.view === 'card' ? `{${list}}` : `{${list},${counts}}`)
}

/** GET /api/products without parameters: the plain array of every product (§7 clients accept it). */
export async function listAllProducts(db: Database, viewer: Viewer): Promise<SerializedJson<CatalogueProduct[]>> {
  return new SerializedJson(await findAllProducts(db, viewer.canSeeWholesalePrices, await findIsSaleOn(db)))
}

async function resolveProduct(db: Database, reference: string): Promise<string> {
  return found(await findProductIdByReference(db, reference), productNotFound)
}

/** One product by id or customId (the cart addresses products by customId). */
export async function getProduct(
  db: Database,
  reference: string,
  viewer: Viewer,
): Promise<SerializedJson<CatalogueProduct>> {
  const product = await findProductByReference(db, reference, viewer.canSeeWholesalePrices, await findIsSaleOn(db))
  if (!product) throw productNotFound()
  return new SerializedJson(product)
}

export async function getRecommendations(
  db: Database,
  reference: string,
  viewer: Viewer,
): Promise<SerializedJson<CatalogueProduct[]>> {
  return new SerializedJson(
    await findRecommendations(
      db,
      await resolveProduct(db, reference),
      viewer.canSeeWholesalePrices,
      await findIsSaleOn(db),
    ),
  )
}

/** Products on sale with the catalogue's product JSON and wholesale rule (the sales domain shapes them). */
export async function listSaleProductRows(db: Database, withWholesale: boolean): Promise<SaleProductRow[]> {
  return findSaleProducts(db, withWholesale)
}

export async function listCategories(db: Database): Promise<CategoryRow[]> {
  return findCategories(db)
}

export async function listBrands(db: Database): Promise<BrandRow[]> {
  return findBrands(db)
}

// ---- Products (staff) ----
const text = messages.admin.product
/** staff-and-content.md §9: 12 products per page in the admin catalogue. */
export const ADMIN_PAGE_SIZE = 12
const MAX_PAGE_SIZE = 100
const MAX_SEARCH_WORDS = 10

const PRODUCT = staffRecords<StaffProduct>({
  entity: 'product',
  record: 'product',
  lock: async (client, id) => ((await lockProduct(client, id)) ? findProductById(client, id) : null),
  notFound: () => notFound(text.notFound, 'PRODUCT_NOT_FOUND'),
})

async function saveProductParts(client: Queryable, id: string, product: ProductValues): Promise<StaffProduct> {
  await replaceImages(client, id, product.images)
  await replaceOptions(client, id, product.size_stock)
  return found(await findProductById(client, id), () => notFound(text.notFound, 'PRODUCT_NOT_FOUND'))
}

/** POST /api/products. A taken customId fails on the unique index: 409 DUPLICATE_ERROR (normaliser). */
export async function createProduct(db: Database, actor: Actor, product: ProductValues): Promise<StaffProduct> {
  return PRODUCT.create(db, actor, async ({ client }) => {
    await nameStockChange(client, actor, 'staff_edit', messages.stockLedger.reasons.staffEdit)
    return saveProductParts(client, await insertProduct(client, product), product)
  })
}

/**
 * The saved product merged with a PATCH body. Options follow what was sent: size_stock alone
 * is the whole list of options; sizes alone keeps the saved entries of the labels it names.
 */
export function mergeProductPatch(saved: StaffProduct, patch: ProductPatch): Record<string, unknown> {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
  const merged: Record<string, unknown> = {
    customId: saved.customId,
    name: saved.name,
    description: saved.description,
    short_description: saved.short_description,
    price: saved.price,
    discount_price: saved.discount_price,
    wholesale_price: saved.wholesale_price,
    price_floor: saved.price_floor,
    max_per_buyer_per_day: saved.max_per_buyer_per_day,
    unit: saved.unit,
    no_line_limit: saved.no_line_limit,
    weight_kg: saved.weight_kg,
    categoryId: saved.categoryId,
    brandId: saved.brandId,
    images: saved.images,
    stock: saved.stock,
    infinite_stock: saved.infinite_stock,
    has_sizes: saved.has_sizes,
    sizes: saved.sizes,
    size_stock: saved.size_stock,
    featured: saved.featured,
    recommended: saved.recommended,
    specifications: saved.specifications,
    ...changes,
  }
  if (patch.size_stock !== undefined && patch.sizes === undefined) merged.sizes = []
  if (patch.sizes !== undefined && patch.size_stock === undefined) {
    const kept = new Set(patch.sizes.map((size) => size.toLowerCase()))
    merged.size_stock = saved.size_stock.filter((option) => kept.has(option.size.toLowerCase()))
  }
  return merged
}

/**
 * docs/decisions.md, 'Sale price in the product form' and 'Sales computed when read': the form shows the running
 * sale's price as the discount; sent back unchanged it is not the product's own, which stays (none when it is no
 * longer below the price saved). A discount typed differently is the product's own.
 */
function ownDiscountOf(before: StaffProduct, merged: Record<string, unknown>): Record<string, unknown> {
  if (before.sale_discount === null || merged.discount_price !== before.discount_price) return merged
  const own = before.sale_discount.own_discount_price
  const price = typeof merged.price === 'number' ? merged.price : before.price
  return { ...merged, discount_price: own !== null && own < price ? own : null }
}

/**
 * PATCH /api/products/{id}: the changed fields over the saved product, checked as a whole by the
 * form's schema; options and images are replaced in the same transaction as the product.
 */
export async function updateProduct(
  db: Database,
  actor: Actor,
  id: string,
  { version, ...patch }: ProductPatch & { version: number },
): Promise<StaffProduct> {
  return PRODUCT.update(db, actor, { id, version }, async ({ client }, before) => {
    // docs/decisions.md ('Edits that never overwrite each other'): the form sends only what the editor changed.
    const checked = productForm.safeParse(ownDiscountOf(before, mergeProductPatch(before, patch)))
    if (!checked.success) throw badRequest(checked.error.issues[0]?.message ?? messages.common.validationFailed)
    await nameStockChange(client, actor, 'staff_edit', messages.stockLedger.reasons.staffEdit)
    await updateProductRow(client, id, checked.data)
    return saveProductParts(client, id, checked.data)
  })
}

/** DELETE /api/products/{id}. Orders keep their lines: order_items.product_id becomes null. */
export async function deleteProduct(db: Database, actor: Actor, id: string): Promise<{ id: string; message: string }> {
  return PRODUCT.delete(db, actor, { id, message: text.deleted }, async ({ client }, before) => {
    await deleteProductRow(client, id)
    return before
  })
}

export type AdminProductPage = {
  products: (AdminProduct & { waitingAlerts: WaitingStockAlerts })[]
  total: number
  page: number
  pages: number
  limit: number
}

/** GET /api/admin/products: the staff list, searched and paged on the server. */
export async function findAdminProducts(
  db: Database,
  query: { search?: string | undefined; page?: number | undefined; limit?: number | undefined },
): Promise<AdminProductPage> {
  const limit = Math.min(Math.max(query.limit ?? ADMIN_PAGE_SIZE, 1), MAX_PAGE_SIZE)
  const page = Math.max(query.page ?? 1, 1)
  const words = (query.search ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS)
  const { products, total } = await listAdminProducts(db, { words, limit, offset: (page - 1) * limit })
  // docs/decisions.md ('Back-in-stock alerts'): the shoppers waiting for each product's stock, a demand signal for staff.
  const waiting = await waitingStockAlertsOf(
    db,
    products.map((product) => product.id),
  )
  return {
    products: products.map((product) => ({
      ...product,
      waitingAlerts: waiting.get(product.id) ?? { total: 0, options: {} },
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / limit)),
    limit,
  }
}

/** GET /api/admin/products/{id}: one product as the staff form edits it, with its version. */
export async function findStaffProduct(db: Database, id: string): Promise<StaffProduct> {
  const product = isUuid(id) ? await findProductById(db, id) : null
  if (!product) throw notFound(text.notFound, 'PRODUCT_NOT_FOUND')
  return product
}

/** GET /api/admin/products/without-weight: the staff's warning list (docs/decisions.md, Product weights). */
export async function findProductsWithoutWeight(db: Database) {
  const products = await listProductsWithoutWeight(db)
  return { count: products.length, products }
}

// ---- Categories and brands (staff) ----
const categoryText = messages.admin.category
const brandText = messages.admin.brand

function withoutUndefined<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>
}

const CATEGORY = staffRecords<Category>({
  entity: 'category',
  record: 'category',
  lock: categoryRows.lock,
  notFound: () => notFound(categoryText.notFound, 'CATEGORY_NOT_FOUND'),
})
const BRAND = staffRecords<Brand>({
  entity: 'brand',
  record: 'brand',
  lock: brandRows.lock,
  notFound: () => notFound(brandText.notFound, 'BRAND_NOT_FOUND'),
})

/**
 * Create and patch of a category or a brand, over its rows (repo.ts, taxonomyStatements): a patch writes
 * the fields it names and keeps the saved value of the others.
 */
function taxonomyWrites<T extends { id: string }, Values, Patch extends object>(
  records: StaffRecords<T>,
  rows: {
    insert: (client: Queryable, input: Values) => Promise<T>
    update: (client: Queryable, id: string, input: T) => Promise<T>
  },
) {
  return {
    create: async (db: Database, actor: Actor, input: Values): Promise<T> =>
      records.create(db, actor, ({ client }) => rows.insert(client, input)),
    update: async (
      db: Database,
      actor: Actor,
      id: string,
      { version, ...patch }: Patch & { version: number },
    ): Promise<T> =>
      records.update(db, actor, { id, version }, ({ client }, before) =>
        rows.update(client, id, { ...before, ...withoutUndefined(patch) }),
      ),
  }
}

const categoryWrites = taxonomyWrites<Category, CategoryValues, CategoryPatch>(CATEGORY, categoryRows)
export const createCategory = categoryWrites.create
export const updateCategory = categoryWrites.update

/**
 * DELETE /api/categories/{id}. Products keep their category (products.category_id restricts the
 * delete), so a category in use answers 409 REFERENCE_ERROR and no product is orphaned. Slides
 * that linked to it lose the link, since the store page would no longer know the category.
 */
export async function deleteCategory(db: Database, actor: Actor, id: string): Promise<{ id: string; message: string }> {
  try {
    return await CATEGORY.delete(
      db,
      actor,
      { id, message: categoryText.deleted },
      async ({ client, audit }, before) => {
        for (const slide of await lockSlidesOfCategory(client, id)) {
          await unlinkSlide(client, slide.id)
          await audit({
            action: 'update',
            entity: 'slide',
            entityId: slide.id,
            before: { link: slide.link, categoryId: slide.category_id },
            after: { link: null, categoryId: null },
          })
        }
        await deleteCategoryRow(client, id)
        return before
      },
    )
  } catch (error) {
    // PostgreSQL names the referencing table (products) in this error, which the normaliser
    // would read as 'the selected category does not exist'; only its code applies to a delete.
    if ((error as { code?: unknown }).code === '23503') throw normaliseDatabaseError({ code: '23503' }) ?? error
    throw error
  }
}

const brandWrites = taxonomyWrites<Brand, BrandValues, BrandPatch>(BRAND, brandRows)
export const createBrand = brandWrites.create
export const updateBrand = brandWrites.update

/** DELETE /api/brands/{id}: its products stay and lose the brand; the audit keeps which ones. */
export async function deleteBrand(db: Database, actor: Actor, id: string): Promise<{ id: string; message: string }> {
  return BRAND.delete(db, actor, { id, message: brandText.deleted }, async ({ client }, before) => ({
    ...before,
    productIds: await deleteBrandRow(client, id),
  }))
}

// ---- Stock ledger (docs/decisions.md, 'Stock ledger') ----
const ledgerText = messages.stockLedger
/** A download holds at most this many rows (years of a busy product's history). */
const MAX_STOCK_LEDGER_CSV_ROWS = 50_000

async function existingStockState(client: Queryable, id: string): Promise<StockState> {
  const state = isUuid(id) ? await findStockState(client, id) : undefined
  if (!state) throw notFound(text.notFound, 'PRODUCT_NOT_FOUND')
  return state
}

function ledgerFilter(query: StockLedgerQuery): StockLedgerFilter {
  return { kind: query.kind, optionCode: query.optionCode, from: query.from, to: query.to }
}

/** GET /api/products/{id}/stock-ledger: one page of the product's history, newest first, and its stock now. */
export async function getStockLedger(db: Database, id: string, query: StockLedgerQuery): Promise<StockLedgerPage> {
  const state = await existingStockState(db, id)
  const limit = query.limit ?? STOCK_LEDGER_PAGE_SIZE
  const page = query.page ?? 1
  const { rows, total } = await findStockLedgerPage(db, id, ledgerFilter(query), {
    limit,
    offset: (page - 1) * limit,
  })
  return {
    rows,
    total,
    page,
    pages: pageCount(total, limit),
    limit,
    stock: state.stock,
    infiniteStock: state.infiniteStock,
    options: state.options.map(({ optionCode, size, stock, infinite }) => ({ optionCode, size, stock, infinite })),
  }
}

/** GET /api/products/{id}/stock-ledger?format=csv: the filtered history as CSV (UTF-8 with BOM, ';'). */
export async function stockLedgerCsv(
  db: Database,
  id: string,
  query: StockLedgerQuery,
): Promise<{ fileName: string; body: string }> {
  const state = await existingStockState(db, id)
  const rows = await findStockLedgerRows(db, id, ledgerFilter(query), MAX_STOCK_LEDGER_CSV_ROWS)
  const columns = ledgerText.columns
  const lines = [
    csvLine([
      columns.at,
      columns.actor,
      columns.kind,
      columns.reason,
      columns.option,
      columns.change,
      columns.resultingStock,
    ]),
    ...rows.map((row) =>
      csvLine([
        csvUtcTimestamp(row.at),
        csvText(row.actor ?? ledgerText.system),
        csvText(ledgerText.kinds[row.kind] ?? row.kind),
        csvText(row.reason),
        csvText(row.optionCode ?? ''),
        row.change,
        row.resultingStock,
      ]),
    ),
  ]
  const safeCode = state.customId.replace(/[^A-Za-z0-9._-]/g, '_')
  return { fileName: `stanje-zaliha-${safeCode}.csv`, body: CSV_BOM + lines.join('') }
}

/**
 * POST /api/products/{id}/stock-corrections: staff add or take units with a reason ('inventura',
 * 'oštećeno', 'povrat dobavljaču' or their own words). The ledger row is written by the trigger,
 * named 'correction' with the staff member; stock never goes below 0; the catalogue version is
 * bumped, as stock is public.
 */
export async function correctStock(
  db: Database,
  actor: Actor,
  id: string,
  input: StockCorrectionInput,
): Promise<{ message: string; optionCode: string | null; resultingStock: number }> {
  const optionCode = input.optionCode?.trim() || null
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const product = await PRODUCT.lockExisting(client, id)
    await nameStockChange(client, actor, 'correction', input.reason)
    let before: number
    let resultingStock: number
    if (optionCode === null) {
      if (product.has_sizes) throw badRequest(ledgerText.optionRequired, 'OPTION_REQUIRED')
      if (product.infinite_stock) throw conflict(ledgerText.infiniteStock, 'STOCK_INFINITE')
      before = product.stock
      if (before + input.change < 0) throw conflict(format(ledgerText.belowZero, { stock: before }), 'STOCK_BELOW_ZERO')
      resultingStock = await addProductStock(client, id, input.change)
    } else {
      const option = await lockOptionByCode(client, id, optionCode)
      if (!option) throw badRequest(format(ledgerText.optionNotFound, { code: optionCode }), 'OPTION_NOT_FOUND')
      if (option.infinite) throw conflict(ledgerText.infiniteStock, 'STOCK_INFINITE')
      before = option.stock
      if (before + input.change < 0) throw conflict(format(ledgerText.belowZero, { stock: before }), 'STOCK_BELOW_ZERO')
      resultingStock = await addOptionStock(client, option.id, input.change)
    }
    await audit({
      action: 'stock.correction',
      entity: 'product',
      entityId: id,
      before: { optionCode, stock: before },
      after: { optionCode, stock: resultingStock, change: input.change, reason: input.reason },
    })
    return { message: ledgerText.corrected, optionCode, resultingStock }
  })
}

// ---- Catalogue in a spreadsheet (staff) ----
// docs/decisions.md, 'Catalogue in a spreadsheet': export, import (dry run, then apply) and the bulk price change.
const ioText = messages.catalogueIo
/** Rows of one import; a larger file is split by the owner (10,000 is the measured target). */
export const MAX_IMPORT_ROWS = 20_000
const EXPORT_BATCH = 500
const LOOKUP_BATCH = 1000

function yesNo(value: boolean): ExportCell {
  return { text: value ? ioText.yes : ioText.no }
}

function exportRows(product: SheetProduct): ExportCell[][] {
  const common = (cells: {
    optionCode: string | null
    size: string | null
    price: number
    discount: number | null
    wholesale: number | null
    stock: number
    infinite: boolean
    weight: number | null
  }): ExportCell[] => [
    { text: product.custom_id },
    cells.optionCode === null ? null : { text: cells.optionCode },
    cells.size === null ? null : { text: cells.size },
    { text: product.name },
    { text: product.category },
    product.brand === null ? null : { text: product.brand },
    { money: cells.price },
    cells.discount === null ? null : { money: cells.discount },
    cells.wholesale === null ? null : { money: cells.wholesale },
    { count: cells.stock },
    yesNo(cells.infinite),
    { text: product.unit },
    cells.weight === null ? null : { weight: cells.weight },
    product.description === null ? null : { text: product.description },
  ]
  if (!product.has_sizes || product.options.length === 0) {
    return [
      common({
        optionCode: null,
        size: null,
        price: product.price,
        discount: product.discount_price,
        wholesale: product.wholesale_price,
        stock: product.stock,
        infinite: product.infinite_stock,
        weight: product.weight_kg,
      }),
    ]
  }
  return product.options.map((option) =>
    common({
      optionCode: option.custom_id,
      size: option.size,
      price: option.price ?? product.price,
      discount: option.discount_price,
      wholesale: option.wholesale_price,
      stock: option.stock,
      infinite: option.infinite,
      weight: option.weight_kg ?? product.weight_kg,
    }),
  )
}

async function* exportBatches(db: Database): AsyncGenerator<ExportCell[][]> {
  let after: string | null = null
  for (;;) {
    const products = await findSheetProductsAfter(db, after, EXPORT_BATCH)
    if (products.length === 0) return
    yield products.flatMap(exportRows)
    after = products[products.length - 1]!.custom_id
    if (products.length < EXPORT_BATCH) return
  }
}

/** GET /api/products/export: every product, one row per option, read and written in batches. */
export function exportCatalogue(
  db: Database,
  fileFormat: 'csv' | 'xlsx',
  today: Date,
): { stream: Readable; contentType: string; fileName: string } {
  const header = SPREADSHEET_COLUMNS.map(columnHeader)
  const fileName = `proizvodi-${today.toISOString().slice(0, 10)}.${fileFormat}`
  if (fileFormat === 'xlsx') {
    return {
      stream: writeXlsx('Proizvodi', header, exportBatches(db)),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName,
    }
  }
  return { stream: writeCsv(header, exportBatches(db)), contentType: 'text/csv; charset=utf-8', fileName }
}

export type ImportOptions = { mode: ImportMode; dryRun: boolean; onlyValid: boolean; fileName: string }

async function readImportRows(
  content: Buffer,
  mode: ImportMode,
  errors: ImportError[],
): Promise<{ rows: ParsedRow[]; count: number; headerOk: boolean }> {
  const rows: ParsedRow[] = []
  let columns: ColumnMap | undefined
  let count = 0
  try {
    for await (const sheetRow of readSpreadsheet(content)) {
      if (!columns) {
        if (isEmptyRow(sheetRow.cells)) continue
        const header = readHeader(sheetRow.cells, mode)
        errors.push(...header.errors)
        if (header.errors.length > 0) return { rows, count, headerOk: false }
        columns = header.columns
        continue
      }
      if (isEmptyRow(sheetRow.cells)) continue
      count += 1
      if (count > MAX_IMPORT_ROWS) {
        throw badRequest(format(ioText.tooManyRows, { max: MAX_IMPORT_ROWS }), 'SPREADSHEET_TOO_MANY_ROWS')
      }
      const parsed = parseRow(sheetRow.row, sheetRow.cells, columns, errors)
      if (parsed) rows.push(parsed)
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw badRequest(ioText.fileUnreadable, 'SPREADSHEET_UNREADABLE')
  }
  if (!columns) throw badRequest(ioText.fileUnreadable, 'SPREADSHEET_UNREADABLE')
  if (count === 0) errors.push({ row: 2, column: '', message: ioText.noRows })
  return { rows, count, headerOk: true }
}

async function loadImportState(
  client: Queryable,
  rows: ParsedRow[],
  lock: boolean,
): Promise<{ saved: Map<string, SheetProduct>; names: Names }> {
  const codes = [...new Set(rows.map((row) => row.code))]
  const saved = new Map<string, SheetProduct>()
  for (let start = 0; start < codes.length; start += LOOKUP_BATCH) {
    for (const product of await findSheetProductsByCodes(client, codes.slice(start, start + LOOKUP_BATCH), lock)) {
      saved.set(product.custom_id, product)
    }
  }
  const { categories, brands } = await findCategoryAndBrandNames(client)
  return {
    saved,
    names: {
      categories: new Map(categories.map((category) => [nameKey(category.name), category.id])),
      brands: new Map(brands.map((brand) => [nameKey(brand.name), brand.id])),
    },
  }
}

function reportOf(
  plan: ImportPlan,
  count: number,
  errors: ImportError[],
  dryRun: boolean,
  applied: boolean,
): ImportReport {
  const outcomes = [...plan.outcomes.values()]
  return {
    dryRun,
    applied,
    rows: count,
    created: outcomes.filter((outcome) => outcome === 'created').length,
    updated: outcomes.filter((outcome) => outcome === 'updated').length,
    unchanged: outcomes.filter((outcome) => outcome === 'unchanged').length,
    errors: errors.sort((first, second) => first.row - second.row),
  }
}

async function writeImportPlan(client: Queryable, actor: Actor, plan: ImportPlan, reason: string): Promise<void> {
  // The stock ledger's trigger reads who changed stock and why from the transaction (stock-reason.ts).
  await nameStockChange(client, actor, 'import', reason)
  const newIds = await insertSheetProducts(client, plan.newProducts)
  await updateSheetProducts(client, plan.changedProducts, plan.textChanged)
  const newProductOptions = [...plan.newOptionsByCode].flatMap(([code, options]) =>
    options.map((option) => ({ ...option, product_id: newIds.get(code)! })),
  )
  await insertSheetOptions(client, [...newProductOptions, ...plan.newOptions])
  await updateSheetOptions(client, plan.changedOptions)
  await recordAudits(
    client,
    actor,
    plan.audits.map((entry) => ({
      action: entry.action,
      entity: 'product',
      entityId: entry.entityId ?? newIds.get(entry.code) ?? null,
      before: entry.before,
      after: { customId: entry.code, size: entry.size, source: 'import', ...(entry.after as object) },
    })),
  )
}

/**
 * POST /api/products/import. A dry run checks every row against the saved catalogue and writes nothing;
 * applying checks again inside the transaction (rows locked), then writes everything or, with errors,
 * nothing, unless the owner chose to apply only the valid rows.
 */
export async function importCatalogue(
  db: Database,
  actor: Actor,
  content: Buffer,
  options: ImportOptions,
): Promise<ImportReport> {
  const errors: ImportError[] = []
  const { rows, count, headerOk } = await readImportRows(content, options.mode, errors)
  const emptyPlan = () => planImport([], new Map(), { categories: new Map(), brands: new Map() }, options.mode, errors)
  if (!headerOk) return reportOf(emptyPlan(), count, errors, options.dryRun, false)
  if (options.dryRun) {
    const state = await loadImportState(db, rows, false)
    return reportOf(planImport(rows, state.saved, state.names, options.mode, errors), count, errors, true, false)
  }
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const state = await loadImportState(client, rows, true)
    const plan = planImport(rows, state.saved, state.names, options.mode, errors)
    if (errors.length > 0 && !options.onlyValid) return reportOf(plan, count, errors, false, false)
    const report = reportOf(plan, count, errors, false, true)
    if (plan.audits.length === 0) return report
    // docs/decisions.md, 'Sales computed when read': the stored prices are the own ones; the sale follows them.
    await writeImportPlan(client, actor, plan, format(ioText.importReason, { file: options.fileName }))
    await audit({
      action: 'import',
      entity: 'product',
      before: null,
      after: {
        file: options.fileName,
        mode: options.mode,
        rows: count,
        created: report.created,
        updated: report.updated,
        skippedRows: errors.length,
      },
    })
    return report
  })
}

// ---- Bulk price change (staff) ----
type PlannedPrices = {
  lines: PriceChangeLine[]
  products: PriceWrite[]
  options: PriceWrite[]
  productIds: Set<string>
}

function planPriceChange(products: SheetProduct[], input: PriceChangeValues): PlannedPrices {
  const planned: PlannedPrices = { lines: [], products: [], options: [], productIds: new Set() }
  const change = (value: number | null) => (value === null ? null : changePrice(value, input.percent, input.rounding))
  // The form's rules on each new price, the floor last (docs/decisions.md, 'Money rules'): a line that breaks
  // one is shown with the reason and not changed.
  const brokenRule = (
    price: number,
    discount: number | null,
    wholesale: number | null,
    ownFloor: number | null,
    size: string | null,
  ) =>
    discount !== null && discount >= price
      ? ioText.discountNotBelowPrice
      : wholesale !== null && wholesale >= price
        ? ioText.wholesaleNotBelowPrice
        : (findFloorViolation({ price, discount, wholesale, size }, ownFloor)?.message ?? null)
  for (const product of products) {
    const price = change(product.price)!
    const discount = change(product.discount_price)
    const wholesale = change(product.wholesale_price)
    const productSkipped = brokenRule(price, discount, wholesale, product.price_floor, null)
    type Prices = { price: number; discount_price: number | null; wholesale_price: number | null }
    const line = (size: string | null, old: Prices, next: Prices, skipped: string | null): PriceChangeLine => ({
      productId: product.id,
      code: product.custom_id,
      name: product.name,
      size,
      oldPrice: old.price,
      newPrice: next.price,
      oldDiscountPrice: old.discount_price,
      newDiscountPrice: next.discount_price,
      oldWholesalePrice: old.wholesale_price,
      newWholesalePrice: next.wholesale_price,
      skipped,
    })
    const productNext = { id: product.id, price, discount_price: discount, wholesale_price: wholesale }
    planned.lines.push(line(null, product, productNext, productSkipped))
    if (productSkipped === null) {
      planned.products.push(productNext)
      planned.productIds.add(product.id)
    }
    // Options with a price of their own change by the same percent; the others follow the product's.
    for (const option of product.options) {
      if (option.price === null && option.discount_price === null && option.wholesale_price === null) continue
      const next = {
        id: option.id,
        price: change(option.price) ?? price,
        discount_price: change(option.discount_price),
        wholesale_price: change(option.wholesale_price),
      }
      const skipped =
        productSkipped ??
        brokenRule(next.price, next.discount_price, next.wholesale_price, product.price_floor, option.size)
      planned.lines.push(line(option.size, { ...option, price: option.price ?? product.price }, next, skipped))
      if (skipped === null) {
        planned.options.push({ ...next, price: option.price === null ? null : next.price })
        planned.productIds.add(product.id)
      }
    }
  }
  return planned
}

/** POST /api/products/price-change: a preview (dry run) of every old and new price, or the change itself. */
export async function changeCataloguePrices(
  db: Database,
  actor: Actor,
  input: PriceChangeValues,
): Promise<PriceChangeResult> {
  const filter = { brandId: input.brandId ?? null, categoryId: input.categoryId ?? null, ids: input.ids ?? null }
  const resultOf = (planned: PlannedPrices, dryRun: boolean): PriceChangeResult => ({
    dryRun,
    products: planned.productIds.size,
    changed: planned.lines.filter((line) => line.skipped === null).length,
    skipped: planned.lines.filter((line) => line.skipped !== null).length,
    lines: planned.lines,
  })
  if (input.dryRun) return resultOf(planPriceChange(await findSheetProductsByFilter(db, filter, false), input), true)
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const planned = planPriceChange(await findSheetProductsByFilter(client, filter, true), input)
    if (planned.productIds.size === 0) return resultOf(planned, false)
    await updatePrices(client, 'products', planned.products)
    await updatePrices(client, 'product_options', planned.options)
    const byProduct = new Map<string, PriceChangeLine[]>()
    for (const line of planned.lines) {
      if (line.skipped === null) byProduct.set(line.productId, [...(byProduct.get(line.productId) ?? []), line])
    }
    await recordAudits(
      client,
      actor,
      [...byProduct].map(([productId, lines]) => ({
        action: 'update',
        entity: 'product',
        entityId: productId,
        before: {
          customId: lines[0]!.code,
          prices: lines.map((line) => [line.size, line.oldPrice, line.oldDiscountPrice, line.oldWholesalePrice]),
        },
        after: {
          customId: lines[0]!.code,
          source: 'price-change',
          prices: lines.map((line) => [line.size, line.newPrice, line.newDiscountPrice, line.newWholesalePrice]),
        },
      })),
    )
    await audit({
      action: 'price-change',
      entity: 'product',
      before: null,
      after: { percent: input.percent, rounding: input.rounding, ...filter, products: planned.productIds.size },
    })
    return resultOf(planned, false)
  })
}
