import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { roundMoney } from '@shop/shared/rules/money.ts'
import type { IllustrationKind } from './illustrations.ts'
import { BRANDS, type BrandKey } from './demo-data/brands.ts'
import { CATEGORIES, type CategoryKey } from './demo-data/categories.ts'
import gardenFamilies from './demo-data/products-garden.json' with { type: 'json' }
import homeFamilies from './demo-data/products-home.json' with { type: 'json' }
import materialFamilies from './demo-data/products-materials.json' with { type: 'json' }
import toolFamilies from './demo-data/products-tools.json' with { type: 'json' }
import { MENU, type DishPicture, type MenuCategorySeed } from './demo-data/restaurant.ts'
import { SALE } from './demo-data/marketing.ts'
import { DEFAULT_UNIT, type Unit } from '@shop/shared/rules/units.ts'
import { productFamily, type OptionSeed, type ProductFamily, type ProductSeed } from './demo-data/types.ts'

// Turns the readable data files into rows: ids, descriptions, stock and wholesale prices.
// Everything is deterministic (stock comes from a generator seeded by the product code), so
// every fresh demo shop looks the same.

/** Wholesale prices are this share of the retail price. */
const WHOLESALE_SHARE = 0.8

export type CategoryRow = { id: string; key: CategoryKey; name: string; description: string; colour: string }
export type BrandRow = { id: string; key: BrandKey; name: string; description: string; colour: string }

export type OptionRow = {
  id: string
  position: number
  size: string
  customId: string
  stock: number
  infinite: boolean
  price: number
  discountPrice: number | null
  wholesalePrice: number | null
}

export type ProductRow = {
  id: string
  customId: string
  name: string
  shortDescription: string
  description: string
  price: number
  discountPrice: number | null
  wholesalePrice: number | null
  priceFloor: number | null
  categoryId: string
  brandId: string | null
  stock: number
  infiniteStock: boolean
  hasSizes: boolean
  featured: boolean
  recommended: boolean
  specifications: { name: string; value: string }[]
  unit: Unit
  noLineLimit: boolean
  /** docs/decisions.md, 'Product weights and shipping by weight': kg, null for the demo's few unknown. */
  weightKg: number | null
  options: OptionRow[]
  picture: ProductPicture
}

export type ProductPicture = {
  kind: IllustrationKind
  /** The colour the product is drawn in. */
  colour: string
  categoryColour: string
  brandName: string | null
  imageCount: number
}

export type SaleProductRow = {
  id: string
  productId: string
  originalPrice: number
  discountPercentage: number
  discountedPrice: number
}

export type MenuCategoryRow = { id: string; name: string; description: string; parentId: string | null }
export type MenuItemRow = {
  id: string
  categoryId: string
  name: string
  description: string
  price: number
  ingredients: string[]
  allergens: string[]
  featured: boolean
  isAvailable: boolean
  picture: DishPicture | null
}

export type Catalogue = {
  categories: CategoryRow[]
  brands: BrandRow[]
  products: ProductRow[]
  saleProducts: SaleProductRow[]
  menuCategories: MenuCategoryRow[]
  menuItems: MenuItemRow[]
}

export const PRODUCT_FAMILIES: ProductFamily[] = z
  .array(productFamily)
  .parse([...toolFamilies, ...materialFamilies, ...gardenFamilies, ...homeFamilies])

export function buildCatalogue(): Catalogue {
  const categories = CATEGORIES.map((category) => ({ id: randomUUID(), ...category }))
  const brands = BRANDS.map((brand) => ({ id: randomUUID(), ...brand }))
  const categoryByKey = new Map(categories.map((category) => [category.key, category]))
  const brandByKey = new Map(brands.map((brand) => [brand.key, brand]))

  const products = PRODUCT_FAMILIES.flatMap((family) =>
    family.products.map((seed) => {
      const category = categoryByKey.get(family.category)
      if (!category) throw new Error(`Unknown category ${family.category}`)
      const brand = seed.brand ? brandByKey.get(seed.brand) : undefined
      if (seed.brand && !brand) throw new Error(`Unknown brand ${seed.brand}`)
      return buildProduct(family, seed, category, brand)
    }),
  )
  const saleProducts = applySale(products)
  const { menuCategories, menuItems } = buildMenu(MENU)
  return { categories, brands, products, saleProducts, menuCategories, menuItems }
}

