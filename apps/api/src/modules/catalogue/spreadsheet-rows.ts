import { format, messages } from '@shop/shared/messages/bs.ts'
import {
  columnHeader,
  columnOfHeader,
  hasAtMostTwoDecimals,
  parseSpreadsheetNumber,
  parseYesNo,
  type SpreadsheetColumn,
} from '@shop/shared/rules/catalogue-spreadsheet.ts'
import { roundMoney } from '@shop/shared/rules/money.ts'
import { DEFAULT_UNIT, isUnit } from '@shop/shared/rules/units.ts'
import { isWeightKg } from '@shop/shared/rules/parcel-weight.ts'
import type { ImportError } from '@shop/shared/schemas/catalogue-io.ts'
import { findFloorViolation, MAX_MONEY, MAX_STOCK } from '@shop/shared/schemas/product-form.ts'
import type { SheetCell } from './spreadsheet-file.ts'
import type { SheetOption, SheetProduct, SheetOptionWrite, SheetProductWrite } from './repo.ts'

// docs/decisions.md, 'Catalogue in a spreadsheet': the rows of an import checked and compared with the
// saved products, without I/O. A column missing from the file keeps the saved value; in 'update' mode only
// prices and stock are read, whatever else the file has.

const text = messages.catalogueIo
export type ImportMode = 'upsert' | 'update'

const UPDATE_COLUMNS: SpreadsheetColumn[] = [
  'code',
  'size',
  'price',
  'discountPrice',
  'wholesalePrice',
  'stock',
  'infiniteStock',
]
const REQUIRED: Record<ImportMode, SpreadsheetColumn[]> = {
  upsert: ['code', 'name', 'category', 'price'],
  update: ['code'],
}

export type ColumnMap = Map<SpreadsheetColumn, number>

/** The columns of the header row; errors name each required column that is missing (row 1). */
export function readHeader(cells: SheetCell[], mode: ImportMode): { columns: ColumnMap; errors: ImportError[] } {
  const columns: ColumnMap = new Map()
  cells.forEach((cell, index) => {
    const column = columnOfHeader(String(cell))
    if (column && !columns.has(column) && (mode === 'upsert' || UPDATE_COLUMNS.includes(column)))
      columns.set(column, index)
  })
  const errors = REQUIRED[mode]
    .filter((column) => !columns.has(column))
    .map((column) => ({
      row: 1,
      column: columnHeader(column),
      message: format(text.missingColumn, { column: columnHeader(column) }),
    }))
  return { columns, errors }
}

/** A row's values; undefined where the file has no such column. */
export type ParsedRow = {
  row: number
  code: string
  size: string | null
  optionCode?: string | null
  name?: string
  category?: string
  brand?: string | null
  price?: number
  discountPrice?: number | null
  wholesalePrice?: number | null
  stock?: number
  infiniteStock?: boolean
  unit?: string
  /** kg of one piece; null: not known (an option: its product's). */
  weight?: number | null
  description?: string | null
}

/** A spreadsheet's text: trimmed, and the apostrophe our export puts before '=', '+', '-', '@' taken off. */
function cellText(cell: SheetCell | undefined): string {
  const value = typeof cell === 'number' ? String(cell) : (cell ?? '').trim()
  return /^'[=+\-@]/.test(value) ? value.slice(1) : value
}

export function isEmptyRow(cells: SheetCell[]): boolean {
  return cells.every((cell) => cellText(cell) === '')
}

