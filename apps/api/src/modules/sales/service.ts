import type { AuditEntry } from '../../platform/audit.ts'
import { staffWrite } from '../../platform/staff-write.ts'
import type { Actor } from '../../platform/actor.ts'
import { isUuid } from '@shop/shared/rules/uuid.ts'
import { messages } from '@shop/shared/messages/bs.ts'
import { nextSaleTransition, saleBoundaryTime, saleStatus, type SaleStatus } from '@shop/shared/rules/sale.ts'
import { resolveSaleDiscount } from '@shop/shared/rules/sale-discount.ts'
import { findSaleFloorViolation } from '@shop/shared/rules/price-floor.ts'
import { formatKm } from '@shop/shared/rules/order-limits.ts'
import { format } from '@shop/shared/messages/format.ts'
import { saleListPrice } from '@shop/shared/rules/sale-list-price.ts'
import type { SaleConfigValues, SaleProductValues } from '@shop/shared/schemas/admin-sales.ts'
import type { Database } from '../../platform/db.ts'
import { badRequest, conflict, notFound } from '../../platform/errors.ts'
import type { CatalogueProduct } from '@shop/shared/schemas/catalogue.ts'
import { listSaleProductRows, type Viewer } from '../catalogue/service.ts'
import {
  countSaleProducts,
  deleteSaleProduct,
  findSaleProductsHeldAtFloor,
  insertSaleProduct,
  lockProductPrices,
  lockSaleConfig,
  lockSaleProduct,
  markSaleApplied,
  updateSaleConfig,
  findSaleConfig,
  type SaleConfigRow,
} from './repo.ts'

export type SaleConfig = {
  isActive: boolean
  startDate: string | null
  endDate: string | null
  title: string
  description: string
  /** docs/decisions.md ('Edits that never overwrite each other'): the version the sale form sends back (0 before the first save). */
  version: number
}

export type SaleProduct = CatalogueProduct & {
  saleProductId: string
  productId: string
  original_price: number
  originalPrice: number
  discountPercentage: number
  discountedPrice: number
}

/** The sale configuration; before staff saves one, an inactive sale without dates. */
export async function getSaleConfig(db: Database): Promise<SaleConfig> {
  const row = await findSaleConfig(db)
  return {
    isActive: row?.is_active ?? false,
    startDate: row?.start_date?.toISOString() ?? null,
    endDate: row?.end_date?.toISOString() ?? null,
    title: row?.title ?? '',
    description: row?.description ?? '',
    version: row?.version ?? 0,
  }
}

export async function listSaleProducts(db: Database, viewer: Viewer): Promise<SaleProduct[]> {
  const rows = await listSaleProductRows(db, viewer.canSeeWholesalePrices)
  return rows.map((row) => {
    // docs/decisions.md 'Sales campaigns': the prices the buyer pays now, not those stored when added.
    const shown = saleListPrice({
      price: row.product.price,
      discountPrice: row.product.discount_price,
      isApplied: row.is_applied,
      entry: {
        originalPrice: Number(row.original_price),
        discountPercentage: row.discount_percentage,
        discountedPrice: Number(row.discounted_price),
      },
    })
    return {
      ...row.product,
      saleProductId: row.sale_product_id,
      productId: row.product.id,
      original_price: shown.originalPrice,
      originalPrice: shown.originalPrice,
      discountPercentage: shown.discountPercentage,
      discountedPrice: shown.discountedPrice,
    }
  })
}

const text = messages.adminSales
const ENTITY = 'sale'

/** An audit line of the sale itself: its one configuration row (sale_config, id 1). */
function saleAudit(action: string, change: Pick<AuditEntry, 'before' | 'after'>): AuditEntry {
  return { action, entity: ENTITY, entityId: '1', ...change }
}

function windowOf(row: SaleConfigRow) {
  return {
    isActive: row.is_active,
    startDate: row.start_date?.toISOString() ?? null,
    endDate: row.end_date?.toISOString() ?? null,
  }
}

function configOf(row: SaleConfigRow): SaleConfig {
  return { ...windowOf(row), title: row.title, description: row.description, version: row.version }
}

function instantOf(value: string | null, edge: 'start' | 'end'): Date | null {
  const time = saleBoundaryTime(value, edge)
  return time === null ? null : new Date(time)
}

export type SaleState = {
  status: SaleStatus
  isApplied: boolean
  /** What this call changed: the sale switched on or off, or nothing. */
  changed: 'applied' | 'restored' | null
  nextTransitionAt: string | null
}

