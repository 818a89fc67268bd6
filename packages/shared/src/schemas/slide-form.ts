import { z } from 'zod'
import { messages } from '../messages/bs.ts'
import { boundedText, checkedText, isWebAddress, optionalText, optionalWebAddress, toNumber } from './taxonomy.ts'

const text = messages.admin.slide

/**
 * staff-and-content.md §4 Slide form: choosing a category sets the link to the store filtered by
 * that category (and the custom link field is disabled); without a category the custom link stays.
 */
export function slideLink(categoryId: string | null | undefined, link: string | null | undefined): string | null {
  if (categoryId) return `/store?category=${encodeURIComponent(categoryId)}`
  return link || null
}

/**
 * The slide form and the body of POST /api/slides and PUT /api/slides/{id} (§5 Slide form):
 * title and description trimmed, an empty description and an empty mobile image stored as null,
 * order at least 0. The server applies the category link itself, whatever link was sent.
 */
export const slideForm = z
  .object({
    title: boundedText(300, text.textTooLong)
      .nullable()
      .optional()
      .transform((title) => title ?? ''),
    description: optionalText(2_000, text.textTooLong),
    image_url: checkedText(text.imageRequired, 2_000, text.imageUrlInvalid, isWebAddress),
    mobile_image_url: optionalWebAddress(text.imageUrlInvalid),
    order: z.preprocess(
      toNumber,
      z
        .number({ error: text.orderInvalid })
        .int(text.orderInvalid)
        .min(0, text.orderInvalid)
        .max(1_000_000, text.orderInvalid)
        .optional(),
    ),
    is_active: z.boolean({ error: messages.common.validationFailed }).optional(),
    link: optionalWebAddress(text.linkInvalid),
    categoryId: z.preprocess((value) => value || null, z.guid({ error: text.categoryInvalid }).nullable()).optional(),
  })
  .transform((slide) => ({
    title: slide.title,
    description: slide.description ?? null,
    image_url: slide.image_url,
    mobile_image_url: slide.mobile_image_url ?? null,
    order: slide.order ?? 0,
    is_active: slide.is_active ?? true,
    link: slideLink(slide.categoryId, slide.link),
    categoryId: slide.categoryId ?? null,
  }))

export type SlideFormInput = z.input<typeof slideForm>
export type SlideValues = z.output<typeof slideForm>
