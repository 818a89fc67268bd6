import { roundMoney } from './money.ts'
import { PARCEL_PRICE_BANDS, parcelPrice, type ParcelPriceBand } from './shipping-weight.ts'

/** One option of the shipping settings (staff-and-content.md §3 Shipping option). */
export type ShippingOption = {
  id: string
  name: string
  description?: string | null
  basePrice: number
  isActive?: boolean | null
  /**
   * Whether the free-shipping threshold makes this option free (DECISIONS: the threshold applies to
   * the standard delivery options; staff switch it off for an express option). Missing means yes.
   */
  appliesFreeShipping?: boolean | null
  /** docs/decisions.md, 'Product weights and shipping by weight': priced by the parcel price table. */
  pricedByWeight?: boolean | null
  conditions?: {
    regions?: readonly string[] | null
    minOrderValue?: number | null
    maxOrderValue?: number | null
  } | null
}

/** The settings object under the key 'shipping' (customer-side.md §3, staff-and-content.md §3). */
export type ShippingSettings = {
  id?: string | null
  options?: readonly ShippingOption[] | null
  freeShippingThreshold?: number | null
  defaultOptionId?: string | null
  basePrice?: number | null
  pricePerItem?: number | null
  /** The parcel price table staff edit (staff-and-content.md §9 by default). */
  parcelPriceBands?: readonly ParcelPriceBand[] | null
}

/** The stored parcel price table, or the specification's when staff never saved one. */
export function parcelPriceBands(settings: ShippingSettings): readonly ParcelPriceBand[] {
  return settings.parcelPriceBands && settings.parcelPriceBands.length > 0
    ? settings.parcelPriceBands
    : PARCEL_PRICE_BANDS
}

// customer-side.md §9 Shipping: the fallbacks of the original client, kept as named values.
/** The cost charged when the shipping settings cannot be loaded at all. */
export const SHIPPING_COST_WHEN_SETTINGS_FAIL = 12
/** Local fallback settings: basePrice plus pricePerItem for each item. */
export const LOCAL_FALLBACK_SHIPPING = { basePrice: 10, pricePerItem: 2 } as const
/** The settings a page shows before the real ones have loaded. */
export const DEFAULT_SHIPPING_SETTINGS = { basePrice: 10, freeShippingThreshold: 300, options: [] } as const
export const DEFAULT_FREE_SHIPPING_THRESHOLD = DEFAULT_SHIPPING_SETTINGS.freeShippingThreshold

export type ShippingContext = {
  subtotal: number
  /** The address's canton; undefined while it is not known yet (the cart before the address form). */
  region?: string | null | undefined
  /**
   * The parcel's weight in kg; null when a line's weight is not known. A weight-priced option is
   * offered only for a known weight the table prices; above the table only pickup is offered.
   */
  weightKg?: number | null | undefined
}

/** Above the last band there is no published price: the buyer contacts the company (staff-and-content.md §9). */
export function isParcelTooHeavy(settings: ShippingSettings, weightKg: number | null | undefined): boolean {
  return typeof weightKg === 'number' && parcelPrice(weightKg, parcelPriceBands(settings)).kind === 'contact'
}

/** An option counts as active unless staff switched it off. */
export function isActiveOption(option: ShippingOption): boolean {
  return option.isActive !== false
}

/**
 * Whether an option's conditions allow this cart: its regions (an empty list means everywhere)
 * and its order value window. A maximum of 0 is what an empty admin field saves, so it means "no maximum".
 */
export function meetsConditions(option: ShippingOption, { subtotal, region }: ShippingContext): boolean {
  const regions = option.conditions?.regions ?? []
  if (regions.length > 0 && region !== undefined && !regions.includes(region ?? '')) return false
  const minimum = option.conditions?.minOrderValue
  if (typeof minimum === 'number' && subtotal < minimum) return false
  const maximum = option.conditions?.maxOrderValue
  if (typeof maximum === 'number' && maximum > 0 && subtotal > maximum) return false
  return true
}

/** The options a customer may choose for this cart, in the staff's order. */
export function availableShippingOptions(settings: ShippingSettings, context: ShippingContext): ShippingOption[] {
  const isTooHeavy = isParcelTooHeavy(settings, context.weightKg)
  return (settings.options ?? []).filter(
    (option) =>
      isActiveOption(option) &&
      meetsConditions(option, context) &&
      (!isTooHeavy || isPickupOption(option)) &&
      (option.pricedByWeight !== true || typeof context.weightKg === 'number'),
  )
}

export function freeShippingThreshold(settings: ShippingSettings): number {
  return settings.freeShippingThreshold ?? DEFAULT_FREE_SHIPPING_THRESHOLD
}