/**
 * Brings the sale's switch in line with its window at `now` (the timed job, and the check-status call
 * after a save). Runs under the sale_config row lock, so when several API processes run it at the same
 * moment one applies or restores and the others find it done. docs/decisions.md, 'Sales computed when
 * read': applying and restoring write no product, only sale_config.is_applied and the catalogue
 * generation (staffWrite bumps it), so both cost the same at 10 and 100,000 products.
 * A sale is applied by this once per window (handled_start_date), so restoring by hand during
 * the window is not undone; after the window it is always restored (no sale price after the end).
 */
export async function syncSale(db: Database, now: number, actor: Actor): Promise<SaleState> {
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const row = await lockSaleConfig(client)
    const window = windowOf(row)
    const status = saleStatus(window, now)
    const startDate = row.start_date
    let changed: SaleState['changed'] = null
    const isHandled = row.handled_start_date?.getTime() === startDate?.getTime()
    if (status === 'active' && !row.is_applied && !isHandled) {
      const heldAtFloor = await findSaleProductsHeldAtFloor(client, null)
      const products = await countSaleProducts(client)
      await markSaleApplied(client, true, startDate)
      await audit(saleAudit('sale.started', { after: { ...window, products, heldAtFloor } }))
      changed = 'applied'
    } else if (status === 'active' && !isHandled) {
      await markSaleApplied(client, row.is_applied, startDate)
    } else if (status !== 'active' && row.is_applied) {
      const products = await countSaleProducts(client)
      await markSaleApplied(client, false, undefined)
      await audit(saleAudit('sale.ended', { after: { ...window, products } }))
      changed = 'restored'
    }
    const next = nextSaleTransition(window, now)
    return {
      status,
      isApplied: changed === 'applied' || (changed === null && row.is_applied),
      changed,
      nextTransitionAt: next === null ? null : new Date(next).toISOString(),
    }
  })
}

/** PUT /api/sales/config. New dates or switching the sale on lets the job apply it again at its start. */
export async function saveSaleConfig(
  db: Database,
  actor: Actor,
  { version, ...input }: SaleConfigValues & { version: number },
): Promise<SaleConfig & { message: string }> {
  const saved = await staffWrite(db, actor, 'public-reads', async ({ client, audit, claimVersion }) => {
    const before = await lockSaleConfig(client)
    // The row exists from the lock on (version 1); a form opened before it existed read version 0.
    await claimVersion({ record: 'sale', id: 1, version: version === 0 ? 1 : version })
    const startDate = instantOf(input.startDate, 'start')
    const endDate = instantOf(input.endDate, 'end')
    const clearsHandledStart =
      input.isActive !== before.is_active ||
      startDate?.getTime() !== before.start_date?.getTime() ||
      endDate?.getTime() !== before.end_date?.getTime()
    await updateSaleConfig(client, { ...input, startDate, endDate, clearsHandledStart })
    const after = await lockSaleConfig(client)
    await audit(
      saleAudit('sale.config_updated', {
        before: configOf(before),
        after: configOf(after),
      }),
    )
    return configOf(after)
  })
  return { ...saved, message: text.configSaved }
}

/** POST /api/sales/check-status: the sale's state now, after bringing prices in line with it. */
export async function checkSaleStatus(db: Database, actor: Actor, now: number): Promise<SaleState & SaleConfig> {
  const state = await syncSale(db, now, actor)
  return { ...(await getSaleConfig(db)), ...state }
}

/** docs/decisions.md, 'Money rules': what staff are told when applying held some products at their floor. */
function heldAtFloorNote(names: readonly string[]): string {
  return names.length === 0 ? '' : ` ${format(text.heldAtFloor, { count: names.length, names: names.join(', ') })}`
}

function discountError(reason: 'required' | 'percentRange' | 'priceNotBelow') {
  if (reason === 'required') return badRequest(text.productAndDiscountRequired)
  if (reason === 'percentRange') return badRequest(text.percentRange, 'DISCOUNT_OUT_OF_RANGE')
  return badRequest(text.priceNotBelow, 'PRICE_NOT_BELOW_ORIGINAL')
}

async function saleProductView(db: Database, productId: string): Promise<SaleProduct | undefined> {
  const listed = await listSaleProducts(db, { canSeeWholesalePrices: true })
  return listed.find((product) => product.productId === productId)
}

