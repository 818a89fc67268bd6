import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'

type SlideLink = { link: string | null; categoryId: string | null }

/**
 * What a slide card says about where the slide leads: the category's name when the slide links to
 * the store filtered by a category (§2 Slideshow admin), else the link itself; null without a link.
 * A category that no longer exists falls back to the raw link rather than to a wrong name.
 */
export function slideLinkLabel(
  slide: SlideLink,
  categories: readonly { id: string; name: string }[] | undefined,
): string | null {
  const category = slide.categoryId ? categories?.find((candidate) => candidate.id === slide.categoryId) : undefined
  if (category) return format(admin.slide.linkCategory, { name: category.name })
  return slide.link || null
}
