import { z } from 'zod'

// Fields that several staff-edited records answer alike: a store category, a brand (which adds its logo between
// them), a restaurant category and a menu item.
export const namedEntityFields = {
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
}
export const timestampFields = { createdAt: z.string(), updatedAt: z.string() }
/** docs/decisions.md ('Edits that never overwrite each other'): the version a staff edit of the record sends back. */
export const versionField = { version: z.number().int() }