/** Checks one data row on its own (numbers, required cells, lengths); `errors` gets its problems. */
export function parseRow(row: number, cells: SheetCell[], columns: ColumnMap, errors: ImportError[]): ParsedRow | null {
  const before = errors.length
  const fail = (column: SpreadsheetColumn, message: string) =>
    errors.push({ row, column: columnHeader(column), message })
  const has = (column: SpreadsheetColumn) => columns.has(column)
  const raw = (column: SpreadsheetColumn): SheetCell => cells[columns.get(column)!] ?? ''
  const textOf = (column: SpreadsheetColumn, max: number, required?: string): string | null => {
    const value = cellText(raw(column))
    if (value === '' && required) fail(column, required)
    if (value.length > max) fail(column, format(text.textTooLong, { max }))
    return value === '' ? null : value
  }
  const moneyOf = (column: SpreadsheetColumn, required: boolean): number | null => {
    const cell = raw(column)
    if (cellText(cell) === '') {
      if (required) fail(column, text.priceRequired)
      return null
    }
    const parsed = parseSpreadsheetNumber(cell)
    if ('error' in parsed) return (fail(column, parsed.error), null)
    if (!hasAtMostTwoDecimals(parsed.value)) return (fail(column, text.tooManyDecimals), null)
    if (parsed.value <= 0) return (fail(column, text.priceNotPositive), null)
    if (parsed.value > MAX_MONEY) return (fail(column, text.priceTooHigh), null)
    return roundMoney(parsed.value)
  }

  const parsed: ParsedRow = {
    row,
    code: textOf('code', 100, text.codeRequired) ?? '',
    size: has('size') ? textOf('size', 100) : null,
  }
  if (has('optionCode')) parsed.optionCode = textOf('optionCode', 100)
  if (has('name')) parsed.name = textOf('name', 300, text.nameRequired) ?? ''
  if (has('category')) parsed.category = textOf('category', 200, text.categoryRequired) ?? ''
  if (has('brand')) parsed.brand = textOf('brand', 200)
  if (has('price')) parsed.price = moneyOf('price', true) ?? 0
  if (has('discountPrice')) parsed.discountPrice = moneyOf('discountPrice', false)
  if (has('wholesalePrice')) parsed.wholesalePrice = moneyOf('wholesalePrice', false)
  if (has('stock')) {
    const cell = raw('stock')
    const number = parseSpreadsheetNumber(cell)
    if (cellText(cell) === '') fail('stock', text.stockRequired)
    else if ('error' in number || !Number.isInteger(number.value) || number.value < 0 || number.value > MAX_STOCK)
      fail('stock', text.stockInvalid)
    else parsed.stock = number.value
  }
  if (has('infiniteStock')) {
    const flag = parseYesNo(raw('infiniteStock'))
    if (flag === undefined) fail('infiniteStock', text.yesNoInvalid)
    else parsed.infiniteStock = flag
  }
  if (has('unit')) {
    const unit = cellText(raw('unit')) || DEFAULT_UNIT
    if (!isUnit(unit)) fail('unit', text.unitInvalid)
    else parsed.unit = unit
  }
  if (has('weight')) {
    // docs/decisions.md, 'Product weights and shipping by weight': as the product form checks it.
    const cell = raw('weight')
    if (cellText(cell) === '') parsed.weight = null
    else {
      const number = parseSpreadsheetNumber(cell)
      if ('error' in number || !isWeightKg(number.value)) fail('weight', messages.admin.product.weightInvalid)
      else parsed.weight = number.value
    }
  }
  if (has('description')) parsed.description = textOf('description', 20_000)
  return errors.length === before ? parsed : null
}

// ---- Comparing with the saved catalogue ----
export type Names = { categories: Map<string, string>; brands: Map<string, string> }
export const nameKey = (name: string) => name.trim().toLocaleLowerCase('bs')

export type RowOutcome = 'created' | 'updated' | 'unchanged'
export type ImportPlan = {
  newProducts: SheetProductWrite[]
  /** Options of new products, by the new product's code (its id comes with the insert). */
  newOptionsByCode: Map<string, Omit<SheetOptionWrite, 'product_id'>[]>
  newOptions: SheetOptionWrite[]
  changedProducts: SheetProductWrite[]
  /** Ids of changed products whose name or description changed. */
  textChanged: Set<string>
  changedOptions: SheetOptionWrite[]
  audits: {
    action: 'create' | 'update'
    entityId: string | null
    code: string
    size: string | null
    before: unknown
    after: unknown
  }[]
  outcomes: Map<number, RowOutcome>
  stockChanges: number
}

