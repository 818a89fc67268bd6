import { DEFAULT_SHIPPING_SETTINGS, LOCAL_FALLBACK_SHIPPING } from '@shop/shared/rules/shipping.ts'
import type { CatalogueProduct } from '@shop/shared/schemas/catalogue.ts'
import { WORK_HOURS_SECTIONS } from '@shop/shared/schemas/work-hours.ts'
import type { Database } from '../../platform/db.ts'
// Sale products are products: they share the catalogue's product JSON and its wholesale rule.
import { findSaleProducts } from '../catalogue/repo.ts'
import type { Viewer } from '../catalogue/service.ts'
import { findActiveSlides, findSaleConfig, findSettings, findWorkHours, type Slide } from './repo.ts'

export type SaleConfig = {
  isActive: boolean
  startDate: string | null
  endDate: string | null
  title: string
  description: string
}

export type SaleProduct = CatalogueProduct & {
  saleProductId: string
  productId: string
  original_price: number
  originalPrice: number
  discountPercentage: number
  discountedPrice: number
}

/** staff-and-content.md §9 default work hours, written as the shop writes them (seed/data/settings.ts). */
export const DEFAULT_WORK_HOURS: Record<(typeof WORK_HOURS_SECTIONS)[number], string> = {
  store: 'Pon-Pet 08:00-20:00, Sub 08:00-15:00, Ned zatvoreno',
  restaurant: 'Pon-Sub 08:00-22:00, Ned zatvoreno',
  wholesale: 'Pon-Pet 08:00-16:30, vikend zatvoreno',
}

export async function listActiveSlides(db: Database): Promise<Slide[]> {
  return findActiveSlides(db)
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
  }
}

export async function listSaleProducts(db: Database, viewer: Viewer): Promise<SaleProduct[]> {
  const rows = await findSaleProducts(db, viewer.canSeeWholesalePrices)
  return rows.map((row) => ({
    ...row.product,
    saleProductId: row.sale_product_id,
    productId: row.product.id,
    original_price: row.original_price,
    originalPrice: row.original_price,
    discountPercentage: row.discount_percentage,
    discountedPrice: row.discounted_price,
  }))
}

/** One entry per section, in the order store, restaurant, wholesale; a section never saved shows its default. */
export async function listWorkHours(db: Database): Promise<Array<{ section: string; hours: string }>> {
  const saved = new Map((await findWorkHours(db)).map((row) => [row.section, row.hours]))
  return WORK_HOURS_SECTIONS.map((section) => ({ section, hours: saved.get(section) ?? DEFAULT_WORK_HOURS[section] }))
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The 'shipping' settings object; fields staff never saved take the specification's defaults
 * (customer-side.md §9: basePrice 10, freeShippingThreshold 300, pricePerItem 2).
 */
export async function getShippingSettings(db: Database): Promise<Record<string, unknown>> {
  const stored = await findSettings(db, 'shipping')
  const value = isRecord(stored) ? stored : {}
  return {
    ...value,
    id: value.id ?? 'shipping',
    options: Array.isArray(value.options) ? value.options : [...DEFAULT_SHIPPING_SETTINGS.options],
    freeShippingThreshold:
      typeof value.freeShippingThreshold === 'number'
        ? value.freeShippingThreshold
        : DEFAULT_SHIPPING_SETTINGS.freeShippingThreshold,
    basePrice: typeof value.basePrice === 'number' ? value.basePrice : DEFAULT_SHIPPING_SETTINGS.basePrice,
    pricePerItem: typeof value.pricePerItem === 'number' ? value.pricePerItem : LOCAL_FALLBACK_SHIPPING.pricePerItem,
    defaultOptionId: value.defaultOptionId ?? null,
  }
}

/** The 'company' settings object (address, contacts, links); {} before staff or the seed saves one. */
export async function getCompanySettings(db: Database): Promise<Record<string, unknown>> {
  const stored = await findSettings(db, 'company')
  return isRecord(stored) ? stored : {}
}
