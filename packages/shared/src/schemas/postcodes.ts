// GET /api/postcodes?q= (docs/decisions.md ('Reorder, quick order and postcodes'), 'Postcodes').
import { z } from 'zod'
import { reorder as text } from '../messages/bs/reorder.ts'
import { CANTONS } from './profile.ts'

export const postcodesQuery = z.object({
  q: z
    .string()
    .max(60, text.postcodeQueryTooLong)
    .refine((value) => !value.includes('\u0000'), text.postcodeQueryTooLong)
    .optional(),
})

export const postOfficeView = z.object({
  code: z.string(),
  place: z.string(),
  /** The canton or region as the address forms name it; null where the place does not determine one. */
  region: z.enum(CANTONS).nullable(),
})

export const postcodesView = z.object({ data: z.array(postOfficeView) })
export type PostcodesView = z.infer<typeof postcodesView>