/**
 * The stored fields of a product that a sheet row edits (its code names the product): compared with the saved ones for
 * the audit, and written with the code and has_sizes by the import (repo.ts).
 */
export const SHEET_PRODUCT_FIELDS = [
  'name',
  'description',
  'category_id',
  'brand_id',
  'price',
  'discount_price',
  'wholesale_price',
  'stock',
  'infinite_stock',
  'unit',
  'weight_kg',
] as const
/** The stored fields of an option that a sheet row edits (its product and size name it), likewise. */
export const SHEET_OPTION_FIELDS = [
  'custom_id',
  'stock',
  'infinite',
  'price',
  'discount_price',
  'wholesale_price',
  'weight_kg',
] as const

function differences<T extends Record<string, unknown>>(before: T, after: T, fields: readonly (keyof T)[]) {
  const changed = fields.filter((field) => before[field] !== after[field])
  const pick = (source: T) => Object.fromEntries(changed.map((field) => [field, source[field]]))
  return { changed, before: pick(before), after: pick(after) }
}

const FLOOR_COLUMNS = {
  price: 'price',
  discount_price: 'discountPrice',
  wholesale_price: 'wholesalePrice',
} as const satisfies Record<string, SpreadsheetColumn>

/**
 * The form's price rules on one row: discount and wholesale below the price, then no price below the
 * product's floor (docs/decisions.md, 'Money rules'; `size` names the option as the form does).
 */
function checkPrices(
  row: ParsedRow,
  prices: { price: number; discount: number | null; wholesale: number | null },
  floor: { ownFloor: number | null; size: string | null },
  errors: ImportError[],
): boolean {
  const { price, discount, wholesale } = prices
  let isValid = true
  if (discount !== null && discount >= price) {
    errors.push({ row: row.row, column: columnHeader('discountPrice'), message: text.discountNotBelowPrice })
    isValid = false
  }
  if (wholesale !== null && wholesale >= price) {
    errors.push({ row: row.row, column: columnHeader('wholesalePrice'), message: text.wholesaleNotBelowPrice })
    isValid = false
  }
  if (!isValid) return false
  const violation = findFloorViolation({ ...prices, size: floor.size }, floor.ownFloor)
  if (violation) {
    errors.push({ row: row.row, column: columnHeader(FLOOR_COLUMNS[violation.field]), message: violation.message })
    return false
  }
  return true
}

const rowKey = (code: string, size: string | null) => `${code}\u0000${size === null ? '' : nameKey(size)}`

/**
 * What the import would write, row by row: new products and options, changed ones, and each row's outcome.
 * Rows of one product with sizes share the product's fields; the first valid row of the product names them.
 */