/** Whether the free-shipping threshold covers this option: on unless staff switched it off. */
export function appliesFreeShipping(option: Pick<ShippingOption, 'appliesFreeShipping'>): boolean {
  return option.appliesFreeShipping !== false
}

/**
 * Free (0) at or above the threshold for an option the threshold covers; pickup has basePrice 0 and
 * so always costs 0 ('Besplatno'); an option outside the threshold (express) always costs its price.
 */
export function shippingOptionCost(
  settings: ShippingSettings,
  option: ShippingOption,
  subtotal: number,
  weightKg?: number | null,
): number {
  if (appliesFreeShipping(option) && subtotal >= freeShippingThreshold(settings)) return 0
  if (option.pricedByWeight === true && typeof weightKg === 'number') {
    const priced = parcelPrice(weightKg, parcelPriceBands(settings))
    if (priced.kind === 'price') return roundMoney(priced.price)
  }
  return roundMoney(Math.max(0, option.basePrice))
}

/**
 * Whether the cart says 'Besplatna dostava za narudžbe od …' under this option: only where the
 * threshold can change the price, so not for pickup, a free option or one outside the threshold.
 * Without any option (the basePrice + per-item fallback) the threshold applies, so it is shown.
 */
export function showsFreeShippingHint(
  option: Pick<ShippingOption, 'id' | 'name' | 'basePrice' | 'appliesFreeShipping'> | null | undefined,
): boolean {
  if (!option) return true
  return !isPickupOption(option) && option.basePrice > 0 && appliesFreeShipping(option)
}

/** basePrice + pricePerItem per item, when the settings offer no option at all. */
export function localFallbackShippingCost(settings: ShippingSettings, itemCount: number, subtotal: number): number {
  if (subtotal >= freeShippingThreshold(settings)) return 0
  const basePrice = settings.basePrice ?? LOCAL_FALLBACK_SHIPPING.basePrice
  const pricePerItem = settings.pricePerItem ?? LOCAL_FALLBACK_SHIPPING.pricePerItem
  return roundMoney(basePrice + pricePerItem * itemCount)
}

/** Finds an option by id, or by name for clients that only send the option block's name. */
export function findShippingOption(options: readonly ShippingOption[], wanted: string | null | undefined) {
  if (!wanted) return undefined
  return options.find((option) => option.id === wanted) ?? options.find((option) => option.name === wanted)
}

export type ShippingResult =
  | { kind: 'option'; option: ShippingOption; cost: number }
  /** No active option fits: basePrice + pricePerItem (or 12 when the settings failed to load). */
  | { kind: 'fallback'; option: null; cost: number }
  /** The customer asked for an option that is inactive, unknown or not allowed for this cart. */
  | { kind: 'unavailable'; option: null; cost: number }

export type ShippingInput = ShippingContext & {
  /** null when the settings failed to load. */
  settings: ShippingSettings | null
  /** The chosen option's id (or name); absent means the default. */
  option?: string | null | undefined
  itemCount: number
}

/**
 * The shipping cost of a cart (customer-side.md §9 Shipping). The default is the settings'
 * defaultOptionId when that option is available, else the first available option.
 */
export function calculateShipping({
  settings,
  option,
  subtotal,
  itemCount,
  region,
  weightKg,
}: ShippingInput): ShippingResult {
  if (!settings) return { kind: 'fallback', option: null, cost: SHIPPING_COST_WHEN_SETTINGS_FAIL }
  const available = availableShippingOptions(settings, { subtotal, region, weightKg })
  const fallbackCost = localFallbackShippingCost(settings, itemCount, subtotal)
  if (option) {
    const chosen = findShippingOption(available, option)
    if (!chosen) return { kind: 'unavailable', option: null, cost: fallbackCost }
    return { kind: 'option', option: chosen, cost: shippingOptionCost(settings, chosen, subtotal, weightKg) }
  }
  const preferred = findShippingOption(available, settings.defaultOptionId) ?? available[0]
  if (!preferred) return { kind: 'fallback', option: null, cost: fallbackCost }
  return { kind: 'option', option: preferred, cost: shippingOptionCost(settings, preferred, subtotal, weightKg) }
}

const PICKUP_WORDS = /preuzim|pickup|pick-up|osobno/i

/**
 * Pickup orders need only a name and a phone (customer-side.md §5). An option is pickup when
 * its id or name says so ('pickup', 'Osobno preuzimanje'); a free delivery option is not pickup.
 */
export function isPickupOption(option: Pick<ShippingOption, 'id' | 'name'> | null | undefined): boolean {
  if (!option) return false
  return PICKUP_WORDS.test(option.id) || PICKUP_WORDS.test(option.name)
}
