import type { MenuCategory } from '@shop/shared/schemas/restaurant.ts'

/** A restaurant menu category for tests: the storefront's menu and the staff category tree read the same rows. */
export const menuCategory = (id: string, name: string, parentId: string | null = null): MenuCategory => ({
  id,
  _id: id,
  name,
  description: null,
  parentId,
  createdAt: '',
  updatedAt: '',
})