function buildProduct(
  family: ProductFamily,
  seed: ProductSeed,
  category: CategoryRow,
  brand: BrandRow | undefined,
): ProductRow {
  const random = seededRandom(seed.code)
  const optionSeed = seed.options ?? family.options
  const hasWholesale = seed.hasWholesalePrice !== false
  const options = optionSeed ? buildOptions(seed, optionSeed, hasWholesale, random) : []
  const isInfinite = seed.stock === 'infinite'
  const stock =
    seed.stock === 'out' || isInfinite
      ? 0
      : options.length > 0
        ? options.reduce((sum, option) => sum + option.stock, 0)
        : 3 + Math.floor(random() * 58)
  if (seed.discountPrice !== undefined && !(seed.discountPrice < seed.price)) {
    throw new Error(`${seed.code}: the discount price must be below the price`)
  }
  return {
    id: randomUUID(),
    customId: seed.code,
    name: seed.name,
    shortDescription: seed.short,
    description: describe(seed, family, optionSeed),
    price: seed.price,
    discountPrice: seed.discountPrice ?? null,
    wholesalePrice: hasWholesale ? wholesaleOf(seed.price) : null,
    priceFloor: seed.priceFloor ?? null,
    categoryId: category.id,
    brandId: brand?.id ?? null,
    stock,
    infiniteStock: isInfinite,
    hasSizes: options.length > 0,
    featured: seed.featured === true,
    recommended: seed.recommended === true,
    specifications: Object.entries(seed.specs).map(([name, value]) => ({ name, value })),
    unit: seed.unit ?? DEFAULT_UNIT,
    noLineLimit: seed.noLineLimit === true,
    weightKg: demoWeight(family.kind, seed),
    options,
    picture: {
      kind: family.kind,
      colour: seed.colour ?? brand?.colour ?? category.colour,
      categoryColour: category.colour,
      brandName: brand?.name ?? null,
      imageCount: seed.images ?? (random() < 0.35 ? 2 : 1),
    },
  }
}

function buildOptions(
  seed: ProductSeed,
  optionSeed: OptionSeed,
  hasWholesale: boolean,
  random: () => number,
): OptionRow[] {
  return optionSeed.sizes.map((size, position) => {
    const price = optionSeed.prices?.[position] ?? seed.price
    const discountPrice = optionSeed.discountPrices?.[position] ?? null
    if (discountPrice !== null && !(discountPrice < price)) {
      throw new Error(`${seed.code} ${size}: the discount price must be below the price`)
    }
    // Roughly one option in six has sold out, so that the store shows partly available products.
    const stock =
      seed.stock === 'out' || seed.stock === 'infinite' || random() < 0.16 ? 0 : 2 + Math.floor(random() * 39)
    return {
      id: randomUUID(),
      position,
      size,
      // The demo's codes stand for codes staff have already typed, so they keep the option's own
      // spelling ('100431-2700K' beside the label '2700K'); the form's '{productCode}-{option in
      // lowercase}' (staff-and-content.md §5) only suggests a code for an option added there.
      customId: `${seed.code}-${size}`,
      stock,
      infinite: seed.stock === 'infinite',
      price,
      discountPrice,
      wholesalePrice: hasWholesale ? wholesaleOf(price) : null,
    }
  })
}

// DEMO: what a piece of each kind weighs, in kg, where the product's specifications do not say.
const KIND_WEIGHTS: Record<string, number> = {
  drill: 2,
  grinder: 2.2,
  'circular-saw': 3.5,
  hammer: 0.8,
  screwdriver: 0.6,
  wrench: 1.4,
  pliers: 0.3,
  'hand-saw': 0.6,
  'tape-measure': 0.25,
  'spirit-level': 0.9,
  axe: 1.8,
  toolbox: 3.5,
  ladder: 9.5,
  box: 1.2,
  cable: 0.12,
  'cable-reel': 6.5,
  socket: 0.25,
  bulb: 0.06,
  floodlight: 1.1,
  lamp: 1.4,
  welder: 7.5,
  'welding-mask': 0.55,
  gloves: 0.2,
  helmet: 0.4,
  rope: 0.35,
  chain: 0.9,
  net: 12,
  hook: 0.15,
  screws: 0.75,
  shovel: 2.1,
  rake: 1.3,
  shears: 0.35,
  mower: 24,
  trimmer: 5,
  wheelbarrow: 19,
  hose: 2.8,
  sprinkler: 0.6,
  'watering-can': 0.9,
  bucket: 0.8,
  'drying-rack': 3.2,
  vacuum: 5.8,
  'pressure-washer': 11.5,
  chair: 4.5,
  table: 14,
  parasol: 7.5,
  castor: 0.45,
  shelf: 16,
  'hand-truck': 12.5,
  'paint-can': 5.5,
  brush: 0.15,
  roller: 0.3,
  'spray-can': 0.45,
  tap: 0.9,
  valve: 0.35,
  pipes: 2.4,
}

