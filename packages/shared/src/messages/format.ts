// Apart from messages/bs.ts, so that a page that needs only this function (the app frame, the
// storefront pages) does not load every section of the texts with it.

const PLACEHOLDER = /\{(\w+)\}/g

/** A template split once at its placeholders: even indexes are text, odd ones the placeholders' names. */
const splitTemplates = new Map<string, string[]>()

function partsOf(template: string): string[] {
  let parts = splitTemplates.get(template)
  if (!parts) {
    parts = template.split(PLACEHOLDER)
    // The templates are the messages' own (bs.ts), a fixed set; a template made at run time is split each time.
    if (splitTemplates.size < 1000) splitTemplates.set(template, parts)
  }
  return parts
}

/** Fills '{name}' placeholders: format('Nevažeća zaliha za opciju {size}', { size: 'XL' }). */
export function format(template: string, values: Record<string, string | number>): string {
  // Split once per template, not searched on every call: a store page fills a hundred facet options per render.
  const parts = partsOf(template)
  let text = parts[0]!
  for (let index = 1; index < parts.length; index += 2) {
    const key = parts[index]!
    text += (key in values ? String(values[key]) : `{${key}}`) + parts[index + 1]!
  }
  return text
}