export function planImport(
  rows: ParsedRow[],
  saved: Map<string, SheetProduct>,
  names: Names,
  mode: ImportMode,
  errors: ImportError[],
): ImportPlan {
  const plan: ImportPlan = {
    newProducts: [],
    newOptionsByCode: new Map(),
    newOptions: [],
    changedProducts: [],
    textChanged: new Set(),
    changedOptions: [],
    audits: [],
    outcomes: new Map(),
    stockChanges: 0,
  }
  const seen = new Map<string, number>()
  const productDone = new Set<string>()
  const newProductByCode = new Map<string, SheetProductWrite>()
  const changedOptionIds = new Set<string>()
  const fail = (row: ParsedRow, column: SpreadsheetColumn, message: string) =>
    errors.push({ row: row.row, column: columnHeader(column), message })

  for (const row of rows) {
    const key = rowKey(row.code, row.size)
    const earlier = seen.get(key)
    if (earlier !== undefined) {
      fail(row, 'code', format(text.duplicateRow, { row: earlier }))
      continue
    }
    seen.set(key, row.row)
    const product = saved.get(row.code)
    if (!product && mode === 'update') {
      fail(row, 'code', format(text.productUnknown, { code: row.code }))
      continue
    }
    const categoryId = row.category === undefined ? product?.category_id : names.categories.get(nameKey(row.category))
    if (row.category !== undefined && !categoryId) {
      fail(row, 'category', format(text.categoryUnknown, { name: row.category }))
      continue
    }
    const brandId =
      row.brand === undefined
        ? (product?.brand_id ?? null)
        : row.brand === null
          ? null
          : names.brands.get(nameKey(row.brand))
    if (brandId === undefined) {
      fail(row, 'brand', format(text.brandUnknown, { name: row.brand ?? '' }))
      continue
    }

    if (!product) {
      planNewProductRow(row, categoryId!, brandId, plan, newProductByCode, errors)
      continue
    }

    // The product's own fields (the row of a product without sizes, or the first row of one with sizes).
    const productAfter: SheetProductWrite = {
      id: product.id,
      custom_id: product.custom_id,
      name: row.name ?? product.name,
      description: row.description === undefined ? product.description : row.description,
      category_id: categoryId!,
      brand_id: brandId,
      price: product.price,
      discount_price: product.discount_price,
      wholesale_price: product.wholesale_price,
      stock: product.stock,
      infinite_stock: product.infinite_stock,
      unit: row.unit ?? product.unit,
      weight_kg: product.weight_kg,
      has_sizes: product.has_sizes,
    }
    let option: SheetOption | undefined
    let optionAfter: SheetOptionWrite | undefined
    // A product with sizes but no options yet is exported as one row without a size, and read back as one.
    if (!product.has_sizes || (row.size === null && product.options.length === 0)) {
      if (row.size !== null) {
        fail(row, 'size', text.hasNoSizes)
        continue
      }
      productAfter.price = row.price ?? product.price
      if (row.discountPrice !== undefined) productAfter.discount_price = row.discountPrice
      if (row.wholesalePrice !== undefined) productAfter.wholesale_price = row.wholesalePrice
      if (row.stock !== undefined) productAfter.stock = row.stock
      if (row.infiniteStock !== undefined) productAfter.infinite_stock = row.infiniteStock
      if (row.weight !== undefined) productAfter.weight_kg = row.weight
      const prices = {
        price: productAfter.price,
        discount: productAfter.discount_price,
        wholesale: productAfter.wholesale_price,
      }
      if (!checkPrices(row, prices, { ownFloor: product.price_floor, size: null }, errors)) continue
    } else {
      if (row.size === null) {
        fail(row, 'size', text.sizeRequired)
        continue
      }
      option = product.options.find((candidate) => nameKey(candidate.size) === nameKey(row.size!))
      if (!option && mode === 'update') {
        fail(row, 'size', format(text.sizeUnknown, { code: row.code, size: row.size }))
        continue
      }
      const ownPrice = (price: number | undefined, stored: number | null) =>
        price === undefined ? stored : price === product.price && stored === null ? null : price
      // The export writes an option without its own weight with its product's; read back, it stays without.
      const ownWeight = (weight: number | null | undefined, stored: number | null) =>
        weight === undefined ? stored : weight === product.weight_kg && stored === null ? null : weight
      optionAfter = {
        id: option?.id ?? null,
        product_id: product.id,
        position:
          option?.position ??
          product.options.length + plan.newOptions.filter((added) => added.product_id === product.id).length,
        size: option?.size ?? row.size,
        custom_id: row.optionCode === undefined ? (option?.custom_id ?? null) : row.optionCode,
        stock: row.stock ?? option?.stock ?? 0,
        infinite: row.infiniteStock ?? option?.infinite ?? false,
        price: ownPrice(row.price, option?.price ?? null),
        discount_price: row.discountPrice === undefined ? (option?.discount_price ?? null) : row.discountPrice,
        wholesale_price: row.wholesalePrice === undefined ? (option?.wholesale_price ?? null) : row.wholesalePrice,
        weight_kg: ownWeight(row.weight, option?.weight_kg ?? null),
      }
      const prices = {
        price: optionAfter.price ?? product.price,
        discount: optionAfter.discount_price,
        wholesale: optionAfter.wholesale_price,
      }
      if (!checkPrices(row, prices, { ownFloor: product.price_floor, size: optionAfter.size }, errors)) continue
    }

    let outcome: RowOutcome = 'unchanged'
    if (!productDone.has(product.id)) {
      productDone.add(product.id)
      const change = differences(product as unknown as SheetProductWrite, productAfter, SHEET_PRODUCT_FIELDS)
      if (change.changed.length > 0) {
        plan.changedProducts.push(productAfter)
        if (change.changed.includes('name') || change.changed.includes('description')) plan.textChanged.add(product.id)
        plan.audits.push({
          action: 'update',
          entityId: product.id,
          code: product.custom_id,
          size: null,
          before: change.before,
          after: change.after,
        })
        if (change.changed.includes('stock') || change.changed.includes('infinite_stock')) plan.stockChanges += 1
        outcome = 'updated'
      }
    }
    if (optionAfter) {
      if (!option) {
        plan.newOptions.push(optionAfter)
        plan.audits.push({
          action: 'update',
          entityId: product.id,
          code: product.custom_id,
          size: optionAfter.size,
          before: null,
          after: optionAfter,
        })
        plan.stockChanges += 1
        outcome = 'created'
      } else if (!changedOptionIds.has(option.id)) {
        const change = differences(option as unknown as SheetOptionWrite, optionAfter, SHEET_OPTION_FIELDS)
        if (change.changed.length > 0) {
          changedOptionIds.add(option.id)
          plan.changedOptions.push(optionAfter)
          plan.audits.push({
            action: 'update',
            entityId: product.id,
            code: product.custom_id,
            size: option.size,
            before: change.before,
            after: change.after,
          })
          if (change.changed.includes('stock') || change.changed.includes('infinite')) plan.stockChanges += 1
          outcome = 'updated'
        }
      }
    }
    plan.outcomes.set(row.row, outcome)
  }
  return plan
}