/**
 * POST /api/sales/products (§5 Sale product add). The original price is the product's own; a
 * custom new price gives the percentage. While the sale is applied the product gets it at once: the entry
 * restates that one product's "sale on" columns (migration 0036), nothing else.
 */
export async function addSaleProduct(
  db: Database,
  actor: Actor,
  input: SaleProductValues,
): Promise<{ message: string; product: SaleProduct | undefined }> {
  const hasDiscount = typeof input.discountPercentage === 'number' || typeof input.discountedPrice === 'number'
  if (!hasDiscount) throw badRequest(text.productAndDiscountRequired)
  if (!isUuid(input.productId)) throw notFound(text.productNotFound, 'PRODUCT_NOT_FOUND')
  await staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const config = await lockSaleConfig(client)
    const product = await lockProductPrices(client, input.productId)
    if (product === undefined) throw notFound(text.productNotFound, 'PRODUCT_NOT_FOUND')
    const discount = resolveSaleDiscount({
      price: product.price,
      discountPercentage: input.discountPercentage,
      discountedPrice: input.discountedPrice,
    })
    if (!discount.ok) throw discountError(discount.reason)
    // docs/decisions.md, 'Money rules': a sale that would sell below the floor is refused when configured.
    const belowFloor = findSaleFloorViolation(product.priceFloor, product.prices, discount)
    if (belowFloor) {
      const name = belowFloor.size === null ? product.name : `${product.name} (${belowFloor.size})`
      const values = { price: formatKm(belowFloor.salePrice), floor: formatKm(belowFloor.floor), name }
      throw badRequest(format(text.belowFloor, values), 'PRICE_BELOW_FLOOR')
    }
    const entry = await insertSaleProduct(client, {
      productId: input.productId,
      originalPrice: discount.originalPrice,
      discountPercentage: discount.discountPercentage,
      discountedPrice: discount.discountedPrice,
    })
    if (!entry) throw conflict(text.productAlreadyOnSale, 'ALREADY_ON_SALE')
    await audit({
      action: 'sale.product_added',
      entity: ENTITY,
      entityId: entry.id,
      after: { ...entry, isApplied: config.is_applied },
    })
  })
  return { message: text.productAdded, product: await saleProductView(db, input.productId) }
}

/** DELETE /api/sales/products/{id}: by the entry's id or its product's; the product's own prices show at once. */
export async function removeSaleProduct(
  db: Database,
  actor: Actor,
  id: string,
): Promise<{ message: string; id: string; productId: string }> {
  if (!isUuid(id)) throw notFound(text.saleProductNotFound, 'SALE_PRODUCT_NOT_FOUND')
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    await lockSaleConfig(client)
    const entry = await lockSaleProduct(client, id)
    if (!entry) throw notFound(text.saleProductNotFound, 'SALE_PRODUCT_NOT_FOUND')
    await deleteSaleProduct(client, entry.id)
    await audit({
      action: 'sale.product_removed',
      entity: ENTITY,
      entityId: entry.id,
      before: entry,
    })
    return { message: text.productRemoved, id: entry.id, productId: entry.productId }
  })
}

/** POST /api/sales/apply-discounts: only while the sale is active (staff-and-content.md §4). */
export async function applyDiscounts(
  db: Database,
  actor: Actor,
  now: number,
): Promise<{ message: string; products: number; heldAtFloor: string[]; isApplied: true }> {
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const row = await lockSaleConfig(client)
    if (saleStatus(windowOf(row), now) !== 'active') {
      throw conflict(text.saleNotActive, 'SALE_NOT_ACTIVE')
    }
    const heldAtFloor = await findSaleProductsHeldAtFloor(client, null)
    const products = row.is_applied ? 0 : await countSaleProducts(client)
    await markSaleApplied(client, true, row.start_date)
    await audit(saleAudit('sale.applied', { after: { products, heldAtFloor } }))
    return { message: text.discountsApplied + heldAtFloorNote(heldAtFloor), products, heldAtFloor, isApplied: true }
  })
}

/** POST /api/sales/restore-prices: switches the sale's prices off, at any time. */
export async function restorePrices(
  db: Database,
  actor: Actor,
): Promise<{ message: string; products: number; isApplied: false }> {
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const row = await lockSaleConfig(client)
    const products = row.is_applied ? await countSaleProducts(client) : 0
    await markSaleApplied(client, false, undefined)
    await audit(saleAudit('sale.restored', { after: { products } }))
    return { message: text.pricesRestored, products, isApplied: false }
  })
}
