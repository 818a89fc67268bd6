import { z } from 'zod'
import menu from './restaurant-menu.json' with { type: 'json' }

// The restaurant menu (restaurant-menu.json): categories (some with subcategories) and their
// dishes and drinks, checked against these schemas when the seed loads it. `picture` names the
// drawing a dish gets; dishes without one have no image.

export const DISH_PICTURES = [
  'platter',
  'soup',
  'grill',
  'steak',
  'fish',
  'pasta',
  'stew',
  'salad',
  'cake',
  'coffee',
  'drink',
  'wine',
] as const
export type DishPicture = (typeof DISH_PICTURES)[number]

const menuItemSeed = z.strictObject({
  name: z.string(),
  description: z.string(),
  price: z.number(),
  ingredients: z.array(z.string()),
  allergens: z.array(z.string()),
  featured: z.literal(true).optional(),
  unavailable: z.literal(true).optional(),
  picture: z.enum(DISH_PICTURES).optional(),
})
export type MenuItemSeed = z.infer<typeof menuItemSeed>

export type MenuCategorySeed = {
  name: string
  description: string
  items?: MenuItemSeed[]
  children?: MenuCategorySeed[]
}

const menuCategorySeed: z.ZodType<MenuCategorySeed> = z.strictObject({
  name: z.string(),
  description: z.string(),
  items: z.array(menuItemSeed).optional(),
  get children() {
    return z.array(menuCategorySeed).optional()
  },
})

export const MENU: MenuCategorySeed[] = z.array(menuCategorySeed).parse(menu)
