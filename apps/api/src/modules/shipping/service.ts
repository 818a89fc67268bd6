import { staffWrite } from '../../platform/staff-write.ts'
import { findVersion } from '../../platform/record-version.ts'
import type { Actor } from '../../platform/actor.ts'
import type { z } from 'zod'
import { shippingSettingsResponse } from '@shop/shared/schemas/catalogue.ts'
import type { ShippingOptionValue, ShippingSettingsValue } from '@shop/shared/schemas/shipping-settings.ts'
import type { Database } from '../../platform/db.ts'
import { DEFAULT_SHIPPING_SETTINGS, LOCAL_FALLBACK_SHIPPING, parcelPriceBands } from '@shop/shared/rules/shipping.ts'
import type { ParcelPriceBand } from '@shop/shared/rules/shipping-weight.ts'
import { findShippingSettings, lockShippingSettings, saveShippingSettings, SHIPPING_SETTINGS_KEY } from './repo.ts'

type StoredOption = Record<string, unknown> & { id?: unknown }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The fields staff edit, in a fixed order; an option whose fields are unchanged keeps its updatedAt. */
function editedFields(option: Record<string, unknown>): string {
  const conditions = isRecord(option.conditions) ? option.conditions : {}
  return JSON.stringify([
    option.name,
    option.basePrice,
    option.description ?? null,
    option.isActive ?? true,
    option.appliesFreeShipping ?? true,
    option.pricedByWeight ?? false,
    conditions.minOrderValue ?? null,
    conditions.maxOrderValue ?? null,
    conditions.regions ?? [],
  ])
}

/** The option as stored: createdAt kept from the saved option with the same id, updatedAt set when it changed. */
function stamp(option: ShippingOptionValue, saved: StoredOption | undefined, now: string) {
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = option
  const unchanged = saved !== undefined && editedFields(saved) === editedFields(fields)
  return {
    ...fields,
    createdAt: typeof saved?.createdAt === 'string' ? saved.createdAt : now,
    updatedAt: unchanged && typeof saved.updatedAt === 'string' ? saved.updatedAt : now,
  }
}

/**
 * PATCH /api/settings/shipping (staff-and-content.md §7): the whole object replaces the saved
 * one; fields the page does not edit (the fallback basePrice and pricePerItem) are kept. One
 * audit line with before and after; the public GET is answered from the catalogue cache, so
 * its generation is bumped in the same transaction.
 */
export async function updateShippingSettings(
  db: Database,
  actor: Actor,
  { version, ...input }: ShippingSettingsValue & { version: number },
  at: number,
): Promise<z.output<typeof shippingSettingsResponse>> {
  await staffWrite(db, actor, 'public-reads', async ({ client, auditSettings, claimVersion }) => {
    const before = await lockShippingSettings(client)
    // docs/decisions.md ('Edits that never overwrite each other'): the shipping options are one settings document with one version.
    await claimVersion({ record: 'settings', id: SHIPPING_SETTINGS_KEY, version, mayBeMissing: true })
    const stored = isRecord(before) ? before : {}
    const savedOptions = (Array.isArray(stored.options) ? stored.options : []).filter(isRecord) as StoredOption[]
    const now = new Date(at).toISOString()
    const after = {
      ...stored,
      ...input,
      options: input.options.map((option) =>
        stamp(
          option,
          savedOptions.find((saved) => String(saved.id) === option.id),
          now,
        ),
      ),
    }
    await saveShippingSettings(client, after)
    await auditSettings(SHIPPING_SETTINGS_KEY, before, after)
  })
  return shippingSettingsResponse.parse(await getShippingSettings(db))
}

/**
 * The 'shipping' settings object; fields staff never saved take the specification's defaults
 * (customer-side.md §9: basePrice 10, freeShippingThreshold 300, pricePerItem 2).
 */
export async function getShippingSettings(db: Database): Promise<Record<string, unknown>> {
  const stored = await findShippingSettings(db)
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
    parcelPriceBands: parcelPriceBands({
      parcelPriceBands: Array.isArray(value.parcelPriceBands) ? (value.parcelPriceBands as ParcelPriceBand[]) : null,
    }),
    version: await findVersion(db, 'settings', SHIPPING_SETTINGS_KEY),
  }
}
