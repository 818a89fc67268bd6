import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import {
  shippingOptionInput,
  type ShippingOptionValue,
  type ShippingSettingsInput,
} from '@shop/shared/schemas/shipping-settings.ts'
import { formatPrice } from '../../../ui/format-price.ts'

const text = admin.shipping

/** One option as the page keeps it between loading and 'Spremi promjene'. */
export type OptionDraft = Omit<ShippingOptionValue, 'createdAt' | 'updatedAt'> & {
  createdAt?: string
  updatedAt?: string
}

/** One band of the parcel price table as typed (docs/decisions.md, 'Product weights and shipping by weight'). */
export type BandDraft = { upToKg: string; price: string }

/** The whole settings object as the page edits it; the threshold and the table's bands are the fields' text. */
export type SettingsDraft = {
  id: string
  freeShippingThreshold: string
  defaultOptionId: string | null
  options: OptionDraft[]
  parcelPriceBands: BandDraft[]
  /** docs/decisions.md ('Edits that never overwrite each other'): the version the page was opened with (0: never saved). */
  version: number
}

/** The add/edit modal's fields, as typed. */
export type OptionForm = {
  name: string
  basePrice: string
  description: string
  isActive: boolean
  appliesFreeShipping: boolean
  pricedByWeight: boolean
  minOrderValue: string
  maxOrderValue: string
  regions: string[]
}

export const EMPTY_OPTION_FORM: OptionForm = {
  name: '',
  basePrice: '',
  description: '',
  isActive: true,
  appliesFreeShipping: true,
  pricedByWeight: false,
  minOrderValue: '',
  maxOrderValue: '',
  regions: [],
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null)

function toOptionDraft(value: unknown): OptionDraft | null {
  if (!isRecord(value) || (typeof value.id !== 'string' && typeof value.id !== 'number')) return null
  const conditions = isRecord(value.conditions) ? value.conditions : {}
  return {
    id: String(value.id),
    name: typeof value.name === 'string' ? value.name : '',
    basePrice: numberOrNull(value.basePrice) ?? 0,
    description: typeof value.description === 'string' && value.description ? value.description : null,
    isActive: value.isActive !== false,
    appliesFreeShipping: value.appliesFreeShipping !== false,
    pricedByWeight: value.pricedByWeight === true,
    conditions: {
      minOrderValue: numberOrNull(conditions.minOrderValue),
      maxOrderValue: numberOrNull(conditions.maxOrderValue),
      regions: Array.isArray(conditions.regions)
        ? conditions.regions.filter(
            (region): region is ShippingOptionValue['conditions']['regions'][number] => typeof region === 'string',
          )
        : [],
    },
    ...(typeof value.createdAt === 'string' ? { createdAt: value.createdAt } : {}),
    ...(typeof value.updatedAt === 'string' ? { updatedAt: value.updatedAt } : {}),
  }
}

/** Reads GET/PATCH /api/settings/shipping; null when the answer is not a settings object with options. */
export function toSettingsDraft(value: unknown): SettingsDraft | null {
  if (!isRecord(value) || !Array.isArray(value.options)) return null
  const options = value.options.map(toOptionDraft)
  if (options.some((option) => option === null)) return null
  const threshold = numberOrNull(value.freeShippingThreshold)
  return {
    id: typeof value.id === 'string' || typeof value.id === 'number' ? String(value.id) : 'shipping',
    freeShippingThreshold: threshold === null ? '' : String(threshold),
    defaultOptionId:
      typeof value.defaultOptionId === 'string' || typeof value.defaultOptionId === 'number'
        ? String(value.defaultOptionId)
        : null,
    options: options as OptionDraft[],
    parcelPriceBands: (Array.isArray(value.parcelPriceBands) ? value.parcelPriceBands : [])
      .filter(isRecord)
      .map((band) => ({ upToKg: decimalText(band.upToKg), price: decimalText(band.price) })),
    version: typeof value.version === 'number' ? value.version : 0,
  }
}

/** A number as staff type it, with a decimal comma. */
function decimalText(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value).replace('.', ',') : ''
}

/** The body of PATCH /api/settings/shipping: the whole object. */
export function toSettingsInput(draft: SettingsDraft): ShippingSettingsInput {
  return {
    id: draft.id,
    freeShippingThreshold: draft.freeShippingThreshold,
    defaultOptionId: draft.defaultOptionId,
    options: draft.options,
    parcelPriceBands: draft.parcelPriceBands,
  }
}