// DEMO: products left without a weight, so that the staff's list 'Proizvodi bez težine' has something to show.
const WITHOUT_WEIGHT = new Set(['100253', '100633', '100912', '101105'])

/** The product's 'Težina' specification in kg ('1,9 kg', '450 g'), else its kind's weight. */
function demoWeight(kind: string, seed: ProductSeed): number | null {
  if (WITHOUT_WEIGHT.has(seed.code)) return null
  const match = /^(\d+(?:,\d+)?)\s*(kg|g)$/.exec(seed.specs['Težina'] ?? '')
  if (match) {
    const amount = Number(match[1]!.replace(',', '.'))
    return match[2] === 'g' ? amount / 1000 : amount
  }
  return KIND_WEIGHTS[kind] ?? 1
}

function wholesaleOf(price: number): number {
  return roundMoney(price * WHOLESALE_SHARE)
}

/** A multi-line description: the summary, '- ' feature lines, then '* ' remarks. */
function describe(seed: ProductSeed, family: ProductFamily, options: OptionSeed | undefined): string {
  const features = [...(seed.features ?? []), ...family.features]
  if (options) features.push(`Dostupno u izvedbama: ${options.sizes.join(', ')}`)
  const notes = [...(seed.notes ?? []), ...(family.notes ?? [])]
  const lines = [seed.short, '', 'Karakteristike:', ...features.map((feature) => `- ${feature}`)]
  if (notes.length > 0) lines.push('', 'Napomena:', ...notes.map((note) => `* ${note}`))
  return lines.join('\n')
}

/** The sale's entries; the products keep their own prices (docs/decisions.md, 'Sales computed when read'). */
function applySale(products: ProductRow[]): SaleProductRow[] {
  return SALE.products.map(({ code, discountPercentage }) => {
    const product = products.find((each) => each.customId === code)
    if (!product) throw new Error(`Sale product ${code} is not in the catalogue`)
    if (product.hasSizes || product.discountPrice !== null) {
      throw new Error(`Sale product ${code} must have neither options nor a discount of its own`)
    }
    const discountedPrice = applyPercentOff(product.price, discountPercentage)
    return {
      id: randomUUID(),
      productId: product.id,
      originalPrice: product.price,
      discountPercentage,
      discountedPrice,
    }
  })
}

/**
 * The price after a percentage off, rounded half up in whole cents. Computed on cents because
 * roundMoney(59.9 * 0.75) sees 44.92499… and gives 44.92, where the exact 44.925 gives 44.93.
 */
function applyPercentOff(price: number, percent: number): number {
  return Math.round((Math.round(price * 100) * (100 - percent)) / 100) / 100
}

function buildMenu(tree: MenuCategorySeed[]): { menuCategories: MenuCategoryRow[]; menuItems: MenuItemRow[] } {
  const menuCategories: MenuCategoryRow[] = []
  const menuItems: MenuItemRow[] = []
  const visit = (category: MenuCategorySeed, parentId: string | null) => {
    const id = randomUUID()
    menuCategories.push({ id, name: category.name, description: category.description, parentId })
    for (const item of category.items ?? []) {
      menuItems.push({
        id: randomUUID(),
        categoryId: id,
        name: item.name,
        description: item.description,
        price: item.price,
        ingredients: item.ingredients,
        allergens: item.allergens,
        featured: item.featured === true,
        isAvailable: item.unavailable !== true,
        picture: item.picture ?? null,
      })
    }
    for (const child of category.children ?? []) visit(child, id)
  }
  for (const category of tree) visit(category, null)
  return { menuCategories, menuItems }
}

/** mulberry32, seeded from the text: the same product always gets the same stock. */
export function seededRandom(text: string): () => number {
  let state = 0
  for (const character of text) state = (Math.imul(state, 31) + character.charCodeAt(0)) | 0
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let value = Math.imul(state ^ (state >>> 15), 1 | state)
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}