function planNewProductRow(
  row: ParsedRow,
  categoryId: string,
  brandId: string | null,
  plan: ImportPlan,
  newProductByCode: Map<string, SheetProductWrite>,
  errors: ImportError[],
): void {
  const price = row.price!
  const discount = row.discountPrice ?? null
  const wholesale = row.wholesalePrice ?? null
  const prices = { price, discount, wholesale }
  if (!checkPrices(row, prices, { ownFloor: null, size: row.size }, errors)) return
  let product = newProductByCode.get(row.code)
  if (product && product.has_sizes !== (row.size !== null)) {
    errors.push({
      row: row.row,
      column: columnHeader('size'),
      message: product.has_sizes ? text.sizeRequired : text.hasNoSizes,
    })
    return
  }
  if (!product) {
    product = {
      id: null,
      custom_id: row.code,
      name: row.name!,
      description: row.description ?? null,
      category_id: categoryId,
      brand_id: brandId,
      price,
      // A product with sizes sells at its options' prices; the product keeps the first row's as its own.
      discount_price: discount,
      wholesale_price: wholesale,
      stock: row.size === null ? (row.stock ?? 0) : 0,
      infinite_stock: row.size === null ? (row.infiniteStock ?? false) : false,
      unit: row.unit ?? DEFAULT_UNIT,
      // With sizes, the first row's weight is the product's, as its price is.
      weight_kg: row.weight ?? null,
      has_sizes: row.size !== null,
    }
    newProductByCode.set(row.code, product)
    plan.newProducts.push(product)
    plan.audits.push({ action: 'create', entityId: null, code: row.code, size: null, before: null, after: product })
    if (product.stock > 0 || product.infinite_stock) plan.stockChanges += 1
  }
  if (row.size !== null) {
    const options = plan.newOptionsByCode.get(row.code) ?? []
    options.push({
      id: null,
      position: options.length,
      size: row.size,
      custom_id: row.optionCode ?? null,
      stock: row.stock ?? 0,
      infinite: row.infiniteStock ?? false,
      price: price === product.price ? null : price,
      discount_price: discount,
      wholesale_price: wholesale,
      weight_kg: (row.weight ?? null) === product.weight_kg ? null : (row.weight ?? null),
    })
    plan.newOptionsByCode.set(row.code, options)
    plan.stockChanges += 1
  }
  plan.outcomes.set(row.row, 'created')
}