const fieldText = (value: number | null) => (value === null ? '' : String(value))

export function toOptionForm(option: OptionDraft): OptionForm {
  return {
    name: option.name,
    basePrice: String(option.basePrice),
    description: option.description ?? '',
    isActive: option.isActive,
    appliesFreeShipping: option.appliesFreeShipping,
    pricedByWeight: option.pricedByWeight,
    minOrderValue: fieldText(option.conditions.minOrderValue),
    maxOrderValue: fieldText(option.conditions.maxOrderValue),
    regions: [...option.conditions.regions],
  }
}

export type OptionFormErrors = Partial<
  Record<'name' | 'basePrice' | 'description' | 'minOrderValue' | 'maxOrderValue' | 'regions' | 'form', string>
>

/** Checks the modal with the server's option schema; the option keeps its id and createdAt. */
export function checkOptionForm(
  form: OptionForm,
  base: Pick<OptionDraft, 'id' | 'createdAt' | 'updatedAt'>,
): { option: OptionDraft } | { errors: OptionFormErrors } {
  const checked = shippingOptionInput.safeParse({
    id: base.id,
    name: form.name,
    basePrice: form.basePrice,
    description: form.description,
    isActive: form.isActive,
    appliesFreeShipping: form.appliesFreeShipping,
    pricedByWeight: form.pricedByWeight,
    conditions: { minOrderValue: form.minOrderValue, maxOrderValue: form.maxOrderValue, regions: form.regions },
  })
  if (!checked.success) {
    const errors: OptionFormErrors = {}
    for (const issue of checked.error.issues) {
      const [first, second] = issue.path
      const field = first === 'conditions' ? second : first
      const key =
        typeof field === 'string' &&
        ['name', 'basePrice', 'description', 'minOrderValue', 'maxOrderValue', 'regions'].includes(field)
          ? (field as keyof OptionFormErrors)
          : 'form'
      errors[key] ??= issue.message
    }
    return { errors }
  }
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = checked.data
  return {
    option: {
      ...fields,
      ...(base.createdAt ? { createdAt: base.createdAt } : {}),
      ...(base.updatedAt ? { updatedAt: base.updatedAt } : {}),
    },
  }
}

/** An id for a new option from its name ('Lokalna dostava' -> 'lokalna-dostava'), unique among the options. */
export function newOptionId(name: string, options: readonly Pick<OptionDraft, 'id'>[]): string {
  const slug =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/gi, 'd')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'opcija'
  const taken = new Set(options.map((option) => option.id))
  let id = slug
  for (let suffix = 2; taken.has(id); suffix += 1) id = `${slug}-${suffix}`
  return id
}

/** Replaces the option with the same id, or adds it at the end. */
export function upsertOption(draft: SettingsDraft, option: OptionDraft): SettingsDraft {
  const exists = draft.options.some((current) => current.id === option.id)
  return {
    ...draft,
    options: exists
      ? draft.options.map((current) => (current.id === option.id ? option : current))
      : [...draft.options, option],
  }
}

/** Removes an option locally (§2: nothing is saved until 'Spremi promjene'); a removed default is cleared. */
export function removeOption(draft: SettingsDraft, id: string): SettingsDraft {
  return {
    ...draft,
    options: draft.options.filter((option) => option.id !== id),
    defaultOptionId: draft.defaultOptionId === id ? null : draft.defaultOptionId,
  }
}

/** The option card's conditions line: order value window and regions ('Sve regije' when none). */
export function describeConditions(option: OptionDraft): string[] {
  const { minOrderValue, maxOrderValue, regions } = option.conditions
  const parts: string[] = []
  if (minOrderValue !== null && minOrderValue > 0)
    parts.push(format(text.fromValue, { value: formatPrice(minOrderValue) }))
  // A maximum of 0 means "no maximum" (rules/shipping.ts).
  if (maxOrderValue !== null && maxOrderValue > 0)
    parts.push(format(text.toValue, { value: formatPrice(maxOrderValue) }))
  parts.push(regions.length > 0 ? regions.join(', ') : text.allRegions)
  return parts
}
